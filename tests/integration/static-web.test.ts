import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A fixture build: index.html, one asset and the route preload manifest the Vite plugin writes. */
function fixtureBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'draftsmith-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
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
