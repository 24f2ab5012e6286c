import { existsSync } from 'node:fs';
import { join } from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors';
import { loadPageHtml, type PageHtml } from './page-html.ts';

/**
 * Serves the built web app: hashed assets are cached for a year; every page route (GET without a file
 * extension outside /api) gets the app's HTML, revalidated, composed for that route (page-html.ts).
 */
export interface StaticWebOptions {
  webDir: string | undefined;
  /** The site's absolute URL, for canonical and link-preview URLs in page heads; '' makes them root-relative. */
  publicUrl: string;
}

export const staticWebPlugin = fp(async (app: FastifyInstance, opts: StaticWebOptions) => {
  const { webDir, publicUrl } = opts;
  const hasBuild = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  let pages: PageHtml | undefined;
  if (hasBuild) {
    const html = loadPageHtml(webDir, publicUrl);
    pages = html;
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(webDir, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The web app's pages are not API routes: not in the OpenAPI document.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, html, '/'));
  } else if (webDir) {
    app.log.warn({ webDir }, 'web app is not built; run `npm run build` to serve the UI');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (pages && isPageRoute) return sendPage(request, reply, pages, path);
    const error = new AppError('not_found:page', `Nothing at ${path}.`);
    request.appError = error;
    return reply.status(404).send(error.toBody());
  });
});

/** The page in the best encoding the client accepts (brotli, gzip, else plain). */
function sendPage(request: FastifyRequest, reply: FastifyReply, pages: PageHtml, path: string) {
  const page = pages.forPath(path);
  // The negotiator @fastify/static uses for the assets, so pages and assets agree.
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']);
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (page.noindex) reply.header('x-robots-tag', 'noindex, nofollow');
  if (encoding !== 'br' && encoding !== 'gzip') return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.brotli : page.gzip);
}
