import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { user } from '#server/db/schema';

/** The app's public origin in tests (the PUBLIC_URL createTestApp sets), sent as Origin like a browser. */
export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** A valid sign-up payload (docs/product.md §5) with a unique e-mail address. */
export function accountFields(overrides: Partial<TestAccount> = {}): TestAccount {
  const id = randomBytes(4).toString('hex');
  return { name: `writer-${id}`, email: `writer-${id}@example.test`, password: 'Secret#123', ...overrides };
}

/** `name=value` pairs of every Set-Cookie of a response, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair !== '' && !pair.endsWith('='))
    .join('; ');
}

export async function signUp(
  app: FastifyInstance,
  account: TestAccount,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: account,
  });
}

export async function signIn(
  app: FastifyInstance,
  credentials: Pick<TestAccount, 'email' | 'password'>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: credentials,
  });
}

/** Signs up a new account through better-auth and returns it with its session cookie. */
export async function createAccount(
  app: FastifyInstance,
  overrides: Partial<TestAccount> = {},
  headers: Record<string, string> = {},
) {
  const account = accountFields(overrides);
  const response = await signUp(app, account, headers);
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string } };
  return { ...account, uid: body.user.id, cookie: cookieHeader(response) };
}

/** POST /api/jwt with a session cookie; returns the response. */
export async function requestToken(app: FastifyInstance, cookie: string | undefined, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/jwt',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { email },
  });
}

/**
 * Marks the account's address verified, as opening its verification link does (the link's own path is
 * tested in email-verification.test.ts): for suites whose accounts need a verified address (an
 * administrator, a team owner who invites).
 */
export async function verifyEmail(app: FastifyInstance, uid: string): Promise<void> {
  await app.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, uid));
}
