import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profile, user as userTable } from '#server/db/schema';
import { DEFAULT_AVATAR } from '#shared/user';
import { createAccount, requestToken } from '#tests/factories/account';
import { createUser } from '#tests/factories/user';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

describe.each(testDatabaseKinds())('users (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  async function signedUpWithToken() {
    const account = await createAccount(t.app);
    const token = await requestToken(t.app, account.cookie, account.email);
    return { ...account, headers: { authorization: `Bearer ${token.json().token}` } };
  }

  it('creates the profile once: 201, then 200 with the same user', async () => {
    const account = await signedUpWithToken();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: account.headers,
      payload: {},
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ uid: account.uid, email: account.email, subscription: 'free' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: account.headers,
      payload: {},
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it('is race-safe: concurrent creations give exactly one 201', async () => {
    const account = await signedUpWithToken();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/users', headers: account.headers, payload: {} }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
  });

  it('takes the username on creation, ignores the extra fields of the documented payload, and works without a body', async () => {
    const account = await signedUpWithToken();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: account.headers,
      payload: { username: 'Quill', uid: 'someone-else', photo: 'x' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ uid: account.uid, displayName: 'Quill' });
    const noBody = await t.app.inject({ method: 'POST', url: '/api/users', headers: account.headers });
    expect(noBody.statusCode).toBe(200);
  });

  it('requires a bearer token to create a profile', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', payload: { username: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it("answers another user's uid with 403", async () => {
    const ada = await createUser(t.app);
    const grace = await createUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${grace.uid}`, headers: ada.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'forbidden:user',
      message: 'You can only access your own account.',
    });
  });

  it('applies the documented fallbacks (docs/product.md): New User, default avatar, free', async () => {
    const bare = await createUser(t.app, { name: '   ', image: null });
    await t.app.database.db.delete(profile);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${bare.uid}`, headers: bare.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      uid: bare.uid,
      email: bare.email,
      displayName: 'New User',
      photoURL: DEFAULT_AVATAR,
      subscription: 'free',
      usage: { used: 0, limit: expect.any(Number), periodEnd: expect.any(String) },
      admin: false,
      billing: { managed: false, cancelAtPeriodEnd: false },
      emailVerified: false,
      // The personal workspace.
      workspace: null,
    });
  });

  it('reports a premium subscription as stored', async () => {
    const pro = await createUser(t.app, { subscription: 'pro', image: 'https://img.example.test/p.png' });
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${pro.uid}`, headers: pro.headers });
    expect(res.json().user).toMatchObject({
      subscription: 'pro',
      photoURL: 'https://img.example.test/p.png',
    });
  });

  it('answers a token of a deleted account with 404 on read and 401 on create', async () => {
    const gone = await createUser(t.app);
    const { eq } = await import('drizzle-orm');
    await t.app.database.db.delete(userTable).where(eq(userTable.id, gone.uid));
    const read = await t.app.inject({ method: 'GET', url: `/api/users/${gone.uid}`, headers: gone.headers });
    expect(read.statusCode).toBe(404);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: gone.headers,
      payload: {},
    });
    expect(create.statusCode).toBe(401);
  });
});
