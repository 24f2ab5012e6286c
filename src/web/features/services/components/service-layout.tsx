import { PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatServiceName, type ServiceSlug, serviceTagline } from '#shared/services';
import { PageMeta } from '#web/components/page-meta.tsx';
import { useSidebar } from '#web/features/services/hooks/use-sidebar.ts';
import { ServiceSidebar } from './service-sidebar.tsx';
import type { SidebarUserState } from './sidebar-user-block.tsx';

interface ServiceLayoutProps {
  /** The second path segment, a known service (docs/product.md §2: the service name comes from it). */
  segment: ServiceSlug;
  /** The sidebar's history list; call `afterPick` when a chat was picked (closes the overlay). */
  renderHistory: (afterPick: () => void) => ReactNode;
  user: SidebarUserState;
  onNewChat: () => void;
  children: ReactNode;
}

/** docs/product.md §2 service layout: the collapsible sidebar next to the tool or the saved chat. */
export function ServiceLayout({ segment, renderHistory, user, onNewChat, children }: ServiceLayoutProps) {
  const sidebar = useSidebar();
  const name = formatServiceName(segment);
  const tagline = serviceTagline(segment);

  return (
    <div className="flex flex-1">
      <ServiceSidebar
        open={sidebar.open}
        isDesktop={sidebar.isDesktop}
        serviceName={name}
        serviceSlug={segment}
        onClose={sidebar.close}
        onNewChat={() => {
          onNewChat();
          sidebar.closeIfOverlay();
        }}
        history={renderHistory(sidebar.closeIfOverlay)}
        user={user}
      />
      <div className="min-w-0 flex-1">
        <PageMeta title={name} description={tagline} />
        <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-16 sm:px-6 lg:pt-8">
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
