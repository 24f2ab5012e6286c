import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFields, cookieHeader, signIn } from '#tests/factories/account';
import { type FakeOAuthServer, startOAuthServer } from '#tests/fakes/oauth-server';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/**
 * Which pages may use the auth endpoints (docs/auth.md, "Origins"): with PUBLIC_URL unset, a page
 * from the address the request was sent to, when that is one of the server's own (an IP literal,
 * localhost, the machine's name, a TRUSTED_ORIGINS host), and no page at all for a request sent to any
 * other name (DNS rebinding); with PUBLIC_URL set, a page from it; TRUSTED_ORIGINS adds more in both
 * cases. Requests carry what Chromium sends with a fetch.
 */
const LOCAL_ADDRESSES = ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', '192.168.1.20:3000'];
const NO_LIMITS = { AUTH_RATE_LIMIT_PER_IP: '0', AUTH_RATE_LIMIT_PER_ACCOUNT: '0' };

function fetchHeaders(host: string, origin: string, extra: Record<string, string> = {}) {
  const site = origin === `http://${host}` || origin === `https://${host}` ? 'same-origin' : 'cross-site';
  return {
    host,
    origin,
    'sec-fetch-site': site,
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    ...extra,
  };
}

function signUpAt(
  app: FastifyInstance,
  host: string,
  origin: string,
  extra: Record<string, string> = {},
  account = accountFields(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: fetchHeaders(host, origin, extra),
    payload: account,
  });
}

const mismatch = (expected: string, used: string) =>
  `This server expects ${expected} but was opened at ${used}. Open it at ${expected}, or add ${used} to TRUSTED_ORIGINS.`;
const unknownName = (used: string) =>
  `This server was opened at ${used}, a name it does not know as its own. Set PUBLIC_URL to the address you use, or add ${used} to TRUSTED_ORIGINS.`;

/** A site's name rebound to this server's address: the browser sends the site's Host and Origin. */
const REBOUND = 'evil.example:3000';

describe.each(testDatabaseKinds())('origins (%s)', (kind) => {
  describe('PUBLIC_URL unset', () => {
    let oauth: FakeOAuthServer;
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      oauth = await startOAuthServer();
      t = await createTestApp(kind, {
        PUBLIC_URL: undefined,
        TRUSTED_ORIGINS: 'http://localhost:5173,http://draft.lan:3000',
        GOOGLE_CLIENT_ID: 'draftsmith-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_OAUTH_URL: oauth.url,
        ...NO_LIMITS,
      });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });
    afterAll(async () => {
      await t?.close();
      await oauth?.stop();
    });

    it.each(LOCAL_ADDRESSES)('signs up from a page opened at http://%s', async (host) => {
      const res = await signUpAt(t.app, host, `http://${host}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(cookieHeader(res)).toContain('better-auth.session_token=');
      // No Secure flag: over plain http on a LAN address the browser would drop the cookie.
      expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    });

    it('signs up from a page opened at this machine’s name (os.hostname()), in any case and on any port', async () => {
      for (const host of [`${hostname()}:3000`, `${hostname().toUpperCase()}.local:8080`]) {
        const origin = new URL(`http://${host}`).origin;
        const res = await signUpAt(t.app, host, origin);
        expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
        expect(cookieHeader(res)).toContain('better-auth.session_token=');
      }
    });

    it('signs up from a page opened at a name TRUSTED_ORIGINS lists, that name counting as its own on any port', async () => {
      for (const host of ['draft.lan:3000', 'draft.lan:8080']) {
        const res = await signUpAt(t.app, host, `http://${host}`);
        expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
      }
      // The name is trusted, not every page on it: a page from another port stays another origin.
      const other = await signUpAt(t.app, 'draft.lan:8080', 'http://draft.lan:9090');
      expect(other.statusCode).toBe(403);
      expect(other.json().error.message).toBe(mismatch('http://draft.lan:8080', 'http://draft.lan:9090'));
    });

    it('refuses a page from a name rebound to this server (DNS rebinding), saying what to set', async () => {
      const res = await signUpAt(t.app, REBOUND, `http://${REBOUND}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'forbidden:origin', message: unknownName(`http://${REBOUND}`) },
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      // Whatever the page says it is: a form from a no-referrer page sends Origin null, which better-auth
      // would take for the request's own address.
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: {
          host: REBOUND,
          origin: 'null',
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'navigate',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ ...accountFields() }).toString(),
      });
      expect(form.statusCode).toBe(403);
      expect(form.json().error.message).toBe(unknownName(`http://${REBOUND}`));
      for (const page of ['http://127.0.0.1:3000', 'http://localhost:5173']) {
        const fromOwn = await signUpAt(t.app, REBOUND, page);
        expect(fromOwn.statusCode).toBe(403);
        expect(fromOwn.json().error.message).toBe(unknownName(`http://${REBOUND}`));
      }
    });

    it('gives a rebound page no session and no token, not even with a cookie it already holds', async () => {
      const account = accountFields();
      const created = await signUpAt(t.app, '127.0.0.1:3000', 'http://127.0.0.1:3000', {}, account);
      expect(created.statusCode, created.body).toBe(200);
      const credentials = { email: account.email, password: account.password };
      const signedIn = await signIn(t.app, credentials, fetchHeaders(REBOUND, `http://${REBOUND}`));
      expect(signedIn.statusCode).toBe(403);
      expect(signedIn.json().error.code).toBe('forbidden:origin');
      expect(signedIn.headers['set-cookie']).toBeUndefined();

      // A session cookie taken at a rebound name before this check (the server cannot tell them apart).
      const jwtAt = (host: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/jwt',
          headers: { ...fetchHeaders(host, `http://${host}`), cookie: cookieHeader(created) },
          payload: { email: account.email },
        });
      const rebound = await jwtAt(REBOUND);
      expect(rebound.statusCode).toBe(403);
      expect(rebound.json()).toEqual({
        error: { code: 'forbidden:origin', message: unknownName(`http://${REBOUND}`) },
      });
      const own = await jwtAt('127.0.0.1:3000');
      expect(own.statusCode, own.body).toBe(200);
    });

    it.each([
      ['another site', '127.0.0.1:3000', 'https://evil.example'],
      ['another port', '127.0.0.1:3000', 'http://127.0.0.1:4000'],
      ['another scheme', '127.0.0.1:3000', 'https://127.0.0.1:3000'],
      ['another name for the same machine', '127.0.0.1:3000', 'http://localhost:3000'],
    ])('refuses a page from %s, saying which address it expects', async (_what, host, origin) => {
      const res = await signUpAt(t.app, host, origin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'forbidden:origin', message: mismatch(`http://${host}`, origin) },
      });
    });

    it('refuses cookie-authenticated calls from another site, and without an Origin as better-auth does', async () => {
      const host = '127.0.0.1:3000';
      const signedUp = await signUpAt(t.app, host, `http://${host}`);
      const cookie = cookieHeader(signedUp);
      const signOut = (headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { host, cookie, ...headers } });

      const crossSite = await signOut({ origin: 'https://evil.example' });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json().error.code).toBe('forbidden:origin');
      for (const headers of [{}, { origin: 'null' }] as Record<string, string>[]) {
        const res = await signOut(headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('forbidden:missing_or_null_origin');
      }
      // The session survived all of that, and its own page may end it.
      const session = await t.app.inject({ url: '/api/auth/get-session', headers: { host, cookie } });
      expect(session.json()?.user?.email).toBeTruthy();
      const own = await signOut({ origin: `http://${host}` });
      expect(own.statusCode, own.body).toBe(200);
    });

    it('does not take X-Forwarded-Host or -Proto from a client when no proxy is trusted', async () => {
      const res = await signUpAt(t.app, '127.0.0.1:3000', 'https://draft.example.com', {
        'x-forwarded-host': 'draft.example.com',
        'x-forwarded-proto': 'https',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(mismatch('http://127.0.0.1:3000', 'https://draft.example.com'));
    });

    it('accepts a page TRUSTED_ORIGINS lists beside the request’s own address', async () => {
      expect((await signUpAt(t.app, '127.0.0.1:3000', 'http://localhost:5173')).statusCode).toBe(200);
      expect((await signUpAt(t.app, '127.0.0.1:3000', 'http://127.0.0.1:3000')).statusCode).toBe(200);
      expect((await signUpAt(t.app, '127.0.0.1:3000', 'http://localhost:5174')).statusCode).toBe(403);
    });

    it.each(['127.0.0.1:3000', 'localhost:3000', '[::1]:3000'])(
      'sends a user who opened http://%s back to that address',
      async (host) => {
        oauth.setUser({
          id: `sub-${host}`,
          email: `social-${host.replace(/\W/g, '')}@example.test`,
          name: 'Ada',
        });
        const start = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          headers: fetchHeaders(host, `http://${host}`),
          payload: {
            provider: 'google',
            callbackURL: '/services/code-explainer',
            errorCallbackURL: '/signin',
          },
        });
        expect(start.statusCode, start.body).toBe(200);
        const authorizeUrl = new URL(start.json().url);
        expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`http://${host}/api/auth/callback/google`);

        const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
        const callback = new URL(authorize.headers.get('location') ?? '');
        expect(callback.origin).toBe(`http://${host}`);
        const done = await t.app.inject({
          url: `${callback.pathname}${callback.search}`,
          headers: { host, cookie: cookieHeader(start) },
        });
        expect(done.statusCode, done.body).toBe(302);
        expect(done.headers.location).toBe('/services/code-explainer');
        expect(cookieHeader(done)).toContain('better-auth.session_token=');
      },
    );

    it('lands a failed callback on the sign-in screen of the address used', async () => {
      const done = await t.app.inject({
        url: '/api/auth/callback/google?error=access_denied',
        headers: { host: '127.0.0.1:3000' },
      });
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe('/signin?error=state_not_found');
    });

    it.each(['127.0.0.1', 'localhost'])(
      'over a socket on 127.0.0.1, signs up a page opened at http://%s:<port>',
      async (name) => {
        const origin = `http://${name}:${port}`;
        const res = await fetch(`${origin}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin,
            'sec-fetch-site': 'same-origin',
            'sec-fetch-mode': 'cors',
          },
          body: JSON.stringify(accountFields()),
        });
        expect(res.status, await res.clone().text()).toBe(200);

        const crossSite = await fetch(`${origin}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: 'https://evil.example',
            'sec-fetch-site': 'cross-site',
          },
          body: JSON.stringify(accountFields()),
        });
        expect(crossSite.status).toBe(403);
        expect(((await crossSite.json()) as { error: { message: string } }).error.message).toBe(
          mismatch(origin, 'https://evil.example'),
        );
      },
    );
  });

  describe('PUBLIC_URL unset, behind a trusted proxy', () => {
    let oneHop: TestApp;
    let trusting: TestApp;
    let otherProxy: TestApp;
    beforeAll(async () => {
      // app.inject's requests come from 127.0.0.1: trusted as the one hop, not as 10.0.0.1.
      oneHop = await createTestApp(kind, { PUBLIC_URL: undefined, TRUST_PROXY: '1', ...NO_LIMITS });
      trusting = await createTestApp(kind, {
        PUBLIC_URL: undefined,
        TRUST_PROXY: '1',
        TRUSTED_ORIGINS: 'https://draft.example.com',
        ...NO_LIMITS,
      });
      otherProxy = await createTestApp(kind, {
        PUBLIC_URL: undefined,
        TRUST_PROXY: '10.0.0.1',
        ...NO_LIMITS,
      });
    });
    afterAll(async () => {
      await oneHop?.close();
      await trusting?.close();
      await otherProxy?.close();
    });

    const forwarded = { 'x-forwarded-host': 'draft.example.com', 'x-forwarded-proto': 'https' };

    it('answers as the forwarded address the trusted proxy names, when that is one of its own', async () => {
      const lan = { 'x-forwarded-host': '192.168.1.20:8443', 'x-forwarded-proto': 'https' };
      const res = await signUpAt(oneHop.app, '127.0.0.1:3000', 'https://192.168.1.20:8443', lan);
      expect(res.statusCode, res.body).toBe(200);
      const refused = await signUpAt(oneHop.app, '127.0.0.1:3000', 'http://127.0.0.1:3000', lan);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(
        mismatch('https://192.168.1.20:8443', 'http://127.0.0.1:3000'),
      );
    });

    it('checks the forwarded name as it checks a Host: refused unless TRUSTED_ORIGINS names it', async () => {
      const res = await signUpAt(oneHop.app, '127.0.0.1:3000', 'https://draft.example.com', forwarded);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'forbidden:origin', message: unknownName('https://draft.example.com') },
      });
      const listed = await signUpAt(trusting.app, '127.0.0.1:3000', 'https://draft.example.com', forwarded);
      expect(listed.statusCode, listed.body).toBe(200);
      // A rebound name the proxy passes on is refused, whatever Host reached the server.
      const rebound = { 'x-forwarded-host': REBOUND, 'x-forwarded-proto': 'http' };
      const evil = await signUpAt(trusting.app, '127.0.0.1:3000', `http://${REBOUND}`, rebound);
      expect(evil.statusCode).toBe(403);
      expect(evil.json().error.message).toBe(unknownName(`http://${REBOUND}`));
    });

    it('ignores forwarded headers from a proxy it does not trust', async () => {
      const res = await signUpAt(otherProxy.app, '127.0.0.1:3000', 'https://draft.example.com', forwarded);
      expect(res.statusCode).toBe(403);
      const own = await signUpAt(otherProxy.app, '127.0.0.1:3000', 'http://127.0.0.1:3000', forwarded);
      expect(own.statusCode, own.body).toBe(200);
    });
  });

  describe('PUBLIC_URL set', () => {
    let t: TestApp;
    let withExtra: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        PUBLIC_URL: 'https://draft.example.com',
        AUTH_RATE_LIMIT_PER_IP: '0',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '2',
      });
      withExtra = await createTestApp(kind, {
        PUBLIC_URL: 'https://draft.example.com',
        TRUSTED_ORIGINS: 'http://10.0.0.5:3000, http://localhost:5173',
        ...NO_LIMITS,
      });
    });
    afterAll(async () => {
      await t?.close();
      await withExtra?.close();
    });

    it('accepts pages from PUBLIC_URL, with secure cookies for an https address', async () => {
      const res = await signUpAt(t.app, 'draft.example.com', 'https://draft.example.com');
      expect(res.statusCode, res.body).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/__Secure-better-auth\.session_token=.*;\s*Secure/i);
    });

    it('refuses a page opened at another address with the fix: the address to open, or TRUSTED_ORIGINS', async () => {
      const res = await signUpAt(t.app, '10.0.0.5:3000', 'http://10.0.0.5:3000');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'forbidden:origin',
          message:
            'This server expects https://draft.example.com but was opened at http://10.0.0.5:3000. Open it at https://draft.example.com, or add http://10.0.0.5:3000 to TRUSTED_ORIGINS.',
        },
      });
    });

    it('reads the page from Referer when there is no Origin, as better-auth does', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: {
          host: '10.0.0.5:3000',
          referer: 'http://10.0.0.5:3000/signup',
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'cors',
        },
        payload: accountFields(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(mismatch('https://draft.example.com', 'http://10.0.0.5:3000'));
    });

    it('does not count a refused page against the account (the password was never checked)', async () => {
      const account = accountFields();
      const created = await signUpAt(t.app, 'draft.example.com', 'https://draft.example.com', {}, account);
      expect(created.statusCode, created.body).toBe(200);
      const credentials = { email: account.email, password: account.password };
      for (let i = 0; i < 3; i++) {
        const refused = await signIn(
          t.app,
          credentials,
          fetchHeaders('10.0.0.5:3000', 'http://10.0.0.5:3000'),
        );
        expect(refused.statusCode).toBe(403);
      }
      const own = await signIn(
        t.app,
        credentials,
        fetchHeaders('draft.example.com', 'https://draft.example.com'),
      );
      expect(own.statusCode, own.body).toBe(200);
    });

    it('accepts the pages TRUSTED_ORIGINS lists, and only those', async () => {
      for (const origin of ['https://draft.example.com', 'http://10.0.0.5:3000', 'http://localhost:5173']) {
        const res = await signUpAt(withExtra.app, new URL(origin).host, origin);
        expect(res.statusCode, `${origin}: ${res.body}`).toBe(200);
      }
      const other = await signUpAt(withExtra.app, '10.0.0.6:3000', 'http://10.0.0.6:3000');
      expect(other.statusCode).toBe(403);
      expect(other.json().error.message).toBe(mismatch('https://draft.example.com', 'http://10.0.0.6:3000'));
    });
  });
});
