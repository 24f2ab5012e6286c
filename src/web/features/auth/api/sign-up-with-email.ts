import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '#shared/auth-schemas';
import { tokenStore } from '#web/lib/token-store.ts';
import { uploadUserPhoto } from '#web/lib/user-photo.ts';
import { authClient } from './auth-client.ts';
import { AuthFlowError } from './auth-flow-error.ts';
import { createAccessToken } from './create-access-token.ts';
import { createUserProfile } from './create-user-profile.ts';

export interface SignUpRequest extends SignUpInput {
  photo?: File | null;
}

/**
 * Account → token → profile → optional photo, then sign out again: the product sends a new user to the
 * sign-in screen rather than signing them in (docs/product.md §8).
 */
export async function signUpWithEmail({ username, email, password, photo }: SignUpRequest): Promise<void> {
  const { data, error } = await authClient.signUp.email({ name: username, email, password });
  if (error) throw AuthFlowError.from(error, 'Sign-up failed');
  try {
    if (!data?.token) {
      const signIn = await authClient.signIn.email({ email, password });
      if (signIn.error) throw AuthFlowError.from(signIn.error, 'Sign-in after sign-up failed');
    }
    await createAccessToken(email);
    const { user } = await createUserProfile(username);
    if (photo) await uploadUserPhoto({ uid: user.uid, photo });
  } finally {
    await authClient.signOut().catch((signOutError: unknown) => console.error(signOutError));
    tokenStore.clear();
  }
}

export const useSignUpWithEmail = () => useMutation({ mutationFn: signUpWithEmail });
