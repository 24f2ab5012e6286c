import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/**
 * Serves the built web app: hashed assets are cached for a year, index.html is revalidated, and any
 * other page route (GET without a file extension outside /api) gets index.html so client-side routes work on reload.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { webDir: string | undefined }) => {
  const { webDir } = opts;
  const hasBuild = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(webDir, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else if (webDir) {
    app.log.warn({ webDir }, 'web app is not built; run `npm run build` to serve the UI');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (hasBuild && isPageRoute) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error = new AppError('not_found:page', `Nothing at ${path}.`);
    return reply.status(404).send(error.toBody());
  });
});
