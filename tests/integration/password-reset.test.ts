import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification } from '#server/db/schema';
import { createAccount, requestToken, signIn, TEST_ORIGIN } from '#tests/factories/account';
import { type FakeSmtpServer, startFakeSmtp } from '#tests/fakes/smtp-server';
import { firstLink } from '#tests/helpers/mail-message';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

/** A POST with a Host of the caller's choosing (fetch sends the URL's own): the status it answered. */
function rawRequest(port: number, path: string, host: string, body: object): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const SAME_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

describe.each(testDatabaseKinds())('password reset by e-mail (%s)', (kind) => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  let ipCounter = 0;
  /** Each test calls from its own address, so the per-IP limits of one do not touch another. */
  const nextIp = () => `10.20.0.${++ipCounter}`;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: '10' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const requestReset = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN },
      payload: { email },
    });
  const resetPassword = (token: string, newPassword: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword },
    });
  const profile = (uid: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${uid}`, headers: { authorization: `Bearer ${token}` } });
  /** A fresh account whose sign-up verification mail has been taken out of the way. */
  const account = async () => {
    const created = await createAccount(t.app);
    await smtp.nextMessageTo(created.email);
    return created;
  };
  const resetTokenFromMail = async (email: string) => {
    const mail = await smtp.nextMessageTo(email);
    const link = new URL(firstLink(mail.text));
    return { mail, link, token: link.searchParams.get('token') ?? '' };
  };

  it('mails a link to the web page that sets the new password and ends every session', async () => {
    const ip = nextIp();
    const user = await account();
    const minted = await requestToken(t.app, user.cookie, user.email);
    const oldToken = minted.json().token as string;
    expect((await profile(user.uid, oldToken)).statusCode).toBe(200);
    // A personal API key made before the reset (by the owner, or by whoever held the account).
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/create',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { name: 'Before the reset' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const apiKey = created.json().key as string;
    const withKey = () => t.app.inject({ url: `/api/users/${user.uid}`, headers: { 'x-api-key': apiKey } });
    expect((await withKey()).statusCode).toBe(200);
    // Its owner heard of it (credential-plugin.ts), whoever made it.
    const told = await smtp.nextMessageTo(user.email);
    expect(told.subject).toBe('A new API key was added to your account');

    const asked = await requestReset(user.email, ip);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(SAME_ANSWER);

    const { mail, link, token } = await resetTokenFromMail(user.email);
    expect(mail.subject).toBe('Reset your Draftsmith password');
    expect(mail.from).toBe('Draftsmith <no-reply@localhost>');
    expect(mail.auth).toEqual({ username: 'mailer', password: 'smtp-secret' });
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/reset-password`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // Plain text and HTML both show the link in full.
    expect(mail.text).toContain(link.href);
    expect(mail.text).toContain(`Hi ${user.name},`);
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain(`>${link.href}</a>`);

    const reset = await resetPassword(token, 'Brand#New42', ip);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: true });

    // Every session ended, and with them their access tokens, at once; the API keys are gone.
    const refused = await profile(user.uid, oldToken);
    expect(refused.statusCode).toBe(401);
    expect((await withKey()).statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized:token');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    });
    expect(session.json()).toBeNull();

    expect((await signIn(t.app, { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await signIn(t.app, { email: user.email, password: 'Brand#New42' })).statusCode).toBe(200);

    // The link works once.
    const again = await resetPassword(token, 'Other#Pass77', ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('bad_request:invalid_token');
    expect((await signIn(t.app, { email: user.email, password: 'Other#Pass77' })).statusCode).toBe(401);
  });

  it('holds the new password to the sign-up rules', async () => {
    const ip = nextIp();
    const user = await account();
    await requestReset(user.email, ip);
    const { token } = await resetTokenFromMail(user.email);
    const weak = await resetPassword(token, 'weakpass', ip);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toEqual({
      code: 'bad_request:validation',
      message: 'Password must contain at least one uppercase letter',
    });
    // The token was not used up by the refused attempt.
    expect((await resetPassword(token, 'Strong#Pass1', ip)).statusCode).toBe(200);
  });

  it('refuses a link after its hour', async () => {
    const ip = nextIp();
    const user = await account();
    await requestReset(user.email, ip);
    const { token } = await resetTokenFromMail(user.email);
    const { db } = t.app.database;
    const mine = and(like(verification.identifier, 'reset-password:%'), eq(verification.value, user.uid));
    const [row] = await db.select().from(verification).where(mine);
    expect(row).toBeDefined();
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(3590_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000);

    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(mine);
    const expired = await resetPassword(token, 'Late#Pass99', ip);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('bad_request:invalid_token');
    expect((await signIn(t.app, { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const ip = nextIp();
    const user = await account();
    const nobody = `nobody-${user.uid.slice(0, 6).toLowerCase()}@example.test`;
    const unknown = await requestReset(nobody, ip);
    const known = await requestReset(user.email, ip);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await smtp.nextMessageTo(user.email);
    expect(smtp.messagesTo(nobody)).toHaveLength(0);
  });

  it('limits requests per address (known or not) and per IP', async () => {
    const user = await account();
    const nobody = `ghost-${user.uid.slice(0, 6).toLowerCase()}@example.test`;
    for (const email of [user.email, nobody]) {
      // From one network: 5 an hour for an address.
      const network = nextIp();
      for (let i = 0; i < 5; i++) expect((await requestReset(email, network)).statusCode).toBe(200);
      const limited = await requestReset(email, network);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limit:reset_request');
      expect(limited.json().error.message).toMatch(/^Too many password reset requests\. Try again in /);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Someone else's network still gets its own, up to 20 an hour for the address in all.
      for (let i = 0; i < 15; i++) expect((await requestReset(email, nextIp())).statusCode).toBe(200);
      expect((await requestReset(email, nextIp())).statusCode).toBe(429);
    }
    for (let i = 0; i < 20; i++) await smtp.nextMessageTo(user.email);
    expect(smtp.messagesTo(user.email).filter((m) => m.subject.startsWith('Reset'))).toHaveLength(20);

    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await requestReset(`ip-${i}-${user.uid.slice(0, 6)}@example.test`, ip)).statusCode).toBe(200);
    }
    const byIp = await requestReset(`ip-x-${user.uid.slice(0, 6)}@example.test`, ip);
    expect(byIp.statusCode).toBe(429);
    expect(byIp.json().error.code).toBe('rate_limit:reset_request');
  });

  it('does not offer better-auth’s GET /reset-password/:token redirect', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/abc?callbackURL=/reset-password',
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('password reset when the SMTP server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every delivery fails.
    t = await createTestApp('pglite', { SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t?.close());

  it('answers as usual: a mail failure is only logged', async () => {
    const user = await createAccount(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);
  });
});

/** With PUBLIC_URL unset, links follow the address the request was sent to, but only this server's own. */
describe('reset links without PUBLIC_URL', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp('pglite', { SMTP_URL: smtp.url, PUBLIC_URL: undefined, PORT: '3000' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const requestFrom = (host: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { host, origin: `http://${host}` },
      payload: { email },
    });

  it('never mails a link to an address a request merely claims (an IP that is not this machine’s)', async () => {
    const created = await createAccount(
      t.app,
      {},
      { host: 'localhost:3000', origin: 'http://localhost:3000' },
    );
    await smtp.nextMessageTo(created.email); // the sign-up verification mail
    const forged = await requestFrom('6.6.6.6:8080', created.email);
    expect(forged.statusCode).toBe(200);
    const mail = await smtp.nextMessageTo(created.email);
    const link = new URL(firstLink(mail.text));
    expect(link.origin).toBe('http://localhost:3000');
    expect(mail.text).not.toContain('6.6.6.6');
  });

  it('keeps the address the user opened when it is this machine’s own', async () => {
    const created = await createAccount(
      t.app,
      {},
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
    );
    await smtp.nextMessageTo(created.email);
    await requestFrom('127.0.0.1:3000', created.email);
    const link = new URL(firstLink((await smtp.nextMessageTo(created.email)).text));
    expect(link.origin).toBe('http://127.0.0.1:3000');
  });
  it('takes the port the server listens on, never the one a Host header names', async () => {
    const created = await createAccount(
      t.app,
      {},
      { host: 'localhost:3000', origin: 'http://localhost:3000' },
    );
    await smtp.nextMessageTo(created.email);
    // Another program may listen on 127.0.0.1:9999 of a shared host: the link must not lead there.
    await requestFrom('127.0.0.1:9999', created.email);
    const link = new URL(firstLink((await smtp.nextMessageTo(created.email)).text));
    expect(link.origin).toBe('http://127.0.0.1:3000');
  });
});

describe('reset links from a listening server without PUBLIC_URL', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp('pglite', { SMTP_URL: smtp.url, PUBLIC_URL: undefined, PORT: '3000' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('builds the link on the port the request arrived on, whatever Host says', async () => {
    const email = `listening-${Date.now()}@example.test`;
    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ name: 'listener', email, password: 'Secret#123' }),
    });
    expect(signUp.status).toBe(200);
    await smtp.nextMessageTo(email);
    const forged = await rawRequest(port, '/api/auth/request-password-reset', '127.0.0.1:9999', { email });
    expect(forged).toBe(200);
    const link = new URL(firstLink((await smtp.nextMessageTo(email)).text));
    expect(link.origin).toBe(`http://127.0.0.1:${port}`);
  });
});

describe('reset links behind a trusted proxy without PUBLIC_URL', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp('pglite', {
      SMTP_URL: smtp.url,
      PUBLIC_URL: undefined,
      PORT: '3000',
      TRUST_PROXY: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('takes the forwarded name, port and scheme the user reached the proxy at', async () => {
    const proxied = {
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-host': 'localhost:8443',
      'x-forwarded-proto': 'https',
      host: '127.0.0.1:3000',
    };
    const created = await createAccount(t.app, {}, { ...proxied, origin: 'https://localhost:8443' });
    await smtp.nextMessageTo(created.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { ...proxied, origin: 'https://localhost:8443' },
      payload: { email: created.email },
    });
    expect(res.statusCode).toBe(200);
    const link = new URL(firstLink((await smtp.nextMessageTo(created.email)).text));
    expect(link.origin).toBe('https://localhost:8443');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'reset links without PUBLIC_URL across two instances (postgres + redis)',
  () => {
    let smtp: FakeSmtpServer;
    let instances: TestInstances | undefined;
    beforeAll(async () => {
      smtp = await startFakeSmtp();
      instances = await createTestInstances(2, {
        SMTP_URL: smtp.url,
        PORT: '3000',
        REDIS_URL: process.env.TEST_REDIS_URL,
        AUTH_RATE_LIMIT_PER_IP: '0',
      });
    });
    afterAll(async () => {
      await instances?.close();
      await smtp?.stop();
    });

    it('takes the port the server listens on, never a Host header’s, on every instance', async () => {
      const [a, b] = (instances?.apps ?? []) as [FastifyInstance, FastifyInstance];
      const created = await createAccount(a, {}, { host: 'localhost:3000', origin: 'http://localhost:3000' });
      await smtp.nextMessageTo(created.email);
      const asked = await b.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { host: '127.0.0.1:9999', origin: 'http://127.0.0.1:9999' },
        payload: { email: created.email },
      });
      expect(asked.statusCode).toBe(200);
      const link = new URL(firstLink((await smtp.nextMessageTo(created.email)).text));
      expect(link.origin).toBe('http://127.0.0.1:3000');
    });
  },
);
