import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import createClient from 'openapi-fetch';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import { ERROR_TYPES, type ErrorStatus } from '#server/openapi/route-responses';
import { accountFields, TEST_ORIGIN } from '#tests/factories/account';
import type { FakeOpenAiServer } from '#tests/fakes/openai-server';
import type { paths } from '#tests/generated/openapi.gen';
import { createFakeModelApp } from '#tests/helpers/fake-model-app';
import { OPENAPI_TYPES_FILE, openapiTypes } from '#tests/helpers/openapi-types';
import { routesOf } from '#tests/helpers/routes';
import { parseSse } from '#tests/helpers/sse';
import type { TestApp } from '#tests/helpers/test-app';

type Operation = {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  info: { title: string };
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string }[];
};

/** Routes the document leaves out on purpose: the docs themselves, the backup's, the web app, the auth catch-all. */
const HIDDEN = [/^\/api\/openapi\.json$/, /^\/api\/docs/, /^\/api\/admin\/backup$/, /^\/api\/auth\/\*$/];

/** A path with its parameters unnamed (printRoutes names a shared segment's parameter once, by its first route). */
const shape = (path: string) => path.replace(/:[A-Za-z]+/g, '{}').replace(/\{[^}]*\}/g, '{}');

/** openapi-fetch's fetch, answered by app.inject (no socket). */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const item of [value].flat()) if (item !== undefined) headers.append(name, String(item));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

describe('OpenAPI document and reference', () => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let document: Document;
  beforeAll(async () => {
    ({ t, fake } = await createFakeModelApp('pglite'));
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.info.title).toBe('Draftsmith');
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(
      expect.arrayContaining(['bearerAuth', 'apiKeyHeader', 'sessionCookie']),
    );
  });

  it('describes every registered route', () => {
    const routes = routesOf(t.app).filter(
      (route) => route.method !== 'HEAD' && !HIDDEN.some((hidden) => hidden.test(route.path)),
    );
    expect(routes.length).toBeGreaterThan(30);
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${shape(path)}`),
      ),
    );
    const missing = routes.filter((route) => !documented.has(`${route.method} ${shape(route.path)}`));
    expect(missing).toEqual([]);
    // The hidden ones are not there.
    for (const path of Object.keys(document.paths))
      expect(
        HIDDEN.some((h) => h.test(path)),
        path,
      ).toBe(false);
  });

  it('gives every API operation a tag, a summary and its errors in the API shape', () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const { path, method, operation } of operations().filter((o) => o.path.startsWith('/api/'))) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(operation.tags?.length, name).toBe(1);
      expect(tags.has(operation.tags?.[0] ?? ''), name).toBe(true);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.security, name).toBeDefined();
      expect(Object.keys(operation.responses), name).toContain('500');
      for (const [status, response] of Object.entries(operation.responses)) {
        // Health answers its own reply while draining (a load balancer reads it).
        if (Number(status) < 400 || (path === '/api/health' && status === '503')) continue;
        expect(response.content?.['application/json']?.schema?.$ref, `${name} ${status}`).toBe(
          '#/components/schemas/ApiError',
        );
      }
    }
  });

  it('says which routes need a bearer token or an API key, as the routes themselves do', async () => {
    const checked = operations().filter(
      (o) => o.path.startsWith('/api/') && !o.path.startsWith('/api/auth/'),
    );
    expect(checked.length).toBeGreaterThan(25);
    for (const { path, method, operation } of checked) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const res = await t.app.inject({ method: method.toUpperCase() as HTTPMethods, url });
      const isProtected = res.statusCode === 401 && res.json().error.code === 'unauthorized:auth';
      const requiresBearer =
        (operation.security ?? []).length > 0 &&
        !operation.security?.some((r) => Object.keys(r).length === 0) &&
        operation.security?.some((r) => 'bearerAuth' in r);
      expect(requiresBearer, `${method.toUpperCase()} ${path}`).toBe(isProtected);
      if (isProtected) expect(operation.responses['401'], path).toBeDefined();
    }
  });

  it('documents the better-auth endpoints the catch-all forwards, and only offered ones', async () => {
    const authPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/auth/'));
    for (const expected of ['sign-up/email', 'sign-in/email', 'sign-out', 'get-session', 'sign-in/social']) {
      expect(authPaths).toContain(`/api/auth/${expected}`);
    }
    expect(document.paths['/api/auth/sign-up/email']?.post?.tags).toEqual(['auth']);
    for (const path of authPaths) {
      for (const method of Object.keys(document.paths[path] ?? {})) {
        const res = await t.app.inject({
          method: method.toUpperCase() as HTTPMethods,
          url: path.replace('{providerId}', 'google'),
          headers: { origin: TEST_ORIGIN },
        });
        // An endpoint the product does not offer answers 404 `not_found:api` (auth-endpoint-policies.ts).
        const body = res.headers['content-type']?.includes('json') ? res.json() : null;
        expect(body?.error?.code, `${method} ${path}`).not.toBe('not_found:api');
      }
    }
  });

  it('describes the tools’ event streams, event by event', () => {
    const operation = document.paths['/api/doc-summarizer']?.post as unknown as {
      description: string;
      requestBody: { content: Record<string, unknown> };
      responses: Record<
        string,
        { content: Record<string, { schema: { anyOf: { properties: { event: { enum: string[] } } }[] } }> }
      >;
    };
    expect(Object.keys(operation.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    const stream = operation.responses['200']?.content['text/event-stream']?.schema;
    expect(stream?.anyOf.map((event) => event.properties.event.enum[0])).toEqual([
      'start',
      'progress',
      'delta',
      'done',
      'error',
    ]);
    for (const event of ['start', 'progress', 'delta', 'done', 'error']) {
      expect(operation.description).toContain(`\`${event}\``);
    }
    const json = document.paths['/api/explain-code']?.post as unknown as typeof operation;
    const events = json.responses['200']?.content['text/event-stream']?.schema.anyOf;
    expect(events?.map((event) => event.properties.event.enum[0])).toEqual([
      'start',
      'delta',
      'done',
      'error',
    ]);
  });

  it('maps each error status to the codes that answer it', () => {
    for (const [status, type] of Object.entries(ERROR_TYPES)) {
      expect(new AppError(`${type}:x`).statusCode, type).toBe(Number(status) as ErrorStatus);
    }
  });

  it('has committed types up to date (npm run openapi:types)', async () => {
    const committed = readFileSync(OPENAPI_TYPES_FILE, 'utf8');
    expect(
      committed === (await openapiTypes(document as unknown as OpenAPI3)),
      'run `npm run openapi:types`',
    ).toBe(true);
  });

  it('serves the reference UI from this server, its one inline script allowed by its hash only', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/api/docs/');

    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).toContain('src="js/scalar.js"');
    expect(page.body).toContain('/api/openapi.json');
    const inline = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain("unsafe-inline'; ");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);

    // Every other page keeps the strict policy.
    const other = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(String(other.headers['content-security-policy'])).toMatch(/script-src 'self';/);

    const script = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    const etag = String(script.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/docs/js/scalar.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Scalar builds the page's URL on the Host header: a malformed one is a 400 in the API's shape.
    const badHost = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { host: 'a b' } });
    expect(badHost.statusCode).toBe(400);
    expect(badHost.json().error.code).toBe('bad_request:host');
  });

  it('answers a client generated from it (openapi-fetch and openapi-typescript types)', async () => {
    const api = createClient<paths>({ baseUrl: TEST_ORIGIN, fetch: injectFetch(t.app) });

    const health = await api.GET('/api/health');
    expect(health.data?.status).toBe('ok');
    const config = await api.GET('/api/config');
    expect(config.data?.documents.maxBytes).toBeGreaterThan(0);

    const account = accountFields();
    const signUp = await api.POST('/api/auth/sign-up/email', {
      body: account,
      headers: { origin: TEST_ORIGIN },
    });
    expect(signUp.response.status).toBe(200);
    expect(signUp.data?.user.email).toBe(account.email);
    const cookie = signUp.response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const refused = await api.POST('/api/auth/sign-up/email', {
      body: { ...account, password: 'short' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(refused.error?.error.code).toBe('bad_request:validation');

    const jwt = await api.POST('/api/jwt', {
      body: { email: account.email },
      headers: { cookie, origin: TEST_ORIGIN },
    });
    const token = jwt.data?.token ?? '';
    expect(token).not.toBe('');
    const uid = signUp.data?.user.id ?? '';
    const authorization = `Bearer ${token}`;

    const user = await api.GET('/api/users/{uid}', { params: { path: { uid } }, headers: { authorization } });
    expect(user.data?.user.uid).toBe(uid);

    const article = await api.POST('/api/generate-article', {
      body: { topic: 'Typed clients' },
      headers: { authorization },
    });
    // The reply's type is the JSON object or the event stream's events (the two media types of its 200).
    const reply = article.data && 'article' in article.data ? article.data : null;
    expect(reply?.status).toBe('complete');
    expect(reply?.article).toBeTruthy();

    const stream = await api.POST('/api/explain-code', {
      body: { code: 'let x = 1;', language: 'javascript' },
      headers: { authorization, accept: 'text/event-stream' },
      parseAs: 'text',
    });
    const events = parseSse(String(stream.data));
    expect(events[0]?.event).toBe('start');
    expect(events.at(-1)?.event).toBe('done');

    const history = await api.GET('/api/history/{uid}', {
      params: { path: { uid }, query: { limit: 10 } },
      headers: { authorization },
    });
    expect(history.data?.history.map((chat) => chat.service).sort()).toEqual([
      'article-generator',
      'code-explainer',
    ]);

    const other = await api.GET('/api/users/{uid}', {
      params: { path: { uid: 'someone-else' } },
      headers: { authorization },
    });
    expect(other.response.status).toBe(403);
    expect(other.error?.error.code).toBe('forbidden:user');
  });
});
