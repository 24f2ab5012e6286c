import { APIError } from 'better-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '#server/auth/auth';
import { authExtensions } from '#server/auth-extensions';
import { accountFields, createAccount, requestToken, TEST_ORIGIN } from '#tests/factories/account';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/** `name` and `image` are checked on every write better-auth makes to a user (auth/user-fields.ts). */
describe.each(testDatabaseKinds())('user name and image rules (%s)', (kind) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof createAccount>>;
  beforeAll(async () => {
    // This file signs up more accounts than the per-IP sign-up limit allows in a minute.
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_IP: '0' });
    account = await createAccount(t.app);
  });
  afterAll(() => t?.close());

  const updateUser = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: TEST_ORIGIN, cookie },
      payload,
    });
  async function profileOf(account: { cookie: string; email: string; uid: string }) {
    const token = (await requestToken(t.app, account.cookie, account.email)).json().token as string;
    const res = await t.app.inject({
      url: `/api/users/${account.uid}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return res.json().user as { displayName: string; photoURL: string };
  }

  const imageMessage =
    'The photo must be an http:// or https:// address of at most 2048 characters, or null to remove it.';

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['file:', 'file:///etc/passwd'],
    ['a tab-spelt javascript:', 'java\tscript:alert(1)'],
    ['credentials', 'https://user:secret@example.test/a.png'],
    ['a relative path', '/api/uploads/../../auth-secret'],
    ['the empty string', ''],
    ['a number', 42],
    ['an over-long URL', `https://example.test/${'a'.repeat(2048)}.png`],
  ])('update-user refuses an image that is %s', async (_label, image) => {
    const res = await updateUser(account.cookie, { image });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request:validation', message: imageMessage });
    expect((await profileOf(account)).photoURL).toBe('/images/default-avatar.svg');
  });

  it.each([
    ['300 characters', 'n'.repeat(300), 'Username must be at most 50 characters'],
    ['blank', '   ', 'Username is required'],
    ['not text', { first: 'Ada' }, 'Username must be text.'],
  ])('update-user refuses a name that is %s', async (_label, name, message) => {
    const res = await updateUser(account.cookie, { name });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request:validation', message });
    expect((await profileOf(account)).displayName).toBe(account.name);
  });

  it('update-user accepts a trimmed name, an https image, and null to remove it', async () => {
    const account = await createAccount(t.app);
    const image = 'https://images.example.test/ada.png?size=64';
    const res = await updateUser(account.cookie, { name: '  Ada Lovelace  ', image });
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileOf(account)).toMatchObject({ displayName: 'Ada Lovelace', photoURL: image });

    expect((await updateUser(account.cookie, { image: null })).statusCode).toBe(200);
    expect((await profileOf(account)).photoURL).toBe('/images/default-avatar.svg');
  });

  it('sign-up is held to the same rules whichever way it reaches better-auth', async () => {
    // better-auth itself, as the app configures it, called without any route in front of it.
    const auth = createAuth({
      config: t.app.config,
      db: t.app.database.db,
      secret: 'test-secret-that-is-at-least-32-characters-long',
      redis: null,
      revocations: t.app.accessTokens.revocations,
      fileStorage: t.app.fileStorage,
      log: t.app.log,
      mailer: t.app.mailer,
      extensions: authExtensions(t.app),
    });
    const body = { ...accountFields(), name: 'n'.repeat(300), image: 'javascript:alert(1)' };
    const refused = await auth.api.signUpEmail({ body }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(APIError);
    expect((refused as APIError).statusCode).toBe(400);
    expect((refused as APIError).message).toBe('Username must be at most 50 characters');

    const badImage = { ...accountFields(), image: 'data:text/html,hi' };
    const refusedImage = await auth.api.signUpEmail({ body: badImage }).catch((err: unknown) => err);
    expect((refusedImage as APIError).message).toBe(imageMessage);
  });
});
