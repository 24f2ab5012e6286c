import { Laptop, Loader2, LogOut, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { describeUserAgent, deviceLabel } from '#shared/user-agent';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { type AccountSession, useSessions } from '#web/features/account/api/list-sessions.ts';
import { useRevokeOtherSessions, useRevokeSession } from '#web/features/account/api/revoke-session.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';

const KIND_ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet } as const;

const lastActive = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the user is signed in (device, IP address, last active), and signing the others out. */
export function SessionsSection() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  function signOutOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: () => notify.success('Signed out of all other sessions'),
      onError: (error) => notify.error(readableError(error, 'Could not sign the other sessions out.')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <SectionCard
      id="sessions"
      title="Sessions"
      icon={MonitorSmartphone}
      description="The browsers and devices signed in to your account."
      action={
        others > 0 ? (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <LogOut className="size-4" aria-hidden />
            Sign out all other sessions
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : sessions.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {readableError(sessions.error, 'Could not load your sessions.')}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Sessions">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out all other sessions?"
        description={`Every other browser and device (${others}) will have to sign in again. This one stays signed in.`}
        confirmLabel="Sign out others"
        pending={revokeOthers.isPending}
        onConfirm={signOutOthers}
      />
    </SectionCard>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);
  const Icon = KIND_ICONS[device.kind];
  const label = deviceLabel(device);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
          {label}
          {session.current ? (
            <span className="rounded-full bg-accent px-2 py-0.5 font-medium text-primary text-xs">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-muted-foreground text-xs">
          {session.ipAddress ? `${session.ipAddress} · ` : ''}Last active{' '}
          {lastActive.format(session.updatedAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Sign out ${label}${session.ipAddress ? ` at ${session.ipAddress}` : ''}`}
          onClick={() =>
            revoke.mutate(session.token, {
              onSuccess: () => notify.success(`Signed out ${label}`),
              onError: (error) => notify.error(readableError(error, 'Could not sign that session out.')),
            })
          }
        >
          {revoke.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Sign out
        </Button>
      )}
    </li>
  );
}
