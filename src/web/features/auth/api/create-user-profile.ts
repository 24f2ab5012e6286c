import type { User } from '#shared/user';
import { apiRequest } from '#web/lib/api-client.ts';

export interface CreateUserProfileResult {
  user: User;
  /** True on 201 (first time), false on 200 (the profile already existed). */
  created: boolean;
}

/** POST /api/users {username?}: idempotent profile creation for the signed-in user. */
export async function createUserProfile(username?: string): Promise<CreateUserProfileResult> {
  const { status, data } = await apiRequest<{ user: User }>('/users', {
    method: 'POST',
    body: username ? { username } : {},
  });
  return { user: data.user, created: status === 201 };
}
