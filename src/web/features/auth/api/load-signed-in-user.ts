import type { User } from '#shared/user';
import { socialPending } from '#web/features/auth/lib/social-pending.ts';
import { notify } from '#web/lib/notify.ts';
import { tokenStore } from '#web/lib/token-store.ts';
import type { AuthSession } from './auth-client.ts';
import { createAccessToken } from './create-access-token.ts';
import { createUserProfile } from './create-user-profile.ts';
import { getUser } from './get-user.ts';

/**
 * From a cookie session to the app's user: make sure a bearer token is stored (POST /api/jwt), finish
 * a social sign-in if one is pending (POST /api/users, 201 → success toast), then GET /api/users/:uid.
 */
export async function loadSignedInUser(session: AuthSession): Promise<User> {
  if (!tokenStore.isFreshFor(session.user.id)) await createAccessToken(session.user.email);
  if (socialPending.isSet()) {
    socialPending.clear();
    const { user, created } = await createUserProfile();
    if (created) notify.success('User created successfully!');
    return user;
  }
  return getUser(session.user.id);
}
