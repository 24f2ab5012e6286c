import { queryOptions, useQuery } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

export interface AccountSession {
  id: string;
  token: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  /** When the session was last refreshed: 'last active'. */
  updatedAt: Date;
  /** The session of this browser. */
  current: boolean;
}

/** GET /api/auth/list-sessions, with this browser's session (get-session) marked and first. */
export async function listSessions(): Promise<AccountSession[]> {
  const [sessions, own] = await Promise.all([
    authCall(authClient.listSessions(), 'Could not load your sessions.'),
    authClient.getSession(),
  ]);
  const currentId = own.data?.session.id;
  return sessions
    .map((s) => ({
      id: s.id,
      token: s.token,
      ipAddress: s.ipAddress ?? null,
      userAgent: s.userAgent ?? null,
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.updatedAt),
      current: s.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.getTime() - a.updatedAt.getTime());
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions, queryFn: listSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
