import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from './node-http-fetch.ts';
import { isRetryableProviderError, toProviderAppError } from './provider-errors.ts';

describe('node:http fetch for plain-HTTP model servers', () => {
  let server: Server;
  let base: string;
  const http = createNodeHttpFetch();

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (req.url === '/slow') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: one\n\n');
          return; // never ends
        }
        res.writeHead(req.url === '/missing' ? 404 : 200, {
          'content-type': 'application/json',
          'x-echo': req.headers['x-echo'] ?? '',
        });
        res.end(JSON.stringify({ method: req.method, body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    http.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends method, headers and body and returns status, headers and body like fetch', async () => {
    const res = await http.fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'x-echo': 'hi' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-echo')).toBe('hi');
    expect(await res.json()).toEqual({ method: 'POST', body: '{"a":1}' });
    expect((await http.fetch(`${base}/missing`)).status).toBe(404);
  });

  it('streams the body and stops when aborted', async () => {
    const controller = new AbortController();
    const res = await http.fetch(`${base}/slow`, { signal: controller.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: one\n\n');
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    await expect(http.fetch(`${base}/echo`, { signal: controller.signal })).rejects.toThrow(/abort/i);
  });

  it('fails like fetch when nothing listens, which counts as a retryable connection failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await http.fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect(isRetryableProviderError(error)).toBe(true);
    expect(toProviderAppError(error).code).toBe('unavailable:ai_unreachable');
  });

  it('leaves other URLs to the platform fetch', async () => {
    await expect(http.fetch('data:text/plain,hello').then((r) => r.text())).resolves.toBe('hello');
  });
});
