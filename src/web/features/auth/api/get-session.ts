import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AuthSession, authClient } from './auth-client.ts';

/** The better-auth cookie session, or null when signed out. */
export async function getSession(): Promise<AuthSession | null> {
  const { data, error } = await authClient.getSession();
  if (error) throw new Error(error.message ?? 'Could not read the session');
  return data ?? null;
}

export const sessionQueryKey = ['auth', 'session'] as const;

export const getSessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: Number.POSITIVE_INFINITY });

export const useSession = () => useQuery(getSessionQueryOptions());
