import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';

interface TableScrollerProps {
  /** Names the region ('Team members'). */
  label: string;
  /** Placement and surface only (margins, `bg-card`, a shadow): the frame's border and corners are its own. */
  className?: string;
  children: ReactNode;
}

/** Which sides of a sideways scroller have more to show. */
export function hiddenSides(box: { scrollLeft: number; scrollWidth: number; clientWidth: number }) {
  const rest = box.scrollWidth - box.clientWidth - box.scrollLeft;
  return { start: box.scrollLeft > 1, end: rest > 1 };
}

const shade =
  'pointer-events-none absolute inset-y-0 z-[2] w-8 from-black/15 to-transparent transition-opacity dark:from-black/60';

/**
 * A table's frame that scrolls sideways when the table is wider than the screen, with a shadow on each
 * side that has more columns to show, so a reader knows to scroll. The one way the app shows a wide table
 * (the team's members and usage, the administrator's users).
 */
export function TableScroller({ label, className, children }: TableScrollerProps) {
  const scroller = useRef<HTMLElement>(null);
  const [sides, setSides] = useState({ start: false, end: false });

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const update = () =>
      setSides((now) => {
        const next = hiddenSides(box);
        return next.start === now.start && next.end === now.end ? now : next;
      });
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(box);
    if (box.firstElementChild) resized.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, []);

  return (
    <div
      className={cn('relative min-w-0 overflow-hidden rounded-xl border border-border', className)}
      data-hidden-start={sides.start || undefined}
      data-hidden-end={sides.end || undefined}
    >
      <section
        ref={scroller}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table may scroll sideways; a keyboard must reach it to scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
        className="overflow-x-auto rounded-[inherit] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        {children}
      </section>
      <div
        aria-hidden
        className={cn(
          shade,
          'left-0 rounded-l-[inherit] bg-gradient-to-r',
          sides.start ? 'opacity-100' : 'opacity-0',
        )}
      />
      <div
        aria-hidden
        className={cn(
          shade,
          'right-0 rounded-r-[inherit] bg-gradient-to-l',
          sides.end ? 'opacity-100' : 'opacity-0',
        )}
      />
    </div>
  );
}
