import { PanelLeftClose, SquarePen } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ToolSlug } from '#shared/tools';
import { Logo } from '#web/components/layout/logo.tsx';
import { ToolIcon } from '#web/components/tool-icon.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { SidebarUserBlock, type SidebarUserState } from './sidebar-user-block.tsx';

interface ToolSidebarProps {
  open: boolean;
  /** Wide windows: the sidebar is a column; otherwise an overlay over the page. */
  isDesktop: boolean;
  toolName: string;
  toolSlug: ToolSlug;
  onClose: () => void;
  onNewChat: () => void;
  history: ReactNode;
  /** Beside the History heading (the download of chats). */
  historyActions?: ReactNode;
  user: SidebarUserState;
}

export function ToolSidebar(props: ToolSidebarProps) {
  const { open, isDesktop, toolName, toolSlug, onClose, onNewChat, history, historyActions, user } = props;
  const closeRef = useRef<HTMLButtonElement>(null);
  const overlay = open && !isDesktop;

  useEffect(() => {
    if (!overlay) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, onClose]);

  return (
    <>
      {overlay ? (
        <button
          type="button"
          aria-label="Close sidebar"
          tabIndex={-1}
          onClick={onClose}
          className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] animate-fade-in lg:hidden"
        />
      ) : null}
      <aside
        id="service-sidebar"
        aria-label="Service sidebar"
        inert={!open}
        className={cn(
          'fixed inset-y-0 left-0 z-50 w-72 shrink-0 overflow-hidden border-border bg-card transition-[translate,width] duration-200 ease-out',
          'lg:sticky lg:top-16 lg:z-30 lg:h-[calc(100dvh-4rem)] lg:translate-x-0 lg:bg-muted/30',
          open
            ? 'translate-x-0 border-r shadow-2xl lg:w-72 lg:shadow-none'
            : '-translate-x-full lg:w-0 lg:border-r-0',
        )}
      >
        <div className="flex h-full w-72 flex-col">
          <div className="flex h-16 items-center justify-between gap-2 px-4 lg:h-14">
            <Logo />
            <button
              ref={closeRef}
              type="button"
              onClick={onClose}
              aria-label="Close sidebar"
              aria-controls="service-sidebar"
              className="grid size-9 place-items-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <PanelLeftClose className="size-5" aria-hidden />
            </button>
          </div>
          <div className="px-4 pb-3">
            <div className="flex items-center gap-3 rounded-xl border border-border bg-card px-3 py-2.5 shadow-xs">
              <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                <ToolIcon slug={toolSlug} className="size-4" />
              </span>
              <p className="truncate font-semibold text-sm" data-testid="sidebar-service-name">
                {toolName}
              </p>
            </div>
            <Button onClick={onNewChat} className="mt-3 w-full" variant="outline" justify="start">
              <SquarePen className="size-4" aria-hidden />
              New Chat
            </Button>
          </div>
          <nav aria-label="History" className="flex min-h-0 flex-1 flex-col">
            <div className="flex items-center justify-between gap-2 pt-2 pr-3 pb-2 pl-5">
              <h2 className="font-medium text-muted-foreground text-xs uppercase tracking-wider">History</h2>
              {historyActions}
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">{history}</div>
          </nav>
          <div className="border-border border-t p-4">
            <SidebarUserBlock {...user} />
          </div>
        </div>
      </aside>
    </>
  );
}
