import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type SignInInput, signInSchema } from '#shared/auth-schemas';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { disabledAccountMessage } from '#web/features/auth/api/auth-flow-error.ts';
import { useSignInWithEmail } from '#web/features/auth/api/sign-in-with-email.ts';
import { notifyReadableAuthError } from '#web/features/auth/lib/notify-auth-error.ts';

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
      <TextField
        id="signin-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        registration={form.register('email')}
      />
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
      {errors.root?.message ? (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" size="field" className="mt-1 w-full" disabled={signIn.isPending}>
        {signIn.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
