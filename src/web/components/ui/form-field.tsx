import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

interface FormFieldProps {
  id: string;
  label: string;
  /** Shown under the input and announced; the input should set aria-describedby to `${id}-error`. */
  error?: string;
  hint?: string;
  /** Extra control at the label's right (e.g. "Generate password"). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FormField({ id, label, error, hint, action, className, children }: FormFieldProps) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex min-h-5 items-center justify-between gap-2">
        <label htmlFor={id} className="font-medium text-foreground text-sm">
          {label}
        </label>
        {action}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria props for an input described by its FormField error or hint. */
export function fieldAria(id: string, error: string | undefined, hint?: boolean) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
}
