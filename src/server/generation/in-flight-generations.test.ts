import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '#server/errors';
import {
  createMemoryInFlightStore,
  InFlightGenerations,
  type InFlightStore,
} from './in-flight-generations.ts';

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

describe('InFlightGenerations', () => {
  it('admits up to the cap per user, answers 429 with Retry-After past it, and frees a place once', async () => {
    const inFlight = new InFlightGenerations(createMemoryInFlightStore(), 2, log);
    const first = await inFlight.acquire('alice', 'g1');
    await inFlight.acquire('alice', 'g2');
    const refused = await inFlight.acquire('alice', 'g3').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).toBody()).toEqual({
      error: {
        code: 'rate_limit:generations',
        message:
          'You already have 2 generations running. Wait for one to finish, or stop it, then try again.',
      },
    });
    expect((refused as AppError).headers).toEqual({ 'retry-after': '5' });
    await inFlight.acquire('bob', 'g4'); // another user has places of their own

    first();
    first(); // a second release gives nothing more back
    await inFlight.acquire('alice', 'g5');
    await expect(inFlight.acquire('alice', 'g6')).rejects.toThrow(/2 generations running/);
  });

  it('admits the generation when the count cannot be reached (a Redis outage must not stop the tools)', async () => {
    const broken: InFlightStore = {
      tryAdd: () => Promise.reject(new Error('connection refused')),
      remove: () => Promise.reject(new Error('connection refused')),
    };
    const inFlight = new InFlightGenerations(broken, 1, log);
    const release = await inFlight.acquire('alice', 'g1');
    await inFlight.acquire('alice', 'g2');
    release();
    expect(log.warn).toHaveBeenCalled();
  });
});
