import type { ReactNode, Ref } from 'react';
import { cn } from '#web/lib/cn.ts';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  align?: 'center' | 'left';
  /** Lets a caller move focus to the heading (tabIndex -1) after scrolling to it. */
  ref?: Ref<HTMLHeadingElement>;
}

export function SectionHeading({ id, eyebrow, title, lead, align = 'center', ref }: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className="font-semibold text-primary text-sm uppercase tracking-wider">{eyebrow}</p>
      <h2
        id={id}
        ref={ref}
        tabIndex={-1}
        className="mt-2 scroll-mt-24 text-balance font-bold text-3xl tracking-tight focus:outline-none sm:text-4xl"
      >
        {title}
      </h2>
      {lead ? <p className="mt-4 text-pretty text-lg text-muted-foreground">{lead}</p> : null}
    </div>
  );
}
