import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '#tests/helpers/routes';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/** The API routes anyone may call; every other one is in the protected scope (routes/protected-api.ts). */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/config',
  'POST /api/jwt',
  'GET /api/uploads/:key',
  // A shared chat, for anyone with its unguessable link (chat-shares-exports.test.ts).
  'GET /api/shared/:token',
  // No user may take everyone's data: the backup token from DATA_DIR guards it (backup-restore.test.ts).
  'POST /api/admin/backup',
  // Stripe's calls: the webhook signature guards it (billing.test.ts).
  'POST /api/billing/webhook',
  // The OpenAPI document and its reference UI with the viewer it loads (openapi.test.ts).
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/js/scalar.js',
  // Outside /api: Prometheus scrapes, guarded by METRICS_TOKEN when set (metrics.test.ts).
  'GET /metrics',
]);

describe('protected scope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('refuses every non-public API route without a bearer token, before reading the body', async () => {
    const routes = routesOf(t.app).filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.path.startsWith('/api/') &&
        !r.path.startsWith('/api/auth') &&
        !PUBLIC_ROUTES.has(`${r.method} ${r.path}`),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method,
        url: route.path.replace(/:[^/]+/g, 'x'),
        headers: { 'content-type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{not json' }),
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
      expect(res.json().error.code, `${route.method} ${route.path}`).toBe('unauthorized:auth');
    }
  });
});
