import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** The browser's own select, in the inputs' look, with a chevron; `className` sizes its wrapper. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        {...props}
        className={cn(
          'h-9 w-full appearance-none rounded-lg border border-border bg-background pr-8 pl-3 text-foreground text-sm shadow-xs transition-colors',
          'focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30',
          'disabled:cursor-wait disabled:opacity-60',
        )}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}
