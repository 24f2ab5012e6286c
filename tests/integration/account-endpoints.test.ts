import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '#server/db/schema';
import {
  cookieHeader,
  createAccount,
  requestToken,
  signIn,
  TEST_ORIGIN,
  type TestAccount,
} from '#tests/factories/account';
import { type FakeOAuthServer, startOAuthServer } from '#tests/fakes/oauth-server';
import { type FakeSmtpServer, startFakeSmtp } from '#tests/fakes/smtp-server';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/**
 * The better-auth endpoints the account page uses (docs/product.md §5, §7): profile without a session,
 * the password change signing out other sessions' tokens, and the sign-in methods (list, link, unlink).
 */
describe('account endpoints', () => {
  let oauth: FakeOAuthServer;
  let smtp: FakeSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    oauth = await startOAuthServer();
    smtp = await startFakeSmtp();
    t = await createTestApp('pglite', {
      SMTP_URL: smtp.url,
      GITHUB_CLIENT_ID: 'draftsmith-github',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GITHUB_OAUTH_URL: oauth.url,
      // Many sign-ups from one address; the limits have their own tests (auth-rate-limit.test.ts).
      AUTH_RATE_LIMIT_PER_IP: '0',
    });
  });
  afterAll(async () => {
    await t?.close();
    await oauth?.stop();
    await smtp?.stop();
  });

  const post = (url: string, cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { origin: TEST_ORIGIN, cookie } });
  const bearer = async (account: Pick<TestAccount, 'email'>, cookie: string) => {
    const minted = await requestToken(t.app, cookie, account.email);
    expect(minted.statusCode, minted.body).toBe(200);
    return { authorization: `Bearer ${minted.json().token}` };
  };
  const profile = (uid: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/users/${uid}`, headers });

  describe('update-user', () => {
    it("answers 401 'No current user' without a session", async () => {
      const res = await post('/api/auth/update-user', undefined, { name: 'nobody' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'unauthorized:no_current_user', message: 'No current user' },
      });
    });

    it('answers the same for a session that has ended', async () => {
      const account = await createAccount(t.app);
      await post('/api/auth/sign-out', account.cookie, {});
      const res = await post('/api/auth/update-user', account.cookie, { name: 'gone-user' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized:no_current_user');
    });

    it('changes the display name of the signed-in user', async () => {
      const account = await createAccount(t.app);
      const res = await post('/api/auth/update-user', account.cookie, { name: 'renamed-writer' });
      expect(res.statusCode, res.body).toBe(200);
      const user = await profile(account.uid, await bearer(account, account.cookie));
      expect(user.json().user.displayName).toBe('renamed-writer');
    });
  });

  it('refuses a NUL character in any field of any endpoint with a 400, never a 500', async () => {
    const account = await createAccount(t.app);
    const calls: [string, string | undefined, object][] = [
      ['/api/auth/reset-password', undefined, { token: 'a\u0000b', newPassword: 'Changed#456' }],
      ['/api/auth/update-user', account.cookie, { name: 'Ada\u0000' }],
      ['/api/auth/revoke-session', account.cookie, { token: '\u0000' }],
      ['/api/auth/api-key/create', account.cookie, { name: 'key\u0000' }],
      ['/api/auth/api-key/delete', account.cookie, { keyId: '\u0000' }],
      ['/api/auth/passkey/delete-passkey', account.cookie, { id: '\u0000' }],
      ['/api/auth/sign-in/email', undefined, { email: account.email, password: 'x\u0000' }],
    ];
    for (const [url, cookie, payload] of calls) {
      const res = await post(url, cookie, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('bad_request:validation');
    }
    const query = await get('/api/auth/api-key/get?id=%00', account.cookie);
    expect(query.statusCode).toBe(400);
  });

  describe('change-password', () => {
    it.each([
      { revokeOtherSessions: true },
      // A client that leaves it out, or asks to keep them, is overruled: the old password's sessions end.
      {},
      { revokeOtherSessions: false },
    ])("signs out the user's other sessions: their bearer tokens are refused at once (%o)", async (flag) => {
      const account = await createAccount(t.app);
      const other = await signIn(t.app, account);
      const otherCookie = cookieHeader(other);
      const otherHeaders = await bearer(account, otherCookie);
      expect((await profile(account.uid, otherHeaders)).statusCode).toBe(200);

      const changed = await post('/api/auth/change-password', account.cookie, {
        currentPassword: account.password,
        newPassword: 'Changed#456',
        ...flag,
      });
      expect(changed.statusCode, changed.body).toBe(200);

      const refused = await profile(account.uid, otherHeaders);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('unauthorized:token');
      expect((await get('/api/auth/get-session', otherCookie)).json()).toBeNull();
      // The session that changed it goes on with its new cookie, and the new password signs in.
      const current = await bearer(account, cookieHeader(changed));
      expect((await profile(account.uid, current)).statusCode).toBe(200);
      expect((await signIn(t.app, { ...account, password: 'Changed#456' })).statusCode).toBe(200);
      expect((await signIn(t.app, account)).statusCode).toBe(401);
    });

    it('says so when the current password is wrong, and changes nothing', async () => {
      const account = await createAccount(t.app);
      const res = await post('/api/auth/change-password', account.cookie, {
        currentPassword: 'Wrong#123',
        newPassword: 'Changed#456',
        revokeOtherSessions: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'bad_request:invalid_password', message: 'Invalid password' });
      expect((await signIn(t.app, account)).statusCode).toBe(200);
    });
  });

  describe('sign-in methods', () => {
    type LinkedAccount = { id: string; providerId: string; accountId: string };
    const listAccounts = async (cookie: string) => {
      const res = await get('/api/auth/list-accounts', cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LinkedAccount[];
    };

    /** link-social → the OAuth server's /authorize → our callback, as the browser would follow it. */
    async function linkGitHub(cookie: string) {
      const start = await post('/api/auth/link-social', cookie, {
        provider: 'github',
        callbackURL: '/account',
        errorCallbackURL: '/account',
      });
      expect(start.statusCode, start.body).toBe(200);
      const authorize = await fetch(start.json().url, { redirect: 'manual' });
      const callback = new URL(authorize.headers.get('location') ?? '');
      expect(callback.pathname).toBe('/api/auth/callback/github');
      return t.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: [cookie, cookieHeader(start)].filter(Boolean).join('; ') },
      });
    }

    it('lists the password account of an e-mail sign-up', async () => {
      const account = await createAccount(t.app);
      const accounts = await listAccounts(account.cookie);
      expect(accounts.map((a) => a.providerId)).toEqual(['credential']);
    });

    it('links GitHub to an e-mail account, then unlinks it while the password remains', async () => {
      const account = await createAccount(t.app);
      oauth.setUser({ id: '7001', email: account.email, name: 'Linked Writer', emailVerified: true });
      const done = await linkGitHub(account.cookie);
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe('/account');

      const linked = await listAccounts(account.cookie);
      expect(linked.map((a) => a.providerId).sort()).toEqual(['credential', 'github']);
      const github = linked.find((a) => a.providerId === 'github');
      // A new way in is a credential added: its owner hears of it.
      let told = await smtp.nextMessageTo(account.email);
      while (told.subject.startsWith('Verify')) told = await smtp.nextMessageTo(account.email);
      expect(told.subject).toBe('A new sign-in method was added to your account');
      expect(told.text).toContain('A new sign-in method “GitHub” was added to your Draftsmith account');

      const unlinked = await post('/api/auth/unlink-account', account.cookie, { accountId: github?.id });
      expect(unlinked.statusCode, unlinked.body).toBe(200);
      expect((await listAccounts(account.cookie)).map((a) => a.providerId)).toEqual(['credential']);
    });

    it('unlinks a sign-in method only from a session proven in the last 10 minutes', async () => {
      const account = await createAccount(t.app);
      oauth.setUser({ id: '7011', email: account.email, name: 'Linked Writer', emailVerified: true });
      expect((await linkGitHub(account.cookie)).statusCode).toBe(302);
      const github = (await listAccounts(account.cookie)).find((a) => a.providerId === 'github');
      await t.app.database.db
        .update(session)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(session.userId, account.uid));
      const late = await post('/api/auth/unlink-account', account.cookie, { accountId: github?.id });
      expect(late.statusCode).toBe(403);
      expect(late.json().error.code).toBe('forbidden:reauth_required');
      expect(
        (await post('/api/auth/reauthenticate', account.cookie, { password: account.password })).statusCode,
      ).toBe(200);
      expect(
        (await post('/api/auth/unlink-account', account.cookie, { accountId: github?.id })).statusCode,
      ).toBe(200);
    });

    it('refuses to link a GitHub identity whose e-mail address is another one', async () => {
      const account = await createAccount(t.app);
      oauth.setUser({ id: '7002', email: 'someone.else@example.test', name: 'Someone', emailVerified: true });
      const done = await linkGitHub(account.cookie);
      expect(done.statusCode).toBe(302);
      const back = new URL(done.headers.location as string, TEST_ORIGIN);
      expect(back.pathname).toBe('/account');
      expect(back.searchParams.get('error')).toBeTruthy();
      expect((await listAccounts(account.cookie)).map((a) => a.providerId)).toEqual(['credential']);
    });

    it('never unlinks the last sign-in method', async () => {
      const account = await createAccount(t.app);
      const [only] = await listAccounts(account.cookie);
      const res = await post('/api/auth/unlink-account', account.cookie, { accountId: only?.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bad_request:failed_to_unlink_last_account');
      expect(await listAccounts(account.cookie)).toHaveLength(1);
      expect((await signIn(t.app, account)).statusCode).toBe(200);
    });

    it("never unlinks another user's account", async () => {
      const owner = await createAccount(t.app);
      oauth.setUser({ id: '7003', email: owner.email, name: 'Owner', emailVerified: true });
      await linkGitHub(owner.cookie);
      const ownerGitHub = (await listAccounts(owner.cookie)).find((a) => a.providerId === 'github');
      const stranger = await createAccount(t.app);
      oauth.setUser({ id: '7004', email: stranger.email, name: 'Stranger', emailVerified: true });
      await linkGitHub(stranger.cookie);

      const res = await post('/api/auth/unlink-account', stranger.cookie, { accountId: ownerGitHub?.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bad_request:account_not_found');
      expect((await listAccounts(owner.cookie)).map((a) => a.providerId).sort()).toEqual([
        'credential',
        'github',
      ]);
    });

    it('links only the providers this server has, like social sign-in', async () => {
      const account = await createAccount(t.app);
      const google = await post('/api/auth/link-social', account.cookie, { provider: 'google' });
      expect(google.statusCode).toBe(400);
      expect(google.json().error.code).toBe('bad_request:provider_not_configured');
      const other = await post('/api/auth/link-social', account.cookie, { provider: 'discord' });
      expect(other.json().error.code).toBe('bad_request:provider_unknown');
      const idToken = await post('/api/auth/link-social', account.cookie, {
        provider: 'github',
        idToken: { token: 'forged' },
      });
      expect(idToken.statusCode).toBe(400);
      expect(idToken.json().error.code).toBe('bad_request:validation');
    });

    it('needs a session for every sign-in method call', async () => {
      expect((await get('/api/auth/list-accounts', '')).statusCode).toBe(401);
      expect((await post('/api/auth/link-social', undefined, { provider: 'github' })).statusCode).toBe(401);
      expect((await post('/api/auth/unlink-account', undefined, { accountId: 'x' })).statusCode).toBe(401);
    });
  });
});
