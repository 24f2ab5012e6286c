import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/notify';
import { type SignInInput, signInSchema } from '../../../../shared/auth-schemas.ts';
import { rateLimitMessage } from '../api/auth-flow-error';
import { useSignInWithEmail } from '../api/sign-in-with-email';
import { PasswordInput } from './password-input';

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
        const limited = rateLimitMessage(error);
        if (limited) notify.error(limited);
        else form.setError('root', { message: 'Invalid email or password' });
      },
      onSettled: () => onBusyChange?.(false),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in with e-mail">
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...fieldAria('signin-email', errors.email?.message)}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          id="signin-password"
          autoComplete="current-password"
          placeholder="Your password"
          {...fieldAria('signin-password', errors.password?.message)}
          {...form.register('password')}
        />
      </FormField>
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
