import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const SHAPES = {
  line: 'rounded-md',
  card: 'rounded-xl',
  circle: 'rounded-full',
} as const;

interface SkeletonProps extends ComponentProps<'div'> {
  /** Corner rounding; `className` sets only size and spacing. */
  shape?: keyof typeof SHAPES;
}

export function Skeleton({ shape = 'line', className, ...props }: SkeletonProps) {
  return <div className={cn('animate-pulse bg-muted', SHAPES[shape], className)} {...props} />;
}
