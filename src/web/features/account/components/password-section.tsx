import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MAX } from '#shared/auth-schemas';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useChangePassword } from '#web/features/account/api/change-password.ts';
import { useSignInMethods } from '#web/features/account/api/sign-in-methods.ts';
import { AuthCallError, readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';

const passwordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword: newPasswordSchema,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
type PasswordForm = z.infer<typeof passwordForm>;

interface PasswordSectionProps {
  /** After the change this browser's session is a new one: trade it for a new access token. */
  onSessionReplaced: () => Promise<void> | void;
}

/**
 * docs/product.md §5: the current password first (re-authentication), then the new one under the
 * sign-up rules; every other session is signed out. An account without a password says so instead.
 */
export function PasswordSection({ onSessionReplaced }: PasswordSectionProps) {
  const methods = useSignInMethods();
  const hasPassword = methods.data?.some((m) => m.providerId === 'credential');
  return (
    <SectionCard
      id="password"
      title="Password"
      icon={KeyRound}
      description="Changing it signs you out on every other device."
    >
      {methods.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : hasPassword === false ? (
        <p className="rounded-lg bg-muted px-4 py-3 text-muted-foreground text-sm">
          You sign in with a linked account (see Sign-in methods), so this account has no password to change.
        </p>
      ) : (
        <PasswordForm onSessionReplaced={onSessionReplaced} />
      )}
    </SectionCard>
  );
}

function PasswordForm({ onSessionReplaced }: PasswordSectionProps) {
  const change = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: async () => {
        form.reset();
        await onSessionReplaced();
        notify.success('Password changed. Your other sessions have been signed out.');
      },
      onError: (error) => {
        // docs/product.md §8: a failed password update is logged, and the user told.
        console.error('Password update failed', error);
        if (error instanceof AuthCallError && error.code === 'bad_request:invalid_password') {
          form.setError(
            'currentPassword',
            { message: 'The current password is wrong' },
            { shouldFocus: true },
          );
          return;
        }
        notify.error(readableError(error, 'Could not change your password. Please try again.'));
      },
    });
  });

  const busy = change.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-md" aria-label="Change password">
      <TextField
        id="account-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        disabled={busy}
        registration={form.register('currentPassword')}
      />
      <TextField
        id="account-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters, with an uppercase letter, a number and a special character."
        error={errors.newPassword?.message}
        disabled={busy}
        registration={form.register('newPassword')}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Change password
        </Button>
      </div>
    </form>
  );
}
