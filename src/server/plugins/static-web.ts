import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { loadPageHtml, type PageHtml } from './page-html.ts';

/**
 * Serves the built web app: hashed assets are cached for a year; every page route (GET without a file
 * extension outside /api) gets the app's HTML, revalidated, with its route's chunks preloaded.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { webDir: string | undefined }) => {
  const { webDir } = opts;
  const hasBuild = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  let pages: PageHtml | undefined;
  if (hasBuild) {
    const html = loadPageHtml(webDir);
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
    app.get('/', (_request, reply) => sendPage(reply, html, '/'));
  } else if (webDir) {
    app.log.warn({ webDir }, 'web app is not built; run `npm run build` to serve the UI');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (pages && isPageRoute) return sendPage(reply, pages, path);
    const error = new AppError('not_found:page', `Nothing at ${path}.`);
    return reply.status(404).send(error.toBody());
  });
});

function sendPage(reply: FastifyReply, pages: PageHtml, path: string) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pages.forPath(path));
}
