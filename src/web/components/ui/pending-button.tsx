import { Loader2, type LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './button.tsx';

interface PendingButtonProps extends ButtonProps {
  /** The action is on its way: the button waits and shows a spinner in place of its icon. */
  pending: boolean;
  icon?: LucideIcon;
}

/** A button for an action that waits for the server (a form's submit, a row's action). */
export function PendingButton({ pending, icon: Icon, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? (
        <Loader2 className="size-4 animate-spin" aria-hidden />
      ) : Icon ? (
        <Icon className="size-4" aria-hidden />
      ) : null}
      {children}
    </Button>
  );
}
