import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReauthentication } from '#web/features/account/hooks/use-reauthentication.ts';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

/** A sign-in method linked to the account: `credential` is the e-mail and password. */
export interface SignInMethod {
  id: string;
  providerId: string;
  createdAt: Date;
}

/** GET /api/auth/list-accounts. */
export async function listSignInMethods(): Promise<SignInMethod[]> {
  const accounts = await authCall(authClient.listAccounts(), 'Could not load your sign-in methods.');
  return accounts.map((a) => ({ id: a.id, providerId: a.providerId, createdAt: new Date(a.createdAt) }));
}

export const signInMethodsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.signInMethods, queryFn: listSignInMethods });

export const useSignInMethods = () => useQuery(signInMethodsQueryOptions());

/**
 * POST /api/auth/link-social: off to the provider, back on /account (`?linked=<provider>`, or `?error=`
 * when the provider's account cannot be linked). The provider is asked for the account's own address.
 */
export async function linkSocialAccount({
  provider,
  email,
}: {
  provider: 'google' | 'github';
  email: string;
}) {
  return authCall(
    authClient.linkSocial({
      provider,
      callbackURL: `/account?linked=${provider}`,
      errorCallbackURL: '/account',
      loginHint: email || undefined,
    }),
    'Could not start linking. Please try again.',
  );
}

export function useLinkSocialAccount() {
  const withReauthentication = useReauthentication();
  return useMutation({
    // A session not proven in the last 10 minutes confirms it's you first (use-reauthentication.ts).
    mutationFn: (input: Parameters<typeof linkSocialAccount>[0]) =>
      withReauthentication(() => linkSocialAccount(input)),
  });
}

/** POST /api/auth/unlink-account {accountId}: the server keeps the last method whatever is asked. */
export function unlinkSignInMethod(accountId: string) {
  return authCall(authClient.unlinkAccount({ accountId }), 'Could not unlink that sign-in method.');
}

export function useUnlinkSignInMethod() {
  const queryClient = useQueryClient();
  const withReauthentication = useReauthentication();
  return useMutation({
    // A session not proven in the last 10 minutes confirms it's you first (use-reauthentication.ts).
    mutationFn: (accountId: string) => withReauthentication(() => unlinkSignInMethod(accountId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.signInMethods }),
  });
}
