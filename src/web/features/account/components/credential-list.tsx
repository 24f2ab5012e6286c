import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { readableError } from '#web/lib/auth-call.ts';

interface CredentialListProps<T extends { id: string }> {
  query: UseQueryResult<T[]>;
  /** The list's accessible name ('API keys'). */
  label: string;
  loadError: string;
  empty: string;
  children: (item: T) => ReactNode;
}

/** The user's API keys or passkeys: a placeholder while they load, the error, an empty note or one row each. */
export function CredentialList<T extends { id: string }>({
  query,
  label,
  loadError,
  empty,
  children,
}: CredentialListProps<T>) {
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {readableError(query.error, loadError)}
      </p>
    );
  }
  if (query.data.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <ul className="divide-y divide-border rounded-xl border border-border" aria-label={label}>
      {query.data.map((item) => (
        <Fragment key={item.id}>{children(item)}</Fragment>
      ))}
    </ul>
  );
}

/** One row of a CredentialList: its icon, then what the caller puts in it. */
export function CredentialRow({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      {children}
    </li>
  );
}

interface ConfirmedRemoveProps {
  /** The button's text ('Revoke') and accessible name ('Revoke Editor plug-in'). */
  label: string;
  ariaLabel: string;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  /** Runs the removal; calls `done` once the server answered, which closes the dialog. */
  onConfirm: (done: () => void) => void;
}

/** A row's removal: a quiet button, then a confirmation before anything is removed. */
export function ConfirmedRemove({
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
}: ConfirmedRemoveProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={ariaLabel}
        disabled={pending}
        onClick={() => setConfirming(true)}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        pending={pending}
        onConfirm={() => onConfirm(() => setConfirming(false))}
      />
    </>
  );
}
