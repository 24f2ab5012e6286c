import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { profile, user } from '#server/db/schema';

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  /** A valid bearer token for this user. */
  token: string;
  /** `{ authorization: 'Bearer …' }`, ready for app.inject. */
  headers: { authorization: string };
}

/** Inserts a user (and profile) straight into the database and mints an access token for it. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{
    uid: string;
    email: string;
    name: string;
    image: string | null;
    subscription: string;
  }> = {},
): Promise<TestUser> {
  const uid = overrides.uid ?? randomUUID();
  const email = overrides.email ?? `user-${uid.slice(0, 8)}@example.test`;
  const name = overrides.name ?? `User ${uid.slice(0, 4)}`;
  await app.database.db.insert(user).values({ id: uid, email, name, image: overrides.image ?? null });
  await app.database.db
    .insert(profile)
    .values({ userId: uid, subscription: overrides.subscription ?? 'free' });
  const { token } = await app.accessTokens.sign({ sub: uid, email, sid: `test-session-${uid}` });
  return { uid, email, name, token, headers: { authorization: `Bearer ${token}` } };
}
