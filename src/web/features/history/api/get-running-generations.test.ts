import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { forgetRunningGenerations } from '#web/lib/running-generations-cache.ts';
import { runningGenerationsQueryOptions } from './get-running-generations.ts';

describe('the running list', () => {
  it('leaves out the generations seen ending here, which a read that began before still names', async () => {
    const client = new QueryClient();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ generations: [{ id: 'a' }, { id: 'b' }] }), { status: 200 }),
      );
    try {
      forgetRunningGenerations(client, ['a']);
      const list = await client.fetchQuery(runningGenerationsQueryOptions());
      expect(list.map((g) => g.id)).toEqual(['b']);
      expect(fetch).toHaveBeenCalledOnce();
    } finally {
      fetch.mockRestore();
    }
  });
});
