import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiKeys }),
  });
}
