import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

interface TableScrollerProps {
  /** Names the region ('Team members'). */
  label: string;
  className?: string;
  children: ReactNode;
}

/** A table's frame that scrolls sideways on a narrow screen. */
export function TableScroller({ label, className, children }: TableScrollerProps) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the table may scroll sideways; a keyboard must reach it to scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-xl border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {children}
    </section>
  );
}
