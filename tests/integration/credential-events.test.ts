import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignInProof, withAuthRequestScope } from '#server/auth/auth-request-scope';
import { stampNewSession } from '#server/auth/credential-plugin';
import { apikey, invitation, passkey, session, user } from '#server/db/schema';
import {
  cookieHeader,
  createAccount,
  requestToken,
  signIn,
  TEST_ORIGIN,
  verifyEmail,
} from '#tests/factories/account';
import { organizationCall } from '#tests/factories/team-member';
import { type FakeSmtpServer, startFakeSmtp } from '#tests/fakes/smtp-server';
import { firstLink } from '#tests/helpers/mail-message';
import { createTestApp } from '#tests/helpers/test-app';
import { createTestInstances } from '#tests/helpers/test-instances';
import { createVirtualAuthenticator } from '#tests/helpers/virtual-authenticator';

/**
 * Credentials end together (issue 28; auth/credential-epochs.ts, SECURITY.md "What ends a credential"):
 * each event ends what its row says, on every instance, whichever credential an attacker added; and a
 * credential made under an earlier epoch (a race with the event) is refused where it is used.
 * On PGlite alone, and on PostgreSQL with Redis as two instances: the event on one, the check on the other.
 */
const setups = [
  { name: 'pglite', instances: 1 },
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ name: 'postgres + redis, two instances', instances: 2 }]
    : []),
];

const REAUTH_REQUIRED = {
  code: 'forbidden:reauth_required',
  message: 'For your security, confirm it’s you: enter your password or use a passkey, then try again.',
};

describe.each(setups)('credentials end together ($name)', ({ instances: count }) => {
  let smtp: FakeSmtpServer;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  const authenticator = createVirtualAuthenticator();

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    const env = {
      SMTP_URL: smtp.url,
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_RATE_LIMIT_PER_IP: '0',
      ADMIN_EMAILS: 'epoch-admin@example.test,epoch-claimed@example.test',
    };
    if (count === 1) {
      const t = await createTestApp('pglite', env);
      a = t.app;
      b = t.app;
      close = () => t.close();
    } else {
      const both = await createTestInstances(2, { ...env, REDIS_URL: process.env.TEST_REDIS_URL });
      [a, b] = both.apps as [FastifyInstance, FastifyInstance];
      close = () => both.close();
    }
  });
  afterAll(async () => {
    await close?.();
    await smtp?.stop();
  });

  const post = (app: FastifyInstance, path: string, cookie: string | undefined, payload: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const getSession = async (app: FastifyInstance, cookie: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { origin: TEST_ORIGIN, cookie },
      })
    ).json();
  /** The next message to `email` whose subject starts with `subject` (others before it are passed over). */
  const mailTo = async (email: string, subject: string) => {
    for (;;) {
      const mail = await smtp.nextMessageTo(email);
      if (mail.subject.startsWith(subject)) return mail;
    }
  };
  const secondSession = async (app: FastifyInstance, who: { email: string; password: string }) => {
    const res = await signIn(app, who);
    expect(res.statusCode, res.body).toBe(200);
    return cookieHeader(res);
  };
  const newKey = async (app: FastifyInstance, cookie: string) => {
    const res = await post(app, 'api-key/create', cookie, { name: 'Script' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; key: string };
  };
  const withKey = (app: FastifyInstance, uid: string, key: string) =>
    app.inject({ url: `/api/users/${uid}`, headers: { authorization: `Bearer ${key}` } });
  const resetPassword = async (who: { email: string }, newPassword: string) => {
    expect((await post(a, 'request-password-reset', undefined, { email: who.email })).statusCode).toBe(200);
    const mail = await mailTo(who.email, 'Reset your Draftsmith password');
    const token = new URL(firstLink(mail.text)).searchParams.get('token') ?? '';
    return post(a, 'reset-password', undefined, { token, newPassword });
  };

  it('a passkey added from a stolen session is gone after a password reset (finding 1)', async () => {
    const owner = await createAccount(a);
    const stolen = await secondSession(a, owner);
    const attackerKey = authenticator.newPasskey();
    const registered = await authenticator.register(a, stolen, attackerKey, 'Not mine');
    expect(registered.statusCode, registered.body).toBe(200);
    // The owner hears of it at once, with where from and when.
    const told = await mailTo(owner.email, 'A new passkey was added');
    expect(told.subject).toBe('A new passkey was added to your account');
    expect(told.text).toContain('A new passkey “Not mine” was added to your Draftsmith account from ');
    expect(told.text).toContain(' UTC.');
    expect(firstLink(told.text)).toBe(`${TEST_ORIGIN}/account`);
    expect((await authenticator.signIn(b, attackerKey)).statusCode).toBe(200);

    expect((await resetPassword(owner, 'Taken#Back77')).statusCode).toBe(200);

    const again = await authenticator.signIn(b, attackerKey);
    expect(again.statusCode).toBe(401);
    expect(await a.database.db.select().from(passkey).where(eq(passkey.userId, owner.uid))).toEqual([]);
    expect(await getSession(b, stolen)).toBeNull();
    expect(await getSession(b, owner.cookie)).toBeNull();
  });

  it.each([
    ['a password change', 'change-password'],
    ['signing out of all other sessions', 'revoke-other-sessions'],
    ['signing out everywhere', 'revoke-sessions'],
  ])('personal API keys end with %s (finding 2)', async (_event, endpoint) => {
    const owner = await createAccount(a);
    const other = await secondSession(a, owner);
    const { key } = await newKey(a, owner.cookie);
    expect((await withKey(b, owner.uid, key)).statusCode).toBe(200);

    const payload =
      endpoint === 'change-password' ? { currentPassword: owner.password, newPassword: 'Changed#Pass9' } : {};
    const done = await post(a, endpoint, owner.cookie, payload);
    expect(done.statusCode, done.body).toBe(200);

    const refused = await withKey(b, owner.uid, key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized:api_key');
    expect(await a.database.db.select().from(apikey).where(eq(apikey.referenceId, owner.uid))).toEqual([]);
    expect(await getSession(b, other)).toBeNull();
    // The session the event came from stays, except when it signed out everywhere.
    const current = endpoint === 'change-password' ? cookieHeader(done) : owner.cookie;
    const stays = await getSession(b, current);
    if (endpoint === 'revoke-sessions') expect(stays).toBeNull();
    else {
      expect(stays?.user.id).toBe(owner.uid);
      const minted = await requestToken(b, current, owner.email);
      expect(minted.statusCode).toBe(200);
      // It goes on adding credentials: made under the new epoch, they work.
      const { key: newer } = await newKey(b, current);
      expect((await withKey(a, owner.uid, newer)).statusCode).toBe(200);
    }
  });

  const resetLink = async (who: { email: string }) => {
    expect((await post(a, 'request-password-reset', undefined, { email: who.email })).statusCode).toBe(200);
    const mail = await mailTo(who.email, 'Reset your Draftsmith password');
    return new URL(firstLink(mail.text)).searchParams.get('token') ?? '';
  };

  it('a reset link asked for before a password reset no longer works', async () => {
    const owner = await createAccount(a);
    const older = await resetLink(owner);
    const newer = await resetLink(owner);
    expect(
      (await post(a, 'reset-password', undefined, { token: newer, newPassword: 'Owner#Again1' })).statusCode,
    ).toBe(200);
    const late = await post(b, 'reset-password', undefined, { token: older, newPassword: 'Attacker#Pass1' });
    expect(late.statusCode).toBe(400);
    expect((await signIn(b, { email: owner.email, password: 'Owner#Again1' })).statusCode).toBe(200);
    expect((await signIn(b, { email: owner.email, password: 'Attacker#Pass1' })).statusCode).toBe(401);
  });

  it('whoever holds a session (or the password) cannot cancel the owner’s reset link', async () => {
    const owner = await createAccount(a);
    const stolen = await secondSession(a, owner);
    const token = await resetLink(owner);
    // The intruder signs the others out and changes the password, again and again.
    expect((await post(a, 'revoke-other-sessions', stolen)).statusCode).toBe(200);
    const changed = await post(a, 'change-password', stolen, {
      currentPassword: owner.password,
      newPassword: 'Intruder#Pass1',
    });
    expect(changed.statusCode).toBe(200);
    expect((await post(b, 'revoke-other-sessions', cookieHeader(changed))).statusCode).toBe(200);
    // The owner's link still takes the account back, and ends the intruder's session.
    const reset = await post(b, 'reset-password', undefined, { token, newPassword: 'Owner#Back77' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await getSession(a, cookieHeader(changed))).toBeNull();
    expect((await signIn(a, { email: owner.email, password: 'Owner#Back77' })).statusCode).toBe(200);
  });

  it('invitations a reset account sent can no longer be accepted', async () => {
    const owner = await createAccount(a);
    await verifyEmail(a, owner.uid);
    const invitee = await createAccount(a);
    const slug = `epochs-${Math.random().toString(36).slice(2, 10)}`;
    const team = (await organizationCall(a, owner, 'create', { name: 'Epochs', slug })).json() as {
      id: string;
    };
    const invited = await organizationCall(a, owner, 'invite-member', {
      email: invitee.email,
      role: 'member',
      organizationId: team.id,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const invitationId = (invited.json() as { id: string }).id;

    expect((await resetPassword(owner, 'Taken#Back77')).statusCode).toBe(200);

    const accepted = await organizationCall(b, invitee, 'accept-invitation', { invitationId });
    expect(accepted.statusCode).toBe(400);
    const [row] = await a.database.db.select().from(invitation).where(eq(invitation.id, invitationId));
    expect(row?.status).toBe('canceled');
  });

  it('disabling ends every credential; enabling gives back the sign-in only', async () => {
    const admin = await createAccount(a, { email: 'epoch-admin@example.test' });
    await verifyEmail(a, admin.uid);
    const adminToken = (await requestToken(a, admin.cookie, admin.email)).json().token as string;
    const owner = await createAccount(a);
    const { key } = await newKey(a, owner.cookie);
    const ownKey = authenticator.newPasskey();
    expect((await authenticator.register(a, owner.cookie, ownKey)).statusCode).toBe(200);
    // A chat the owner published by a link (finding 7).
    const ownerToken = (await requestToken(a, owner.cookie, owner.email)).json().token as string;
    const saved = await a.inject({
      method: 'POST',
      url: '/api/history',
      headers: { authorization: `Bearer ${ownerToken}` },
      payload: {
        uid: owner.uid,
        service: 'article-generator',
        title: 'Published',
        messages: [{ role: 'user', content: 'Hello' }],
      },
    });
    const chatId = saved.json().history.id as string;
    const shared = await a.inject({
      method: 'POST',
      url: `/api/history/${chatId}/share`,
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const link = `/api/shared/${shared.json().share.token as string}`;
    expect((await b.inject({ url: link })).statusCode).toBe(200);
    const setStatus = (action: 'disable' | 'enable') =>
      a.inject({
        method: 'POST',
        url: `/api/admin/users/${owner.uid}/${action}`,
        headers: { authorization: `Bearer ${adminToken}` },
      });

    expect((await setStatus('disable')).statusCode).toBe(200);
    expect((await b.inject({ url: link })).statusCode).toBe(404);
    expect((await withKey(b, owner.uid, key)).statusCode).toBe(401);
    expect((await authenticator.signIn(b, ownKey)).statusCode).toBe(401);
    expect(await getSession(b, owner.cookie)).toBeNull();

    expect((await setStatus('enable')).statusCode).toBe(200);
    expect((await b.inject({ url: link })).statusCode).toBe(200);
    expect((await withKey(b, owner.uid, key)).statusCode).toBe(401);
    expect((await authenticator.signIn(b, ownKey)).statusCode).toBe(401);
    expect((await signIn(b, owner)).statusCode).toBe(200);
  });

  it('an address listed in ADMIN_EMAILS gets the admin API only once verified (finding 4)', async () => {
    const claimed = await createAccount(a, { email: 'epoch-claimed@example.test' });
    const token = (await requestToken(a, claimed.cookie, claimed.email)).json().token as string;
    const admin = (app: FastifyInstance) =>
      app.inject({ url: '/api/admin/users', headers: { authorization: `Bearer ${token}` } });
    const refused = await admin(b);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden:email_unverified');
    await verifyEmail(a, claimed.uid);
    expect((await admin(b)).statusCode).toBe(200);
  });

  it('refuses NUL in a saved chat on every instance, never a 500 (finding 5)', async () => {
    const owner = await createAccount(a);
    const token = (await requestToken(a, owner.cookie, owner.email)).json().token as string;
    const res = await b.inject({
      method: 'POST',
      url: '/api/history',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        uid: owner.uid,
        service: 'article-generator',
        title: 'A\u0000B',
        messages: [{ role: 'user', content: 'Hello' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request:validation');
  });

  it('counts invitations a day across instances (finding 8)', async () => {
    const owner = await createAccount(a);
    await verifyEmail(a, owner.uid);
    const slug = `limits-${Math.random().toString(36).slice(2, 10)}`;
    const team = (await organizationCall(a, owner, 'create', { name: 'Limits', slug })).json() as {
      id: string;
    };
    const invite = (app: FastifyInstance, i: number) =>
      organizationCall(app, owner, 'invite-member', {
        email: `limit-${slug}-${i}@example.test`,
        role: 'member',
        organizationId: team.id,
      });
    for (let i = 0; i < 20; i++) expect((await invite(i % 2 === 0 ? a : b, i)).statusCode).toBe(200);
    const refused = await invite(b, 20);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limit:invitations');
  });

  it('refuses a credential stamped under an earlier epoch than its account’s (a race with the event)', async () => {
    const owner = await createAccount(a);
    const { id, key } = await newKey(a, owner.cookie);
    const ownKey = authenticator.newPasskey();
    expect((await authenticator.register(a, owner.cookie, ownKey)).statusCode).toBe(200);
    await a.database.db.update(user).set({ credentialEpoch: 5 }).where(eq(user.id, owner.uid));
    await a.database.db.update(apikey).set({ credentialEpoch: 4 }).where(eq(apikey.id, id));
    await a.database.db.update(passkey).set({ credentialEpoch: 4 }).where(eq(passkey.userId, owner.uid));
    await a.database.db.update(session).set({ credentialEpoch: 4 }).where(eq(session.userId, owner.uid));

    expect((await withKey(b, owner.uid, key)).statusCode).toBe(401);
    expect((await authenticator.signIn(b, ownKey)).statusCode).toBe(401);
    if (count === 1) {
      // The database's copy is the session (with Redis, better-auth reads its own copy first).
      expect(await getSession(b, owner.cookie)).toBeNull();
      expect((await requestToken(b, owner.cookie, owner.email)).statusCode).toBe(401);
    }
    // A sign-in whose password was checked before a reset changed it makes no session; nor one whose
    // passkey the reset removed.
    const stamp = (proof: SignInProof) =>
      withAuthRequestScope({ linkOrigin: TEST_ORIGIN, proofs: new Map([[owner.uid, proof]]) }, () =>
        stampNewSession(a.database.db)({ userId: owner.uid }),
      );
    await expect(stamp({ passwordHash: 'the hash before the reset' })).rejects.toMatchObject({
      body: { code: 'CREDENTIALS_ENDED' },
    });
    await expect(stamp({ passkeyId: 'a passkey the reset removed' })).rejects.toMatchObject({
      body: { code: 'CREDENTIALS_ENDED' },
    });
    // One whose proof holds does, under the account's current epoch.
    expect((await signIn(b, owner)).statusCode).toBe(200);
  });
});

describe('adding a long-lived credential needs a fresh sign-in', () => {
  let smtp: FakeSmtpServer;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const authenticator = createVirtualAuthenticator();
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp('pglite', { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: '0' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  const post = (path: string, cookie: string | undefined, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
    });
  /** The account's sessions signed in `minutes` ago. */
  const age = (uid: string, minutes: number) =>
    t.app.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000), reauthenticatedAt: null })
      .where(eq(session.userId, uid));

  it('refuses an API key or a passkey from a session older than 10 minutes until the password is given', async () => {
    const owner = await createAccount(t.app);
    await age(owner.uid, 11);
    const key = await post('api-key/create', owner.cookie, { name: 'Late' });
    expect(key.statusCode).toBe(403);
    expect(key.json().error).toEqual(REAUTH_REQUIRED);
    const passkeyOptions = await authenticator.register(t.app, owner.cookie, authenticator.newPasskey());
    expect(passkeyOptions.statusCode).toBe(403);
    expect(passkeyOptions.json().error).toEqual(REAUTH_REQUIRED);

    const wrong = await post('reauthenticate', owner.cookie, { password: 'Not#Mine123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('bad_request:invalid_password');
    expect((await post('api-key/create', owner.cookie, { name: 'Late' })).statusCode).toBe(403);

    const confirmed = await post('reauthenticate', owner.cookie, { password: owner.password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: true, reauthenticatedAt: expect.any(String) });
    // No new session or cookie: the same one is fresh again.
    expect(cookieHeader(confirmed)).toBe('');
    expect((await post('api-key/create', owner.cookie, { name: 'Late' })).statusCode).toBe(200);
    expect((await authenticator.register(t.app, owner.cookie, authenticator.newPasskey())).statusCode).toBe(
      200,
    );
  });

  it('takes an existing passkey instead of the password, never another account’s', async () => {
    const owner = await createAccount(t.app);
    const ownKey = authenticator.newPasskey();
    expect((await authenticator.register(t.app, owner.cookie, ownKey)).statusCode).toBe(200);
    const stranger = await createAccount(t.app);
    const strangerKey = authenticator.newPasskey();
    expect((await authenticator.register(t.app, stranger.cookie, strangerKey)).statusCode).toBe(200);
    await age(owner.uid, 30);
    expect((await post('api-key/create', owner.cookie, { name: 'Late' })).statusCode).toBe(403);

    const foreign = await authenticator.reauthenticate(t.app, owner.cookie, strangerKey);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden:passkey_of_another_account');
    expect((await post('api-key/create', owner.cookie, { name: 'Late' })).statusCode).toBe(403);

    const mine = await authenticator.reauthenticate(t.app, owner.cookie, ownKey);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await post('api-key/create', owner.cookie, { name: 'Late' })).statusCode).toBe(200);
    // The passkey's proof made no session of its own: the owner still has the one they had.
    const sessions = await t.app.database.db.select().from(session).where(eq(session.userId, owner.uid));
    expect(sessions).toHaveLength(1);
  });

  it('asks for one of the two, with a session', async () => {
    const owner = await createAccount(t.app);
    for (const payload of [{}, { password: '' }, { password: 'x', response: {} }, { token: 'x' }]) {
      const res = await post('reauthenticate', owner.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('bad_request:validation');
    }
    expect((await post('reauthenticate', undefined, { password: owner.password })).statusCode).toBe(401);
  });
});
