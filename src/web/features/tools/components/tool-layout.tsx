import { PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatToolName, type ToolSlug, toolTagline } from '#shared/tools';
import { PageMeta } from '#web/components/page-meta.tsx';
import { useSidebar } from '#web/features/tools/hooks/use-sidebar.ts';
import type { SidebarUserState } from './sidebar-user-block.tsx';
import { ToolSidebar } from './tool-sidebar.tsx';

interface ToolLayoutProps {
  /** The second path segment, a known tool (docs/product.md §2: the name shown comes from it). */
  segment: ToolSlug;
  /** The sidebar's history list; call `afterPick` when a chat was picked (closes the overlay). */
  renderHistory: (afterPick: () => void) => ReactNode;
  /** Beside the sidebar's History heading. */
  historyActions?: ReactNode;
  user: SidebarUserState;
  onNewChat: () => void;
  children: ReactNode;
}

/** docs/product.md §2 service layout (a tool page): the collapsible sidebar next to the tool or the saved chat. */
export function ToolLayout({
  segment,
  renderHistory,
  historyActions,
  user,
  onNewChat,
  children,
}: ToolLayoutProps) {
  const sidebar = useSidebar();
  const name = formatToolName(segment);
  const tagline = toolTagline(segment);

  return (
    <div className="flex flex-1">
      <ToolSidebar
        open={sidebar.open}
        isDesktop={sidebar.isDesktop}
        toolName={name}
        toolSlug={segment}
        onClose={sidebar.close}
        onNewChat={() => {
          onNewChat();
          sidebar.closeIfOverlay();
        }}
        history={renderHistory(sidebar.closeIfOverlay)}
        historyActions={historyActions}
        user={user}
      />
      <div className="min-w-0 flex-1">
        <PageMeta title={name} description={tagline} />
        {/* An answer with its job match report beside it (components/match-report.tsx) takes a wider column. */}
        <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-16 has-[[data-wide-answer]]:max-w-6xl sm:px-6 lg:pt-8">
          {sidebar.open && sidebar.isDesktop ? null : (
            <button
              type="button"
              onClick={sidebar.toggle}
              aria-label="Open sidebar"
              aria-controls="service-sidebar"
              aria-expanded={sidebar.open}
              className="-ml-2 mb-3 inline-flex h-9 items-center gap-2 rounded-lg px-2 font-medium text-muted-foreground text-sm transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <PanelLeftOpen className="size-5" aria-hidden />
              History
            </button>
          )}
          <header className="mb-6 sm:mb-8">
            <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{name}</h1>
            <p className="mt-2 text-muted-foreground sm:text-lg" data-testid="service-tagline">
              {tagline}
            </p>
          </header>
          {children}
        </div>
      </div>
    </div>
  );
}
