import { queryOptions, useQuery } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

/** One of the user's API keys as the list shows it (never the key itself: it is shown once, when made). */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters (its `ds_` prefix and a few more), to tell keys apart. */
  start: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  /** When a call last used it, or null. */
  lastUsedAt: Date | null;
}

const dateOrNull = (value: Date | string | null | undefined) => (value ? new Date(value) : null);

/** GET /api/auth/api-key/list: the signed-in user's keys, newest first. */
export async function listApiKeys(): Promise<ApiKeySummary[]> {
  const { apiKeys } = await authCall(authClient.apiKey.list(), 'Could not load your API keys.');
  return apiKeys
    .map((k) => ({
      id: k.id,
      name: k.name ?? 'Unnamed key',
      start: k.start ?? null,
      createdAt: new Date(k.createdAt),
      expiresAt: dateOrNull(k.expiresAt),
      lastUsedAt: dateOrNull(k.lastRequest),
    }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.apiKeys, queryFn: listApiKeys });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
