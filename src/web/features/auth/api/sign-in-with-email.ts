import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '../../../../shared/auth-schemas.ts';
import { authClient } from './auth-client';
import { AuthFlowError } from './auth-flow-error';
import { createAccessToken } from './create-access-token';
import { sessionQueryKey } from './get-session';

/** better-auth e-mail sign-in, then POST /api/jwt so the bearer token is stored (spec §4). */
export async function signInWithEmail({ email, password }: SignInInput): Promise<void> {
  const { error } = await authClient.signIn.email({ email, password });
  if (error) throw AuthFlowError.from(error, 'Sign-in failed');
  await createAccessToken(email);
}

/** Resolves once the session cache holds the new session, so protected routes see it at once. */
export function useSignInWithEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: () => queryClient.refetchQueries({ queryKey: sessionQueryKey }),
  });
}
