import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

const CHANNEL = 'draftsmith:plans-changed';

export interface PlanChanges {
  /** A plan, a team's seats or a membership changed: every instance forgets what it remembered. */
  announce(): void;
  close(): Promise<void>;
}

/**
 * Tells every instance that plans changed, so that the plans remembered for admissions
 * (usage-repository.ts `holderFor`, a few seconds) are read again at once: this instance directly, the
 * others through Redis pub/sub. Without Redis, or while it is down, the others read them again when
 * their few seconds are up.
 */
export function sharePlanChanges(
  redis: Redis | null,
  forget: () => void,
  log: FastifyBaseLogger,
): PlanChanges {
  if (!redis) return { announce: forget, close: async () => {} };
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', () => {}); // the main connection logs an outage once (plugins/redis.ts)
  subscriber.on('message', forget);
  // Also after a reconnection: what changed while it was down is forgotten too.
  subscriber.on('ready', () => {
    forget();
    subscriber.subscribe(CHANNEL).catch((err: unknown) => log.warn({ err }, 'could not follow plan changes'));
  });
  return {
    announce() {
      forget();
      redis.publish(CHANNEL, '1').catch((err: unknown) => {
        log.warn({ err }, 'could not tell the other instances that a plan changed');
      });
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
