import { Link2, Loader2, MailPlus, Send, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { invitationLink } from '#shared/teams';
import { EmailAddress } from '#web/components/email-address.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useCancelInvitation } from '#web/features/teams/api/cancel-invitation.ts';
import { type InviteInput, useInviteMember } from '#web/features/teams/api/invite-member.ts';
import { INVITE_ROLES, roleLabel, type TeamInvitation } from '#web/features/teams/lib/team-types.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';
import { mailConfigured, useServerConfig } from '#web/lib/server-config.ts';
import { RoleSelect } from './role-select.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What is wrong with an address to invite, or null. */
export function inviteEmailError(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Please enter an e-mail address.';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? null : 'Please enter a valid e-mail address.';
}

interface InvitationsSectionProps {
  teamId: string;
  invitations: TeamInvitation[];
}

/**
 * Owners and admins invite people by e-mail (as member or admin), copy an invitation's link to pass it
 * on themselves, and cancel invitations not yet answered. On a server without mail (no SMTP_URL) no
 * e-mail leaves: the section says so, and the link is the way to pass an invitation on.
 */
export function InvitationsSection({ teamId, invitations }: InvitationsSectionProps) {
  const mail = mailConfigured(useServerConfig().data);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteInput['role']>('member');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const invite = useInviteMember(teamId);
  const cancel = useCancelInvitation(teamId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = inviteEmailError(email);
    setEmailError(problem ?? undefined);
    setFormError(undefined);
    if (problem) return;
    try {
      await invite.mutateAsync({ email, role });
      notify.success(
        mail
          ? `Invitation sent to ${email.trim()}.`
          : `Invitation for ${email.trim()} created. No e-mail was sent (this server has no e-mail set up): copy its link below and pass it on.`,
      );
      setEmail('');
      setRole('member');
    } catch (error) {
      setFormError(readableError(error, 'Could not send the invitation. Please try again.'));
    }
  }

  return (
    <SectionCard
      id="invitations"
      title="Invite people"
      icon={MailPlus}
      description={
        mail
          ? 'They get an e-mail with a link to join; an invitation is valid for 7 days.'
          : 'This server has no e-mail set up, so no invitation is mailed: copy its link and pass it on. An invitation is valid for 7 days.'
      }
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <FormField id="invite-email" label="E-mail address" error={emailError}>
            <Input
              id="invite-email"
              type="email"
              autoComplete="off"
              placeholder="colleague@example.com"
              value={email}
              disabled={invite.isPending}
              onChange={(event) => setEmail(event.target.value)}
              {...fieldAria('invite-email', emailError)}
            />
          </FormField>
          <FormField id="invite-role" label="Role">
            <RoleSelect
              id="invite-role"
              value={role}
              roles={INVITE_ROLES}
              disabled={invite.isPending}
              onChange={(next) => setRole(next === 'admin' ? 'admin' : 'member')}
              className="[&_select]:h-11"
            />
          </FormField>
        </div>
        <FormAlert message={formError} />
        <div>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : mail ? (
              <Send className="size-4" aria-hidden />
            ) : (
              <Link2 className="size-4" aria-hidden />
            )}
            {mail ? 'Send invitation' : 'Create invitation'}
          </Button>
        </div>
      </form>
      <h3 className="mt-6 font-medium text-sm">Pending invitations</h3>
      {invitations.length === 0 ? (
        <p className="mt-2 text-muted-foreground text-sm">No invitations are waiting for an answer.</p>
      ) : (
        <ul
          aria-label="Pending invitations"
          className="mt-2 divide-y divide-border rounded-xl border border-border"
        >
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium text-sm">
                  <EmailAddress address={invitation.email} />
                </p>
                <p className="text-muted-foreground text-xs">
                  {roleLabel(invitation.role)} · Expires {dateFormat.format(invitation.expiresAt)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <CopyButton
                  text={() => invitationLink(window.location.origin, invitation.id, invitation.email)}
                  caption="Copy invitation link"
                  label={`Copy the invitation link for ${invitation.email}`}
                />
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Cancel the invitation to ${invitation.email}`}
                  disabled={cancel.isPending && cancel.variables === invitation.id}
                  onClick={() =>
                    cancel.mutate(invitation.id, {
                      onSuccess: () => notify.success(`The invitation to ${invitation.email} was cancelled.`),
                      onError: (error) =>
                        notify.error('Could not cancel the invitation', {
                          description: readableError(error, 'Please try again.'),
                        }),
                    })
                  }
                >
                  {cancel.isPending && cancel.variables === invitation.id ? (
                    <Loader2 className="size-3.5 animate-spin" aria-hidden />
                  ) : (
                    <X className="size-3.5" aria-hidden />
                  )}
                  Cancel
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
