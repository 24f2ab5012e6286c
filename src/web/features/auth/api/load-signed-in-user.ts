import { notify } from '@/lib/notify';
import { tokenStore } from '@/lib/token-store';
import type { User } from '../../../../shared/user.ts';
import { socialPending } from '../lib/social-pending';
import type { AuthSession } from './auth-client';
import { createAccessToken } from './create-access-token';
import { createUserProfile } from './create-user-profile';
import { getUser } from './get-user';

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
