import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the process is in its life: `draining` once a shutdown began (server.ts, drainAndClose). */
    lifecycle: { draining: boolean };
  }
}

/** Decorates `app.lifecycle`; the shutdown sets `draining` (health 503, new generations refused). */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('lifecycle', { draining: false });
  },
  { name: 'lifecycle' },
);

/** 503 for work that would outlive a shutdown under way (a new generation): another instance takes it. */
export function refuseWhileDraining(app: FastifyInstance): void {
  if (app.lifecycle.draining) {
    throw new AppError('unavailable:draining', 'This server is restarting. Please try again in a moment.', {
      headers: { 'retry-after': '5' },
    });
  }
}

/**
 * A graceful shutdown: health answers 503 `draining` and new generations are refused at once, the
 * generations already running may finish within `graceMs`, then the rest are stopped and saved as
 * stopped, and the app closes (connections, Redis and the rest of the plugins).
 */
export async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<void> {
  app.lifecycle.draining = true;
  const running = app.generations.size;
  if (running > 0) app.log.info({ running, graceMs }, 'draining: letting running generations finish');
  await app.generations.settled(graceMs);
  // Stopped before the server closes: closing waits for open connections, and a stream ends with its generation.
  if (app.generations.size > 0) {
    app.log.warn(
      { left: app.generations.size },
      'draining: grace period over, stopping the rest (saved as stopped)',
    );
    await app.generations.stopAll();
  }
  await app.close();
}
