import type { ApiKeyConfigurationOptions } from '@better-auth/api-key/types';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { apikey, user } from '#server/db/schema';
import { AppError } from '#server/errors';
import { API_KEY_NAME_MAX, API_KEY_PREFIX } from '#shared/credential-schemas';
import type { AccessClaims } from './access-token.ts';
import type { Auth } from './auth.ts';
import { isDisabled } from './bans.ts';
import { epochHolds } from './credential-epochs.ts';

/**
 * Personal API keys (better-auth's api-key plugin): a signed-in user makes, names, lists and deletes
 * them under /api/auth/api-key/* with the session cookie; a key then stands for its owner on every
 * protected call, as `Authorization: Bearer <key>` or `x-api-key: <key>` (authenticate.ts).
 */

/** The random part's length (the plugin's default): letters only. */
const API_KEY_RANDOM_LENGTH = 64;
const API_KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`);

export const API_KEY_OPTIONS = {
  defaultPrefix: API_KEY_PREFIX,
  defaultKeyLength: API_KEY_RANDOM_LENGTH,
  requireName: true,
  maximumNameLength: API_KEY_NAME_MAX,
  // The plugin's own limit (10 calls a day per key by default) would stop scripts; the per-user limits
  // (AI_RATE_LIMIT_PER_USER, in-flight generations, the plan) count a key's calls as its owner's.
  rateLimit: { enabled: false },
  // In the database only: a copy in Redis (secondary storage) could outlive a deletion on another instance.
  storage: 'database',
  // Only the server may mint a session from a key: the auth endpoints keep needing the cookie.
  enableSessionForAPIKeys: false,
} satisfies ApiKeyConfigurationOptions;

/** Whether a bearer value is meant as an API key (else it is an access token). */
export function isApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX);
}

/** The `sid` of a caller proven by an API key: no session, and never a session id (those have no colon). */
export function apiKeySid(keyId: string): string {
  return `apikey:${keyId}`;
}

const invalidKey = () =>
  new AppError('unauthorized:api_key', 'This API key is not valid. Create a new one on your account page.');

/**
 * The owner of `key` as the API's caller, or 401: an unknown, deleted or expired key, or a disabled
 * account. Read from the database on every call (no cache), so a deleted key stops at once everywhere;
 * the plugin records the call as the key's last use.
 */
export async function verifyApiKey(auth: Auth, db: Db, key: string): Promise<AccessClaims> {
  // Anything not shaped like a key is refused before the database is asked.
  if (!API_KEY_SHAPE.test(key)) throw invalidKey();
  const result = await auth.api.verifyApiKey({ body: { key } });
  if (!result.valid || !result.key) {
    if (result.error?.code === 'KEY_EXPIRED') {
      throw new AppError(
        'unauthorized:api_key',
        'This API key has expired. Create a new one on your account page.',
      );
    }
    throw invalidKey();
  }
  // The owner's state and the key's epoch, read with the key on every call (credential-epochs.ts).
  const [owner] = await db
    .select({
      id: user.id,
      email: user.email,
      banned: user.banned,
      banExpires: user.banExpires,
      accountEpoch: user.credentialEpoch,
      keyEpoch: apikey.credentialEpoch,
    })
    .from(apikey)
    .innerJoin(user, eq(user.id, apikey.referenceId))
    .where(eq(apikey.id, result.key.id));
  if (!owner) throw invalidKey();
  if (isDisabled(owner, new Date())) {
    throw new AppError('unauthorized:disabled', 'This account has been disabled, and its API keys with it.');
  }
  // Made before its owner's credentials last ended (a password change, signing out everywhere), or by
  // a session that was already over: the key is over too, and goes from the owner's list.
  if (!epochHolds(owner.keyEpoch, owner.accountEpoch)) {
    await db.delete(apikey).where(eq(apikey.id, result.key.id));
    throw invalidKey();
  }
  // A personal key works in the personal workspace.
  return { sub: owner.id, email: owner.email, sid: apiKeySid(result.key.id), org: null };
}
