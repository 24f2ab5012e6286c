import type { Redis } from 'ioredis';
import { isConnectionError } from '#server/plugins/redis-fallback';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.ts';

/**
 * Revoked access tokens. A token names its session (`sid`); signing out (or any other end of a
 * session: revoked sessions, password changes that end them) revokes the tokens minted for it, and deleting a user revokes every token issued to them so far. Entries live as long as a
 * token can (ACCESS_TOKEN_TTL_SECONDS), so the set stays small.
 *
 * In Redis when REDIS_URL is set, so a sign-out on one instance holds on all of them; in process
 * memory otherwise (one process serves the data directory). With Redis each revocation is also
 * published, and every instance that follows the channel (and has read the revocations already written
 * when it began to follow) holds them all in memory: a token is then checked without a round trip
 * (issue 31). While it does not follow (starting, reconnecting), each check asks Redis. If Redis cannot
 * be asked, the local memory still answers for what this instance revoked, and the call goes through
 * (logged): a Redis outage must not sign everyone out.
 */
export interface TokenRevocations {
  revokeSession(sessionId: string): Promise<void>;
  revokeUser(userId: string): Promise<void>;
  /** `issuedAtMs`: when the token was minted, in milliseconds. */
  isRevoked(token: { sid: string; sub: string; issuedAtMs: number }): Promise<boolean>;
  /** Stops following the other instances' revocations (the app closes). */
  close(): Promise<void>;
}

// A token minted while its session was being ended (POST /api/jwt reads the session, then signs) may
// expire a little after the revocation: keep entries a minute longer than a token lives.
const TTL_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
const PREFIX = 'draftsmith:revoked:';
/** Where each revocation is published, for the instances that hold them in memory. */
const CHANNEL = 'draftsmith:revocations';
/** How often a following instance reads the written revocations again (a backstop, see below). */
const REREAD_MS = 60_000;

interface Logger {
  warn(obj: object, msg: string): void;
}

function memoryRevocations(now: () => number) {
  const sessions = new Map<string, number>();
  const users = new Map<string, number>();
  const sweep = (map: Map<string, number>, keepAfter: number) => {
    for (const [key, at] of map) {
      if (at > keepAfter) break; // insertion order is time order
      map.delete(key);
    }
  };
  return {
    revokeSession(sessionId: string) {
      sweep(sessions, now() - TTL_MS);
      sessions.delete(sessionId);
      sessions.set(sessionId, now());
    },
    /** `at`: when it was revoked (another instance's time, for a revocation it published). */
    revokeUser(userId: string, at = now()) {
      sweep(users, now() - TTL_MS);
      const known = users.get(userId);
      if (known !== undefined && known >= at) return;
      users.delete(userId);
      users.set(userId, at);
    },
    isRevoked({ sid, sub, issuedAtMs }: { sid: string; sub: string; issuedAtMs: number }): boolean {
      if (sessions.has(sid)) return true;
      const userRevokedAt = users.get(sub);
      return userRevokedAt !== undefined && issuedAtMs <= userRevokedAt;
    },
  };
}

export function createTokenRevocations(
  redis: Redis | null,
  log: Logger,
  now: () => number = Date.now,
): TokenRevocations {
  const local = memoryRevocations(now);
  if (!redis) {
    return {
      async revokeSession(sessionId) {
        local.revokeSession(sessionId);
      },
      async revokeUser(userId) {
        local.revokeUser(userId);
      },
      async isRevoked(token) {
        return local.isRevoked(token);
      },
      async close() {},
    };
  }
  /**
   * Revocations that could not be written while Redis was down: written as soon as it is back (they
   * hold on this instance meanwhile). Bounded: past the cap, the oldest are only this instance's.
   */
  const unshared: (() => Promise<unknown>)[] = [];
  redis.on('ready', () => {
    for (const write of unshared.splice(0)) void shareRevocation(write);
  });
  /** Tells the other instances through Redis, now or once Redis is back. */
  const shareRevocation = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (err) {
      if (unshared.length >= 10_000) unshared.shift();
      unshared.push(write);
      log.warn(
        { err },
        'a token revocation could not be shared through Redis yet; it holds on this instance',
      );
    }
  };

  // --- following the channel: every revocation in memory -------------------------------------------
  /** True while the channel is followed and the revocations written before were read. */
  let following = false;
  /** Moves on with each (re)connection and with close: a read begun before one does not count after it. */
  let followRun = 0;
  const subscriber = redis.duplicate({ enableOfflineQueue: false });
  subscriber.on('error', () => {}); // the main connection logs an outage once (plugins/redis.ts)
  subscriber.on('close', () => {
    following = false;
    followRun++;
  });
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const message = JSON.parse(raw) as { session?: string; user?: string; at?: number };
      if (typeof message.session === 'string') local.revokeSession(message.session);
      if (typeof message.user === 'string' && typeof message.at === 'number')
        local.revokeUser(message.user, message.at);
    } catch {
      // not one of ours
    }
  });
  /** Reads every revocation written (each lives as long as a token can) into memory. */
  const readWritten = async () => {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length === 0) continue;
      const values = await redis.mget(...keys);
      keys.forEach((key, i) => {
        const value = values[i];
        if (value === null || value === undefined) return;
        const name = key.slice(PREFIX.length);
        if (name.startsWith('session:')) local.revokeSession(name.slice('session:'.length));
        else if (name.startsWith('user:')) local.revokeUser(name.slice('user:'.length), Number(value));
      });
    } while (cursor !== '0');
  };
  /** Follows the channel, then reads what was revoked before: together, every revocation. */
  const follow = async () => {
    const run = ++followRun;
    try {
      await subscriber.subscribe(CHANNEL);
      await readWritten();
      following = run === followRun && subscriber.status === 'ready';
    } catch (err) {
      log.warn({ err }, 'could not follow token revocations; each token is checked in Redis meanwhile');
    }
  };
  subscriber.on('ready', () => void follow());
  // The main connection back (its reads failed meanwhile): follow again if not following.
  redis.on('ready', () => {
    if (!following && subscriber.status === 'ready') void follow();
  });
  // A backstop for a publication lost with the instance that made it: what was written is read again.
  const rereading = setInterval(() => {
    if (following) readWritten().catch(() => {});
  }, REREAD_MS);
  rereading.unref();
  /** The revocation's key and its publication in one transaction: no follower misses one that was written. */
  const written = (key: string, value: string, message: object) => async () => {
    const results = await redis
      .multi()
      .set(key, value, 'PX', TTL_MS)
      .publish(CHANNEL, JSON.stringify(message))
      .exec();
    const failed = results?.find(([err]) => err)?.[0];
    if (failed || !results) throw failed ?? new Error('revocation transaction discarded');
  };

  return {
    async revokeSession(sessionId) {
      local.revokeSession(sessionId);
      await shareRevocation(written(`${PREFIX}session:${sessionId}`, '1', { session: sessionId }));
    },
    async revokeUser(userId) {
      // The time of the revocation, not of the write: one written after an outage must not also
      // revoke the tokens issued since (a sign-in after a password change).
      const revokedAt = now();
      local.revokeUser(userId, revokedAt);
      await shareRevocation(
        written(`${PREFIX}user:${userId}`, String(revokedAt), { user: userId, at: revokedAt }),
      );
    },
    async isRevoked(token) {
      if (local.isRevoked(token)) return true;
      if (following) return false;
      try {
        const [session, userRevokedAt] = await redis.mget(
          `${PREFIX}session:${token.sid}`,
          `${PREFIX}user:${token.sub}`,
        );
        if (session !== null) return true;
        return userRevokedAt !== null && token.issuedAtMs <= Number(userRevokedAt);
      } catch (err) {
        if (!isConnectionError(err)) log.warn({ err }, 'could not read token revocations from Redis');
        return false; // this instance's own revocations were checked above
      }
    },
    async close() {
      following = false;
      clearInterval(rereading);
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
