import { zodResolver } from '@hookform/resolvers/zod';
import { WandSparkles } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type SignUpInput, signUpSchema } from '#shared/auth-schemas';
import { generatePassword } from '#shared/password';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PendingButton } from '#web/components/ui/pending-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useSignUpWithEmail } from '#web/features/auth/api/sign-up-with-email.ts';
import { notifyReadableAuthError } from '#web/features/auth/lib/notify-auth-error.ts';
import { notify } from '#web/lib/notify.ts';
import { photoError } from '#web/lib/user-photo.ts';
import { EmailField } from './email-field.tsx';
import { PhotoInput } from './photo-input.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

export function SignUpForm({ onBusyChange }: { onBusyChange?: (busy: boolean) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  // An invitation's page sends its invited address along (/signup?email=), to sign up with it.
  const [params] = useSearchParams();
  const signUp = useSignUpWithEmail();
  const [photo, setPhoto] = useState<File | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { username: '', email: params.get('email')?.trim() ?? '', password: '' },
  });
  const { errors } = form.formState;
  const photoProblem = photoError(photo);

  function fillGeneratedPassword() {
    form.setValue('password', generatePassword(), { shouldValidate: true, shouldDirty: true });
    setPasswordVisible(true);
  }

  const onSubmit = form.handleSubmit((values) => {
    if (photoProblem) return;
    onBusyChange?.(true);
    signUp.mutate(
      { ...values, photo },
      {
        onSuccess: () => {
          notify.success('User created successfully, please sign in');
          // The page the visitor came from (a plan chosen on /subscription) waits for the sign-in.
          navigate('/signin', { state: location.state });
        },
        onError: (error) => {
          console.error('Sign-up failed', error);
          if (!notifyReadableAuthError(error)) notify.error('User creation failed, please try again');
        },
        onSettled: () => onBusyChange?.(false),
      },
    );
  });

  const busy = signUp.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up with e-mail">
      <TextField
        id="signup-username"
        label="Username"
        error={errors.username?.message}
        autoComplete="username"
        placeholder="Ada Lovelace"
        disabled={busy}
        registration={form.register('username')}
      />
      <EmailField
        id="signup-email"
        error={errors.email?.message}
        disabled={busy}
        registration={form.register('email')}
      />
      <FormField id="signup-photo" label="Profile photo (optional)" error={photoProblem}>
        <PhotoInput
          id="signup-photo"
          file={photo}
          onChange={setPhoto}
          disabled={busy}
          describedBy={photoProblem ? 'signup-photo-error' : undefined}
        />
      </FormField>
      <TextField
        id="signup-password"
        label="Password"
        error={errors.password?.message}
        hint="At least 6 characters with an uppercase letter, a digit and a special character."
        action={
          <button
            type="button"
            onClick={fillGeneratedPassword}
            disabled={busy}
            className="inline-flex items-center gap-1 rounded font-medium text-primary text-xs hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          >
            <WandSparkles className="size-3.5" aria-hidden />
            Generate password
          </button>
        }
        type="password"
        autoComplete="new-password"
        placeholder="Create a strong password"
        disabled={busy}
        visible={passwordVisible}
        onVisibleChange={setPasswordVisible}
        registration={form.register('password')}
      />
      <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} disabled={busy} />
      <PendingButton type="submit" size="field" className="w-full" pending={busy} disabled={!termsAccepted}>
        {busy ? 'Creating account...' : 'Sign Up'}
      </PendingButton>
    </form>
  );
}
