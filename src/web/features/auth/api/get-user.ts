import type { User } from '#shared/user';
import { apiGet } from '#web/lib/api-client.ts';

/** GET /api/users/:uid → {user}. */
export async function getUser(uid: string): Promise<User> {
  const { user } = await apiGet<{ user: User }>(`/users/${encodeURIComponent(uid)}`);
  return user;
}
