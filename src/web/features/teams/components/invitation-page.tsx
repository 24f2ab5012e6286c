import { Check, Loader2, MailOpen, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmailAddress } from '#web/components/email-address.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAcceptInvitation } from '#web/features/teams/api/accept-invitation.ts';
import { type InvitationDetails, useInvitation } from '#web/features/teams/api/get-invitation.ts';
import { useRejectInvitation } from '#web/features/teams/api/reject-invitation.ts';
import { useSwitchWorkspace } from '#web/features/teams/hooks/use-switch-workspace.ts';
import { roleLabel } from '#web/features/teams/lib/team-types.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';
import { LoadingPlaceholder } from './loading-placeholder.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface InvitationPageProps {
  invitationId: string;
  status: 'loading' | 'signed-in' | 'signed-out';
  /** After joining: a new access token (for the team's workspace) and the profile read again. */
  onWorkspaceChanged: () => Promise<void>;
}

/**
 * /accept-invitation/:id, the invitation e-mail's link. Signed out: what it is, the address it was sent
 * to (the link's `email`), and Sign in or Sign up (the form filled in with that address), which come back
 * here; nothing is asked of the server, which shows an invitation only to its invitee. Signed in: the
 * team, who invited (name and address) and the role, then Accept (work in the team, on /team) or
 * Decline; an invitation that cannot be used says why.
 */
export function InvitationPage({ invitationId, status, onWorkspaceChanged }: InvitationPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-12 sm:px-6">
      <PageMeta title="Team invitation" description="Join a team on Draftsmith." />
      <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <span className="grid size-12 place-items-center rounded-2xl bg-accent text-primary">
          <MailOpen className="size-6" aria-hidden />
        </span>
        {status === 'loading' ? (
          <InvitationSkeleton />
        ) : status === 'signed-out' ? (
          <SignedOut />
        ) : (
          <SignedIn invitationId={invitationId} onWorkspaceChanged={onWorkspaceChanged} />
        )}
      </div>
    </div>
  );
}

function InvitationSkeleton() {
  return (
    <LoadingPlaceholder label="Loading the invitation…" className="mt-5">
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-2/3" />
    </LoadingPlaceholder>
  );
}

/** The address the link says the invitation was sent to, if it looks like one. */
function invitedAddress(params: URLSearchParams): string | null {
  const email = params.get('email')?.trim() ?? '';
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

function SignedOut() {
  const location = useLocation();
  const [params] = useSearchParams();
  const email = invitedAddress(params);
  return (
    <>
      <h1 className="mt-5 font-bold text-2xl tracking-tight">You have been invited to a team</h1>
      {email ? (
        <p className="mt-2 text-muted-foreground">
          The invitation was sent to{' '}
          <strong className="font-medium text-foreground">
            <EmailAddress address={email} />
          </strong>
          . Sign in with that address, or create an account with it, to see the invitation and join the team.
        </p>
      ) : (
        <p className="mt-2 text-muted-foreground">
          Please sign in with the e-mail address the invitation was sent to, or create an account with it, to
          see the invitation and join the team.
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to="/signin" state={{ from: location }}>
            Sign in
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link
            to={email ? `/signup?${new URLSearchParams({ email })}` : '/signup'}
            state={{ from: location }}
          >
            Sign up
          </Link>
        </Button>
      </div>
    </>
  );
}

function SignedIn({ invitationId, onWorkspaceChanged }: Omit<InvitationPageProps, 'status'>) {
  const invitation = useInvitation(invitationId, true);
  const [declined, setDeclined] = useState(false);
  if (invitation.isPending) return <InvitationSkeleton />;
  if (invitation.isError) {
    return <Unusable title="This invitation cannot be used" message={invitation.error.message} />;
  }
  const details = invitation.data;
  if (declined) {
    return (
      <Unusable
        title="Invitation declined"
        message={`You declined the invitation to ${details.teamName}. Nothing has changed in your account.`}
        polite
      />
    );
  }
  if (details.status !== 'pending') {
    return (
      <Unusable
        title="This invitation cannot be used"
        message="It has already been answered or was cancelled."
      />
    );
  }
  if (details.expiresAt.getTime() < Date.now()) {
    return (
      <Unusable
        title="This invitation has expired"
        message="Please ask the person who invited you for a new one."
      />
    );
  }
  return (
    <Answer details={details} onWorkspaceChanged={onWorkspaceChanged} onDeclined={() => setDeclined(true)} />
  );
}

interface AnswerProps {
  details: InvitationDetails;
  onWorkspaceChanged: () => Promise<void>;
  onDeclined: () => void;
}

function Answer({ details, onWorkspaceChanged, onDeclined }: AnswerProps) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const switcher = useSwitchWorkspace(onWorkspaceChanged);
  const [error, setError] = useState<string | undefined>();
  const busy = accept.isPending || reject.isPending || switcher.isPending;

  async function join() {
    setError(undefined);
    try {
      await accept.mutateAsync(details.id);
      await switcher.mutateAsync(details.teamId);
      notify.success(`Welcome to ${details.teamName}.`);
      navigate('/team', { replace: true });
    } catch (failure) {
      setError(readableError(failure, 'Could not accept the invitation. Please try again.'));
    }
  }

  async function decline() {
    setError(undefined);
    try {
      await reject.mutateAsync(details.id);
      onDeclined();
    } catch (failure) {
      setError(readableError(failure, 'Could not decline the invitation. Please try again.'));
    }
  }

  return (
    <>
      <h1 className="mt-5 font-bold text-2xl tracking-tight">Join {details.teamName}</h1>
      <p className="mt-2 text-muted-foreground">
        {details.inviterName || details.inviterEmail} invited you to work with the team on Draftsmith.
      </p>
      <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Team</dt>
        <dd className="break-words font-medium">{details.teamName}</dd>
        <dt className="text-muted-foreground">Invited by</dt>
        <dd>
          {details.inviterName ? (
            <span className="block break-words font-medium">{details.inviterName}</span>
          ) : null}
          <EmailAddress
            address={details.inviterEmail}
            className={details.inviterName ? 'block text-muted-foreground' : 'block font-medium'}
          />
        </dd>
        <dt className="text-muted-foreground">Your role</dt>
        <dd className="font-medium">{roleLabel(details.role)}</dd>
        <dt className="text-muted-foreground">Valid until</dt>
        <dd className="font-medium">{dateFormat.format(details.expiresAt)}</dd>
      </dl>
      <div className="mt-5">
        <FormAlert message={error} />
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void join()} disabled={busy}>
          {accept.isPending || switcher.isPending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Check className="size-4" aria-hidden />
          )}
          Accept
        </Button>
        <Button variant="outline" onClick={() => void decline()} disabled={busy}>
          {reject.isPending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <X className="size-4" aria-hidden />
          )}
          Decline
        </Button>
      </div>
    </>
  );
}

function Unusable({ title, message, polite = false }: { title: string; message: string; polite?: boolean }) {
  return (
    <>
      <h1 className="mt-5 font-bold text-2xl tracking-tight">{title}</h1>
      <p role={polite ? 'status' : 'alert'} className="mt-2 text-muted-foreground">
        {message}
      </p>
      <div className="mt-6">
        <Button asChild variant="outline">
          <Link to="/services">Go to the services</Link>
        </Button>
      </div>
    </>
  );
}
