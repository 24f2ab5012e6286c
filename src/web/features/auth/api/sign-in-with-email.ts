import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '#shared/auth-schemas';
import { authStore } from '#web/features/auth/lib/auth-store.ts';
import { authClient } from './auth-client.ts';
import { AuthFlowError } from './auth-flow-error.ts';
import { createAccessToken } from './create-access-token.ts';

/** better-auth e-mail sign-in, then POST /api/jwt so the bearer token is stored (docs/product.md §4). */
export async function signInWithEmail({ email, password }: SignInInput): Promise<void> {
  const { error } = await authClient.signIn.email({ email, password });
  if (error) throw AuthFlowError.from(error, 'Sign-in failed');
  await createAccessToken(email);
}

/** Resolves once the auth store holds the new session, so protected routes see it at once. */
export const useSignInWithEmail = () =>
  useMutation({ mutationFn: signInWithEmail, onSuccess: authStore.refresh });
