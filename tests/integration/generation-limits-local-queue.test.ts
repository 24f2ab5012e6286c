import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { TINY_MODEL_PATH } from '#tests/fakes/model-file-server';
import { listen, openStream, waitFor } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/** The local model's line: a user's generation that is still waiting is dropped when its client leaves. */
describe('local model: a generation still queued when its client leaves is dropped', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      AI_PROVIDER: 'local',
      LOCAL_MODEL: TINY_MODEL_PATH,
      LOCAL_MODEL_THREADS: '2',
      LOCAL_MODEL_CONTEXT: '1024',
      LOCAL_MODEL_PARALLEL: '1',
      // Long answers (the test stops them), one generation at a time, one place in line.
      AI_MAX_OUTPUT_TOKENS: '2000',
      AI_QUEUE_LIMIT: '1',
    });
    base = await listen(t); // checks the model file; the first request loads it
    await waitFor(async () => (await aiHealth()).state === 'unloaded', 'the local model file', 30_000);
  }, 60_000);
  afterAll(() => t?.close());

  async function aiHealth(user?: TestUser) {
    const res = await t.app.inject({ url: '/api/health', headers: user?.headers ?? {} });
    return res.json().components.ai as { state: string; active?: number; queued?: number };
  }
  const stop = (user: TestUser, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/generations/${id}/stop`, headers: user.headers });
  const ask = (user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic: 'Busy' },
    });

  it('makes no model call and saves nothing for it, and frees its place in line', async () => {
    const alice = await createUser(t.app);
    const carol = await createUser(t.app);
    const running = await openStream(base, alice, 'delta');
    const queued = await openStream(base, alice, 'start');
    expect(await aiHealth(alice)).toMatchObject({ active: 1, queued: 1 });

    // The line's one place is alice's: carol is turned away for now.
    const busy = await ask(carol);
    expect(busy.statusCode).toBe(503);
    expect(busy.json().error.code).toBe('unavailable:model_busy');

    queued.abort();
    await waitFor(async () => (await aiHealth(alice)).queued === 0, 'the queued generation to be dropped');
    expect((await stop(alice, queued.id)).statusCode).toBe(404); // no longer a running generation
    const carols = await openStream(base, carol, 'start'); // takes the freed place

    // Once the running one is stopped, carol's is next: alice's dropped generation never runs.
    expect(carols.text()).not.toContain('event: delta');
    expect((await stop(alice, running.id)).json().status).toBe('stopped');
    await waitFor(() => carols.text().includes('event: delta'), "carol's generation to start");
    expect((await stop(carol, carols.id)).json().status).toBe('stopped');
    expect(await carols.finished).toContain('event: done');
    await waitFor(async () => (await aiHealth(alice)).active === 0, 'the model to wind down');
    expect((await aiHealth(alice)).queued).toBe(0);

    const chats = (await t.app.inject({ url: `/api/history/${alice.uid}`, headers: alice.headers })).json()
      .history as Array<{ id: string; status: string }>;
    expect(chats.map((c) => [c.id, c.status])).toEqual([[running.id, 'stopped']]);
    const dropped = await t.app.inject({ url: `/api/history/item/${queued.id}`, headers: alice.headers });
    expect(dropped.statusCode).toBe(404);
  }, 60_000);
});
