import { Loader2, MailWarning } from 'lucide-react';
import type { User } from '#shared/user';
import { EmailAddress } from '#web/components/email-address.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { readableAuthError } from '#web/features/auth/api/auth-flow-error.ts';
import { useSendVerificationEmail } from '#web/features/auth/api/send-verification-email.ts';
import { mailConfigured, useServerConfig } from '#web/lib/server-config.ts';

/**
 * Above the tools for an account whose address is not verified: a gentle reminder, or, when the
 * server requires verification (REQUIRE_EMAIL_VERIFICATION), word that the tools wait for it. 'Resend'
 * mails a new link. On a server without mail (no SMTP_URL) nothing was sent: the banner says so, and
 * where the administrator finds the link (the server's log and DATA_DIR/outbox).
 */
export function EmailVerificationBanner({ user }: { user: User }) {
  const config = useServerConfig().data;
  const required = config?.emailVerification?.required === true;
  const mail = mailConfigured(config);
  const resend = useSendVerificationEmail();
  if (user.emailVerified !== false) return null;

  const sent = resend.isSuccess;
  const address = (
    <strong>
      <EmailAddress address={user.email} />
    </strong>
  );
  const failure = resend.isError
    ? (readableAuthError(resend.error) ?? 'Could not send the link. Please try again.')
    : null;
  return (
    <section
      aria-label="E-mail verification"
      className={
        required
          ? 'mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-500/50 bg-amber-500/10 px-4 py-3 text-sm'
          : 'mb-4 flex flex-wrap items-center gap-3 rounded-xl border bg-muted/40 px-4 py-3 text-sm'
      }
    >
      <MailWarning className="size-5 shrink-0 text-primary" aria-hidden />
      <p className="min-w-0 flex-1">
        {required ? 'Verify your e-mail address to use the tools. ' : 'Please verify your e-mail address. '}
        {mail ? (
          <>We sent a link to {address}.</>
        ) : (
          <>
            This server has no e-mail set up, so no link was sent to {address}. Ask the administrator for it:
            they find it in the server&apos;s log and in its outbox folder (DATA_DIR/outbox).
          </>
        )}
        {sent ? (
          <span role="status">
            {mail ? ' A new link is on its way.' : ' A new link is in the server’s log and outbox.'}
          </span>
        ) : null}
        {failure ? (
          <span role="alert" className="block text-destructive">
            {failure}
          </span>
        ) : null}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={resend.isPending}
        onClick={() => resend.mutate(user.email)}
      >
        {resend.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {resend.isPending ? 'Sending...' : mail ? 'Resend' : 'New link'}
      </Button>
    </section>
  );
}
