import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const VARIANTS = {
  primary: 'bg-primary text-primary-foreground hover:opacity-90',
  outline: 'border border-border bg-transparent hover:bg-muted',
  ghost: 'bg-transparent hover:bg-muted',
  // A fixed red, not the theme's destructive text colour (light in dark mode), so white text keeps AA contrast.
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const SIZES = {
  sm: 'h-8 px-3 text-sm',
  /** The header's Sign In: as tall as the avatar (size-9) that replaces it once signed in. */
  compact: 'h-9 px-4 text-sm',
  md: 'h-10 px-4 text-sm',
  /** As tall as an Input (h-11): the main action of a form. */
  field: 'h-11 px-6 text-base',
  /** As tall as an Input, with small text for long labels ("Continue with Google"). */
  'field-sm': 'h-11 px-6 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

const JUSTIFY = {
  center: 'justify-center',
  /** Icon and label at the start, e.g. a full-width "New Chat" row. */
  start: 'justify-start',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  /** Where the content sits when the button is wider than it (e.g. `w-full`). */
  justify?: keyof typeof JUSTIFY;
  /** Render the child element (e.g. a Link) with button styling. */
  asChild?: boolean;
}

/**
 * Height, padding, font size, colours and content alignment come from `variant`, `size` and `justify`;
 * `className` adds only what those never set (margin, width, shadow, flex or grid placement), since
 * classes are joined without conflict resolution (lib/cn.ts).
 */
export function Button({
  variant = 'primary',
  size = 'md',
  justify = 'center',
  asChild,
  className,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(
        'inline-flex items-center gap-2 rounded-lg font-medium transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:pointer-events-none disabled:opacity-50',
        VARIANTS[variant],
        SIZES[size],
        JUSTIFY[justify],
        className,
      )}
      {...props}
    />
  );
}
