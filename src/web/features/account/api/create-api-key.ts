import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthentication } from '#web/features/account/hooks/use-reauthentication.ts';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

export interface NewApiKeyInput {
  name: string;
  /** Days until it expires, or null for a key that does not expire. */
  expiresInDays: number | null;
}

/** The key just made: `key` is the only time the whole key is ever seen. */
export interface CreatedApiKey {
  id: string;
  name: string;
  key: string;
}

/** POST /api/auth/api-key/create {name, expiresIn (seconds)}. */
export async function createApiKey({ name, expiresInDays }: NewApiKeyInput): Promise<CreatedApiKey> {
  const created = await authCall(
    authClient.apiKey.create({
      name,
      ...(expiresInDays === null ? {} : { expiresIn: expiresInDays * 24 * 60 * 60 }),
    }),
    'Could not create the key. Please try again.',
  );
  return { id: created.id, name: created.name ?? name, key: created.key };
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const withReauthentication = useReauthentication();
  return useMutation({
    // A session not proven in the last 10 minutes confirms it's you first (use-reauthentication.ts).
    mutationFn: (input: NewApiKeyInput) => withReauthentication(() => createApiKey(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiKeys }),
  });
}
