import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type SignInInput, signInSchema } from '#shared/auth-schemas';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { PendingButton } from '#web/components/ui/pending-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { disabledAccountMessage } from '#web/features/auth/api/auth-flow-error.ts';
import { useSignInWithEmail } from '#web/features/auth/api/sign-in-with-email.ts';
import { notifyReadableAuthError } from '#web/features/auth/lib/notify-auth-error.ts';
import { EmailField } from './email-field.tsx';

interface SignInFormProps {
  returnTo: string;
  onBusyChange?: (busy: boolean) => void;
}

export function SignInForm({ returnTo, onBusyChange }: SignInFormProps) {
  const navigate = useNavigate();
  const signIn = useSignInWithEmail();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    onBusyChange?.(true);
    signIn.mutate(values, {
      onSuccess: () => navigate(returnTo, { replace: true }),
      onError: (error) => {
        console.error('Sign-in failed', error);
        const disabled = disabledAccountMessage(error);
        if (disabled) form.setError('root', { message: disabled });
        else if (!notifyReadableAuthError(error))
          form.setError('root', { message: 'Invalid email or password' });
      },
      onSettled: () => onBusyChange?.(false),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in with e-mail">
      <EmailField id="signin-email" error={errors.email?.message} registration={form.register('email')} />
      <TextField
        id="signin-password"
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        placeholder="Your password"
        action={
          <Link
            to="/forgot-password"
            className="rounded text-primary text-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Forgot password?
          </Link>
        }
        registration={form.register('password')}
      />
      <FormAlert message={errors.root?.message} />
      <PendingButton type="submit" size="field" className="mt-1 w-full" pending={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </PendingButton>
    </form>
  );
}
