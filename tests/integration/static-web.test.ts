import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/** A fixture build: index.html, one asset, the route preload manifest and the prerendered pages. */
function fixtureBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'draftsmith-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title><meta name="description" content="default"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dir, 'prerendered.json'),
    JSON.stringify({
      '/': {
        head: {
          title: 'Home',
          description: 'Write "faster" & <better>',
          openGraph: {
            title: 'Card title',
            image: { path: '/images/og.jpg', width: 1200, height: 630, alt: 'A card' },
          },
        },
        hints: '<link rel="preload" as="image" href="/logo.svg"/>',
        html: '<div class="page"><h1>Hello</h1></div>',
      },
      '/subscription': {
        head: { title: 'Subscription', description: 'Plans' },
        hints: '',
        html: '<section>Plans</section>',
      },
    }),
  );
  writeFileSync(join(dir, 'assets', 'main-abc.js'), 'console.log(1)');
  writeFileSync(
    join(dir, 'route-preloads.json'),
    JSON.stringify({
      '/': ['/assets/landing-1.js'],
      '/services/*': ['/assets/service-2.js', '/assets/md-3.js'],
    }),
  );
  return dir;
}

describe('serving the web app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fixtureBuild();
    t = await createTestApp('pglite', {}, { webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves / with its route chunks preloaded, revalidated', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-1.js"></head>');
    expect(res.body).not.toContain('service-2.js');
  });

  it('returns x-request-id on pages and assets, and leaves /metrics to the metrics', async () => {
    for (const url of ['/', '/services/explain-code', '/assets/main-abc.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
    const metrics = await get('/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(metrics.body).toContain('draftsmith_http_requests_total');
  });

  it('leaves the web app’s pages and files out of the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(
      Object.keys(document.paths).filter((path) => !path.startsWith('/api/') && path !== '/metrics'),
    ).toEqual([]);
  });

  it('serves prerendered pages with their markup in #root and their head, URLs on PUBLIC_URL', async () => {
    const res = await get('/');
    const origin = t.app.config.publicUrl;
    expect(res.body).toContain('<div id="root"><div class="page"><h1>Hello</h1></div></div>');
    expect(res.body).toContain('<title>Home | Draftsmith</title>');
    expect(res.body).not.toContain('<title>x</title>');
    expect(res.body).not.toContain('content="default"');
    expect(res.body).toContain(
      '<meta name="description" content="Write &quot;faster&quot; &amp; &lt;better&gt;">',
    );
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/">`);
    expect(res.body).toContain(`<meta property="og:url" content="${origin}/">`);
    expect(res.body).toContain(`<meta property="og:image" content="${origin}/images/og.jpg">`);
    expect(res.body).toContain('<meta property="og:image:width" content="1200">');
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(res.body).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
  });

  it('sends pages brotli- or gzip-compressed as the client accepts, plain otherwise', async () => {
    const page = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
      });
    const br = await page('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Hello</h1>');
    const gzip = await page('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Hello</h1>');
    expect((await page('br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
    for (const plain of [undefined, 'identity', 'br;q=0, gzip;q=0.0']) {
      const res = await page(plain);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toContain('<h1>Hello</h1>');
    }
  });

  it('gives pages without a card no Open Graph tags, and other pages the empty shell', async () => {
    const pricing = await get('/subscription/');
    expect(pricing.body).toContain('<div id="root"><section>Plans</section></div>');
    expect(pricing.body).toContain('<title>Subscription | Draftsmith</title>');
    expect(pricing.body).not.toContain('og:');
    const other = await get('/signin');
    expect(other.body).toContain('<div id="root"></div>');
    expect(other.body).toContain('<title>x</title>');
  });

  it('matches prefix routes and ignores a trailing slash', async () => {
    for (const url of ['/services/code-explainer', '/services/email-helper/?x=1']) {
      const res = await get(url);
      expect(res.body).toContain('href="/assets/service-2.js"');
      expect(res.body).toContain('href="/assets/md-3.js"');
      expect(res.body).not.toContain('landing-1.js');
    }
  });

  it('serves other page routes the plain page, for the client router to handle', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('modulepreload');
  });

  it('serves hashed assets with a long cache, and a JSON 404 for missing files and API paths', async () => {
    const asset = await get('/assets/main-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/missing.png')).json()).toEqual({
      error: { code: 'not_found:page', message: 'Nothing at /missing.png.' },
    });
    expect((await get('/api/nothing')).statusCode).toBe(404);
  });
});

describe('serving the web app without PUBLIC_URL', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fixtureBuild();
    t = await createTestApp('pglite', { PUBLIC_URL: undefined }, { webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('links page heads root-relative, so they name whichever address was opened', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html', host: '192.168.1.20:3000' } });
    expect(res.body).toContain('<link rel="canonical" href="/">');
    expect(res.body).toContain('<meta property="og:url" content="/">');
    expect(res.body).toContain('<meta property="og:image" content="/images/og.jpg">');
    expect(res.body).not.toContain('localhost');
  });
});
