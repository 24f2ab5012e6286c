import { useMutation } from '@tanstack/react-query';
import { socialPending } from '#web/features/auth/lib/social-pending.ts';
import { authClient } from './auth-client.ts';
import { AuthFlowError } from './auth-flow-error.ts';
import type { SocialProvider } from './get-auth-config.ts';

export interface SocialSignInRequest {
  provider: SocialProvider;
  /** Where the provider sends the browser back after success: the page the user came from. */
  callbackURL: string;
}

/** Starts the OAuth redirect; better-auth's client navigates away when the server answers. */
export async function signInWithSocial({ provider, callbackURL }: SocialSignInRequest): Promise<void> {
  socialPending.mark();
  const { error } = await authClient.signIn.social({ provider, callbackURL, errorCallbackURL: '/signin' });
  if (error) {
    socialPending.clear();
    throw AuthFlowError.from(error, `${provider} sign-in failed`);
  }
}

export const useSignInWithSocial = () => useMutation({ mutationFn: signInWithSocial });
