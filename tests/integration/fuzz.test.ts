import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '#server/auth/auth';
import { authExtensions } from '#server/auth-extensions';
import { createAccount, requestToken } from '#tests/factories/account';
import { type Route, routesOf } from '#tests/helpers/routes';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';
import { pick, type Random, randomBody, randomHeaders, randomString, seededRandom } from './fuzz-inputs.ts';

/**
 * A bounded fuzz of every route (read from the router, so new routes are covered) and every
 * better-auth endpoint: random bodies, content types and headers must never produce a 5xx, and every
 * error must come in the API's `{error: {code, message}}` shape. FUZZ_SEED / FUZZ_RUNS reproduce or
 * extend a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260522);
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);

/** better-auth's own endpoints behind the /api/auth/* catch-all. */
function authEndpoints(t: TestApp): Route[] {
  const auth = createAuth({
    config: t.app.config,
    db: t.app.database.db,
    secret: 'fuzz-secret-that-is-at-least-32-characters',
    redis: null,
    revocations: t.app.accessTokens.revocations,
    fileStorage: t.app.fileStorage,
    log: t.app.log,
    mailer: t.app.mailer,
    extensions: authExtensions(t.app),
  });
  return Object.values(auth.api).flatMap((endpoint) => {
    const { path, options } = endpoint as unknown as {
      path?: string;
      options?: { method?: string | string[] };
    };
    if (!path) return [];
    const methods = [options?.method ?? 'GET'].flat().filter((m) => m === 'GET' || m === 'POST');
    return methods.map((method) => ({ method: method as HTTPMethods, path: `/api/auth${path}` }));
  });
}

function fillParams(random: Random, path: string, uid: string): string {
  const encode = (text: string) => encodeURIComponent(text.toWellFormed());
  const value = () =>
    encode(
      pick(random, [
        uid,
        uid,
        randomString(random),
        '../../auth-secret',
        '00000000-0000-0000-0000-000000000000.png',
      ]),
    );
  const rest = () => pick(random, ['ok', 'error', encode(randomString(random)), '']);
  return path.replace(/:[A-Za-z]+/g, value).replace('*', rest);
}

const AI_ROUTES =
  /\/(explain-code|refactor-code|generate-article|email-helper|doc-summarizer|resume-assistant|generations)/;

describe.each(testDatabaseKinds())('fuzz (%s)', (kind) => {
  let t: TestApp;
  let routes: Route[];
  let valid: { bearer: string; cookie: string; uid: string };
  beforeAll(async () => {
    // No rate limits, so the fuzz reaches the handlers; a dead AI endpoint, so nothing leaves the machine.
    t = await createTestApp(kind, {
      LOG_LEVEL: process.env.FUZZ_LOG ?? 'silent',
      AUTH_RATE_LIMIT_PER_IP: '0',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '0',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'none',
      AI_API_KEY: 'none',
    });
    routes = [
      ...routesOf(t.app),
      ...authEndpoints(t),
      { method: 'GET', path: '/api/auth/*' },
      { method: 'POST', path: '/api/auth/*' },
    ].filter((r): r is Route => r.method !== 'HEAD');
    const account = await createAccount(t.app);
    const token = await requestToken(t.app, account.cookie, account.email);
    valid = { bearer: token.json().token, cookie: account.cookie, uid: account.uid };
  });
  afterAll(() => t?.close());

  it('covers our routes and better-auth endpoints', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const expected of [
      'POST /api/jwt',
      'POST /api/users',
      'GET /api/users/:uid',
      'PUT /api/users/:uid/photo',
      'GET /api/uploads/:key',
      'GET /api/config',
      'POST /api/auth/sign-up/email',
      'POST /api/auth/sign-in/social',
      'GET /api/auth/callback/:id',
      'POST /api/auth/update-user',
      'GET /metrics',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it.each([
    ['GET', '/api/users/%zz'],
    ['GET', `/api/users/${'x'.repeat(300)}`],
    ['GET', '/api/auth/%E0%A4%A'],
    ['POST', '/api/jwt?%'],
  ] as const)('answers %s %s (a URL the router cannot take) with a JSON 4xx', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(hasErrorShape(res.body)).toBe(true);
  });

  it(`never answers with a 5xx (${RUNS} requests, seed ${SEED})`, { timeout: 240_000 }, async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const route = pick(random, routes);
      const url = fillParams(random, route.path, valid.uid);
      const body =
        route.method === 'GET' ? { contentType: undefined, payload: undefined } : randomBody(random);
      const headers = randomHeaders(random, valid);
      // Never hand the AI routes a valid token: a real generation is not what this test is about.
      if (AI_ROUTES.test(url) && headers.authorization?.includes(valid.bearer)) delete headers.authorization;
      if (body.contentType) headers['content-type'] = body.contentType;
      const res = await t.app.inject({ method: route.method, url, headers, payload: body.payload });
      const problem =
        res.statusCode >= 500
          ? `status ${res.statusCode}`
          : res.statusCode >= 400 && !hasErrorShape(res.body)
            ? 'error body not in {error:{code,message}} shape'
            : null;
      if (problem) {
        const shortUrl = url.length > 120 ? `${url.slice(0, 120)}…` : url;
        const shortHeaders = JSON.stringify(headers).slice(0, 300);
        failures.push(
          `#${i} ${route.method} ${shortUrl} → ${problem}: ${res.body.slice(0, 200)} (headers ${shortHeaders})`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});

function hasErrorShape(raw: string): boolean {
  try {
    const body = JSON.parse(raw) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}
