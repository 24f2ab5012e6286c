import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type ForgotPasswordInput, forgotPasswordSchema } from '#shared/auth-schemas';
import { EmailAddress } from '#web/components/email-address.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { PendingButton } from '#web/components/ui/pending-button.tsx';
import { readableAuthError } from '#web/features/auth/api/auth-flow-error.ts';
import { useRequestPasswordReset } from '#web/features/auth/api/request-password-reset.ts';
import { AUTH_LINK_CLASS, AuthScreenLayout } from './auth-screen-layout.tsx';
import { EmailField } from './email-field.tsx';

/** /forgot-password: asks for the address; afterwards says a link is on its way if an account exists. */
export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => {
        console.error('Password reset request failed', error);
        form.setError('root', {
          message: readableAuthError(error) ?? 'Could not send the link. Please try again.',
        });
      },
    });
  });

  const backToSignIn = (
    <>
      Remembered it?{' '}
      <Link to="/signin" className={AUTH_LINK_CLASS}>
        Sign In
      </Link>
    </>
  );

  if (sentTo !== null) {
    return (
      <AuthScreenLayout
        title="Check your inbox"
        lead="One more step to a new password."
        footer={backToSignIn}
      >
        <div role="status" className="flex gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div className="grid gap-2">
            <p>
              If an account exists for{' '}
              <strong>
                <EmailAddress address={sentTo} />
              </strong>
              , we have sent it a link to reset the password.
            </p>
            <p className="text-muted-foreground">
              The link works once, for 1 hour. Nothing there after a few minutes? Check your spam folder, or{' '}
              <button type="button" className={AUTH_LINK_CLASS} onClick={() => setSentTo(null)}>
                try again
              </button>
              .
            </p>
          </div>
        </div>
      </AuthScreenLayout>
    );
  }

  return (
    <AuthScreenLayout
      title="Forgot your password?"
      lead="Enter the e-mail address of your account and we will send you a link to choose a new one."
      footer={backToSignIn}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Send a password reset link">
        <EmailField id="forgot-email" error={errors.email?.message} registration={form.register('email')} />
        <FormAlert message={errors.root?.message} />
        <PendingButton type="submit" size="field" className="mt-1 w-full" pending={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </PendingButton>
      </form>
    </AuthScreenLayout>
  );
}
