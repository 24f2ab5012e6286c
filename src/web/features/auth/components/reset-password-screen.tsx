import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ResetPasswordInput, resetPasswordSchema } from '#shared/auth-schemas';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { PendingButton } from '#web/components/ui/pending-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { AuthFlowError, readableAuthError } from '#web/features/auth/api/auth-flow-error.ts';
import { RESET_TOKEN_INVALID, useResetPassword } from '#web/features/auth/api/reset-password.ts';
import { authStore } from '#web/features/auth/lib/auth-store.ts';
import { notify } from '#web/lib/notify.ts';
import { AUTH_LINK_CLASS, AuthScreenLayout } from './auth-screen-layout.tsx';

const askAgain = (
  <Link to="/forgot-password" className={AUTH_LINK_CLASS}>
    Ask for a new link
  </Link>
);

/** /reset-password?token=…: the mailed link's page; a new password under the sign-up rules. */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [linkDead, setLinkDead] = useState(token === '');
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    reset.mutate(
      { ...values, token },
      {
        onSuccess: async () => {
          // Every session ended with the reset: this browser's token and session go too.
          await authStore.signOut().catch(() => undefined);
          notify.success('Your password has been changed. Please sign in with the new one.');
          navigate('/signin', { replace: true });
        },
        onError: (error) => {
          console.error('Password reset failed', error);
          if (error instanceof AuthFlowError && error.code === RESET_TOKEN_INVALID) return setLinkDead(true);
          const readable =
            readableAuthError(error) ??
            (error instanceof AuthFlowError && error.status === 400 ? error.message : null);
          form.setError('root', { message: readable ?? 'Could not set the new password. Please try again.' });
        },
      },
    );
  });

  if (linkDead) {
    return (
      <AuthScreenLayout
        title="This link no longer works"
        lead="Reset links work once, for 1 hour."
        footer={askAgain}
      >
        <FormAlert message="This password reset link has expired or was already used. Ask for a new link and use it within the hour." />
      </AuthScreenLayout>
    );
  }

  return (
    <AuthScreenLayout
      title="Choose a new password"
      lead="Setting it signs you out on every device."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/signin" className={AUTH_LINK_CLASS}>
            Sign In
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset your password">
        <TextField
          id="reset-new-password"
          label="New password"
          error={errors.newPassword?.message}
          hint="At least 6 characters, with an uppercase letter, a number and a special character."
          type="password"
          autoComplete="new-password"
          placeholder="Your new password"
          registration={form.register('newPassword')}
        />
        <FormAlert message={errors.root?.message} />
        <PendingButton type="submit" size="field" className="mt-1 w-full" pending={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </PendingButton>
      </form>
    </AuthScreenLayout>
  );
}
