import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFields, createAccount, TEST_ORIGIN } from '#tests/factories/account';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/**
 * better-auth routes on the resolved URL, so every spelling of an auth path that resolves to an
 * endpoint must get exactly the checks of its canonical spelling: the same status, the same body
 * rules, and the same counters. Requests go over a raw socket so that nothing on the way (a client
 * library, light-my-request) tidies the path first.
 */
const spellings = (endpoint: string): string[] => {
  const [first, second] = endpoint.split('/').filter(Boolean) as [string, string];
  return [
    `/api/auth/${first}/${second}`,
    `/api/auth/x/../${first}/${second}`,
    `/api/auth/x/%2e%2e/${first}/${second}`,
    `/api/auth/x/%2E%2E/${first}/${second}`,
    `/api/auth/x/.%2e/${first}/${second}`,
    `/api/auth/./${first}/${second}`,
    `/api/auth/%2e/${first}/${second}`,
    `/api/auth/${first}/./${second}`,
    `/api/auth/${first}/x/../${second}`,
    `/api/auth\\${first}\\${second}`,
    `/api/auth/x\\..\\${first}/${second}`,
    `/api/auth/${first}%2f${second}`,
    `/api/auth/${first}/${second}/`,
    `/api/auth//${first}/${second}`,
    `/api/auth/${first.toUpperCase()}/${second}`,
    `/api/auth/${first}/%65${second.slice(1)}`,
    `/api/auth/${first}/${second}?${first}=${second}`,
    `/api/auth/${first}/${second};x=1`,
    `/api/./auth/${first}/${second}`,
    `/api/x/../auth/${first}/${second}`,
  ];
};

interface RawReply {
  status: number;
  body: string;
}

function rawPost(port: number, path: string, body: unknown): Promise<RawReply> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${TEST_ORIGIN}\r\n` +
          `Content-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
      );
    });
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      raw += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, body: raw.slice(raw.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('auth endpoints under other spellings of their path', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it.each(spellings('sign-up/email'))('%s keeps the sign-up rules', async (path) => {
    // A password better-auth itself accepts (6 letters): only the product's rule refuses it.
    const weak = { name: 'spelling', email: accountFields().email, password: 'abcdef' };
    const reply = await rawPost(port, path, weak);
    if (path === '/api/auth/sign-up/email') expect(reply.status).toBe(400);
    // Served as a sign-up, it must fail the shared rules; otherwise it must not be served at all.
    expect([400, 404]).toContain(reply.status);
    if (reply.status === 400) {
      expect(JSON.parse(reply.body).error.message).toBe(
        'Password must contain at least one uppercase letter',
      );
    }
  });

  it.each(spellings('sign-in/email'))('%s counts against the same sign-in limit', async (path) => {
    const account = await createAccount(t.app);
    const wrong = { email: account.email, password: 'Wrong#1234' };
    const first = await rawPost(port, path, wrong);
    if (path === '/api/auth/sign-in/email') expect(first.status).toBe(401);
    expect([401, 404]).toContain(first.status);
    if (first.status === 404) return;
    for (let i = 0; i < 2; i++) expect((await rawPost(port, path, wrong)).status).toBe(401);
    // The fourth wrong password, under this spelling or the canonical one, is refused.
    expect((await rawPost(port, path, wrong)).status).toBe(429);
    expect((await rawPost(port, '/api/auth/sign-in/email', wrong)).status).toBe(429);
  });

  it('a spelling that leaves /api/auth is a 404 in the API shape', async () => {
    const reply = await rawPost(port, '/api/auth/../jwt', { email: 'a@b.c' });
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body).error.code).toBe('not_found:api');
  });
});

describe('password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
  });

  it('limits wrong current passwords per session, like sign-in', async () => {
    const account = await createAccount(t.app);
    const guess = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: TEST_ORIGIN, cookie: account.cookie },
        payload: { currentPassword, newPassword: 'Another#2026' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await guess(`Wrong#${i}abc`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const limited = await guess(account.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limit:change_password');
  });
  afterAll(() => t?.close());

  it.each(['/api/auth/change-password', '/api/auth/x/%2e%2e/change-password'])(
    '%s holds the new password to the sign-up rules',
    async (url) => {
      const account = await createAccount(t.app);
      const change = (newPassword: string) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { origin: TEST_ORIGIN, cookie: account.cookie },
          payload: { currentPassword: account.password, newPassword },
        });
      const weak = await change('abcdef');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error).toEqual({
        code: 'bad_request:validation',
        message: 'Password must contain at least one uppercase letter',
      });
      expect((await change('Better#2026')).statusCode).toBe(200);
    },
  );
});

describe('better-auth endpoints the product does not offer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it.each([
    ['POST', '/api/auth/verify-password'],
    // The linked providers' own tokens stay on the server (list/link/unlink are offered: the account page).
    ['POST', '/api/auth/get-access-token'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/refresh-token'],
    // The reset mail links to the web page; better-auth's redirecting GET is not used.
    ['GET', '/api/auth/reset-password/some-token'],
    // Deleting a user goes through delete-user with the password, never a mailed link.
    ['GET', '/api/auth/delete-user/callback'],
    // The admin plugin's endpoints: administrators act through /api/admin (admin-api.test.ts).
    ['POST', '/api/auth/admin/set-role'],
    ['POST', '/api/auth/admin/impersonate-user'],
    ['POST', '/api/auth/api-key/verify'],
    ['GET', '/api/auth/x/../account-info'],
  ] as const)('%s %s answers 404, even signed in', async (method, url) => {
    const account = await createAccount(t.app);
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
      ...(method === 'POST' ? { payload: { password: account.password } } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found:api');
  });
});
