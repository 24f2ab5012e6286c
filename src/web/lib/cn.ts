import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (strings, conditionals, arrays) with clsx. It does not resolve Tailwind conflicts:
 * two utilities for the same property on one element (`h-10` and `h-8`, `px-4` and `px-2`) apply in
 * the stylesheet's order, not in the order given. So components own their look through variants and
 * sizes, conditional classes replace each other (`active ? 'bg-accent' : 'bg-muted'`), and callers pass
 * only classes the component does not set (margins, width, flex and grid placement, position).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
