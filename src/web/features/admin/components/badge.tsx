import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

const TONES = {
  success:
    'bg-emerald-500/10 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300 dark:ring-emerald-400/30',
  danger: 'bg-red-500/10 text-red-800 ring-red-600/25 dark:text-red-300 dark:ring-red-400/30',
  primary: 'bg-accent text-primary ring-primary/25',
} as const;

/** A short status word in a pill. */
export function Badge({
  tone,
  children,
  title,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
