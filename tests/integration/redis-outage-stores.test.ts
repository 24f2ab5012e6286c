import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedSecondaryStorage } from '#server/auth/redis-secondary-storage';
import { createTokenRevocations } from '#server/auth/token-revocations';
import { createInFlightGenerations } from '#server/generation/in-flight-generations';
import { redisPlanCounts } from '#server/usage/redis-plan-counts';
import { waitFor } from '#tests/helpers/generation-calls';
import { startTcpProxy, type TcpProxy } from '#tests/helpers/tcp-proxy';

const enabled = Boolean(process.env.TEST_REDIS_URL);
const log = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} };

/**
 * The shared stores across a Redis outage and its end (plugins/redis-fallback.ts): what was done on this
 * instance's memory meanwhile must neither stick in it nor be undone by Redis's older copy.
 */
describe.skipIf(!enabled)('Redis-backed stores across an outage', () => {
  let proxy: TcpProxy;
  let redis: Redis;
  /** Straight to Redis, past the proxy: what the other instances see. */
  let direct: Redis;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_REDIS_URL ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    // The Redis plugin's settings (plugins/redis.ts), reconnecting quickly.
    redis = new Redis(`redis://${proxy.host}:${proxy.port}/9`, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 2_000,
      retryStrategy: () => 50,
    });
    redis.on('error', () => {});
    direct = new Redis(`${process.env.TEST_REDIS_URL}/9`);
    await waitFor(() => redis.status === 'ready', 'Redis');
  });

  afterEach(async () => {
    await proxy.restore().catch(() => {});
  });

  afterAll(async () => {
    redis?.disconnect();
    direct?.disconnect();
    await proxy?.close();
  });

  const outage = async () => {
    await proxy.cut();
    await waitFor(() => redis.status !== 'ready', 'Redis to be seen down');
  };
  const recovery = async () => {
    await proxy.restore();
    await waitFor(() => redis.status === 'ready', 'Redis to be back');
  };

  it('frees an in-flight place taken during an outage and given back after it', async () => {
    const inFlight = createInFlightGenerations(redis, 1, log as never);
    const user = `user-${crypto.randomUUID()}`;
    await outage();
    const release = await inFlight.acquire(user, 'g1');
    await recovery();
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await outage();
    // Not still held in this instance's memory: the user may run one again in the next outage.
    const again = await inFlight.acquire(user, 'g2');
    again();
  });

  it('deletes in Redis a session deleted during an outage, and forgets what it kept meanwhile', async () => {
    const storage = sharedSecondaryStorage(redis);
    const signedOut = `token-${crypto.randomUUID()}`;
    const keptLocally = `token-${crypto.randomUUID()}`;
    await storage.set(signedOut, 'session', 600);
    await outage();
    await storage.delete(signedOut); // a sign-out while Redis is down
    await storage.set(keptLocally, 'session', 600);
    expect(await storage.get(keptLocally)).toBe('session');
    await recovery();
    await waitFor(async () => (await direct.get(`draftsmith:auth:${signedOut}`)) === null, 'the deletion');
    expect(await storage.get(signedOut)).toBeNull();
    await outage();
    // The memory of the first outage is gone: Redis (then the database) was the truth in between.
    expect(await storage.get(keptLocally)).toBeNull();
  });

  it('shares a revocation made during an outage with the time it was made', async () => {
    let clock = 1_000_000;
    const revocations = createTokenRevocations(redis, log as never, () => clock);
    const user = `user-${crypto.randomUUID()}`;
    await outage();
    await revocations.revokeUser(user);
    clock += 60_000; // the user signs in again meanwhile
    await recovery();
    await waitFor(
      async () => (await direct.get(`draftsmith:revoked:user:${user}`)) !== null,
      'the revocation to be shared',
    );
    expect(await direct.get(`draftsmith:revoked:user:${user}`)).toBe('1000000');
    await revocations.close();
  });

  it('holds every revocation in memory while it follows them, those made while it did not included', async () => {
    const here = createTokenRevocations(redis, log as never);
    /** Another instance, on a connection of its own that the outage does not cut. */
    const there = createTokenRevocations(direct, log as never);
    const token = (sid: string, sub = `user-${crypto.randomUUID()}`) => ({
      sid,
      sub,
      issuedAtMs: Date.now(),
    });
    const mget = vi.spyOn(redis, 'mget');
    /** True once a check of a token nobody revoked no longer asks Redis: it follows the revocations. */
    const following = async () => {
      const asked = mget.mock.calls.length;
      expect(await here.isRevoked(token(crypto.randomUUID()))).toBe(false);
      return mget.mock.calls.length === asked;
    };
    try {
      // Revoked before this instance began to follow: read when it does.
      const before = crypto.randomUUID();
      await there.revokeSession(before);
      await waitFor(following, 'the revocations to be followed');
      expect(await here.isRevoked(token(before))).toBe(true);

      // Revoked on the other instance while it follows: published, in memory within a moment.
      const signedOut = crypto.randomUUID();
      await there.revokeSession(signedOut);
      await waitFor(() => here.isRevoked(token(signedOut)), 'the published revocation');

      // Revoked while this instance is cut off from Redis: read again when it is back.
      await outage();
      const disabled = `user-${crypto.randomUUID()}`;
      const issuedBefore = Date.now() - 1_000;
      await there.revokeUser(disabled);
      expect(
        await here.isRevoked({ sid: crypto.randomUUID(), sub: disabled, issuedAtMs: issuedBefore }),
      ).toBe(false);
      await recovery();
      await waitFor(following, 'the revocations to be followed again');
      const asked = mget.mock.calls.length;
      expect(
        await here.isRevoked({ sid: crypto.randomUUID(), sub: disabled, issuedAtMs: issuedBefore }),
      ).toBe(true);
      expect(mget.mock.calls.length).toBe(asked);
      // A token minted after the revocation (signed in again) still passes.
      expect(
        await here.isRevoked({ sid: crypto.randomUUID(), sub: disabled, issuedAtMs: Date.now() + 1 }),
      ).toBe(false);
    } finally {
      mget.mockRestore();
      await here.close();
      await there.close();
    }
  });

  it('reads a plan count again from the database once Redis is back, when generations were counted without it', async () => {
    const counts = redisPlanCounts(redis);
    const key = `user-${crypto.randomUUID()}:0`;
    const inOneHour = new Date(Date.now() + 3_600_000);
    expect(await counts.admit(key, 20, async () => 10, inOneHour)).toBe(true);
    expect(await direct.get(`draftsmith:plan-count:${key}`)).toBe('11');
    await outage();
    await expect(counts.admit(key, 20, async () => 10, inOneHour)).rejects.toThrow();
    // The caller counts it in the database instead; Redis's 11 no longer knows it.
    counts.forget(key);
    await recovery();
    await waitFor(
      async () => (await direct.get(`draftsmith:plan-count:${key}`)) === null,
      'the stale count to be dropped',
    );
    // Read from the rows on the next admission: 12 there now.
    expect(await counts.admit(key, 20, async () => 12, inOneHour)).toBe(true);
    expect(await direct.get(`draftsmith:plan-count:${key}`)).toBe('13');
  });
});
