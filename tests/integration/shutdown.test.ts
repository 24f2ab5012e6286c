import { afterEach, describe, expect, it } from 'vitest';
import { drainAndClose } from '#server/plugins/lifecycle';
import { createUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { listen, openStream, providerEnv, WORDS } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/** SIGTERM's path (server.ts → drainAndClose): health says draining, running work finishes, nothing is lost. */
describe('graceful shutdown', () => {
  let fake: FakeOpenAiServer | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => {});
    await fake?.close();
    t = undefined;
    fake = undefined;
  });

  async function start(chunkDelayMs: number) {
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs });
    t = await createTestApp('pglite', { ...providerEnv(fake.url), AI_RATE_LIMIT_PER_USER: '0' });
    const base = await listen(t);
    const user = await createUser(t.app);
    return { base, user, app: t.app };
  }

  it('answers 503 draining, refuses new generations, and lets a running one finish and be saved', async () => {
    const { base, user, app } = await start(40);
    const stream = await openStream(base, user, 'delta');
    // The database is the test's: still open after the app closed (server.ts closes it after the app).
    const chats = () => app.historyRepository.list(user.uid, { limit: 10 });

    const closing = drainAndClose(app, 10_000);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).status).toBe('draining');
    const refused = await fetch(`${base}/api/generate-article`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'During the shutdown' }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await refused.json()).error).toEqual({
      code: 'unavailable:draining',
      message: 'This server is restarting. Please try again in a moment.',
    });

    const body = await stream.finished;
    expect(body).toContain('event: done');
    await closing;
    const saved = (await chats()).rows;
    expect(saved).toHaveLength(1);
    expect(saved[0]?.status).toBe('complete');
    expect(saved[0]?.messages[1]?.content).toBe(WORDS.join(''));
  });

  it('stops a generation still running when the grace period ends, and saves what it had as stopped', async () => {
    const { base, user, app } = await start(300);
    const stream = await openStream(base, user, 'delta');
    const chats = () => app.historyRepository.list(user.uid, { limit: 10 });
    const before = Date.now();
    await drainAndClose(app, 200);
    expect(Date.now() - before).toBeLessThan(5_000);
    const saved = (await chats()).rows;
    expect(saved).toHaveLength(1);
    expect(saved[0]?.status).toBe('stopped');
    expect(saved[0]?.messages[1]?.content.length).toBeGreaterThan(0);
    expect(await stream.finished.catch(() => 'closed')).toBeDefined();
  });

  it('closes at once when nothing is running', async () => {
    const { app } = await start(10);
    const before = Date.now();
    await drainAndClose(app, 10_000);
    expect(Date.now() - before).toBeLessThan(2_000);
  });
});
