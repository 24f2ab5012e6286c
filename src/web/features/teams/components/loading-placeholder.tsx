import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/** Skeletons while something loads, with `label` said once to screen readers ('Loading the team…'). */
export function LoadingPlaceholder({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-3', className)} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}
