import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/config';
import { type Database, openDatabase } from '#server/db/client';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { openStream, providerEnv, WORDS } from '#tests/helpers/generation-calls';
import { startTcpProxy, type TcpProxy } from '#tests/helpers/tcp-proxy';
import { createEmptyPostgresDatabase } from '#tests/helpers/test-database';

const UNAVAILABLE = {
  code: 'unavailable:database',
  message: 'The database cannot be reached right now. Please try again in a moment.',
};

/**
 * PostgreSQL going away under a running server (a restart, a network failure), played by a TCP proxy
 * between the app and the test server that the test cuts and restores: calls answer 503 at once, a
 * generation that finishes meanwhile saves its chat once the database is back, and the server recovers
 * without a restart.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a database outage', () => {
  let fake: FakeOpenAiServer;
  let proxy: TcpProxy;
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let user: TestUser;
  const dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-outage-'));

  beforeAll(async () => {
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 60 });
    empty = await createEmptyPostgresDatabase();
    const target = new URL(empty.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(empty.url);
    viaProxy.host = `${proxy.host}:${proxy.port}`;
    database = await openDatabase({ kind: 'postgres', url: viaProxy.toString() });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      AI_RATE_LIMIT_PER_USER: '0',
      ...providerEnv(fake.url),
    });
    app = await buildApp({ config, database, secret: 'test-secret-that-is-at-least-32-characters-long' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    user = await createUser(app);
  });

  afterAll(async () => {
    await proxy.restore().catch(() => {});
    await app?.close();
    await database?.close();
    await proxy?.close();
    await empty?.drop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is down, keeps a finished answer until it is back, then saves it', async () => {
    const stream = await openStream(base, user, 'delta');
    await proxy.cut();

    const started = Date.now();
    const history = await fetch(`${base}/api/history/${user.uid}`, { headers: user.headers });
    expect(history.status).toBe(503);
    expect(history.headers.get('retry-after')).toBe('5');
    expect((await history.json()).error).toEqual(UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(6_000);

    // The model finishes during the outage: the answer is streamed, the chat waits to be saved.
    await new Promise((resolve) => setTimeout(resolve, WORDS.length * 60 + 1_000));
    expect(stream.text()).toContain(WORDS.at(-1)?.trim());
    expect(stream.text()).not.toContain('event: done');

    await proxy.restore();
    const body = await stream.finished;
    expect(body).toContain('event: done');

    const saved = await fetch(`${base}/api/history/item/${stream.id}`, { headers: user.headers });
    expect(saved.status).toBe(200);
    const chat = (await saved.json()).history;
    expect(chat.status).toBe('complete');
    expect(chat.messages[1].content).toBe(WORDS.join(''));
    // Counted against the plan once, although its writes were tried more than once.
    const me = await (await fetch(`${base}/api/users/${user.uid}`, { headers: user.headers })).json();
    expect(me.user.usage.used).toBe(1);
  });

  it('refuses a sign-in with the same clear 503 while it is down, and signs in once it is back', async () => {
    await proxy.cut();
    const signIn = () =>
      fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email: user.email, password: 'correct horse battery staple' }),
      });
    const refused = await signIn();
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toEqual(UNAVAILABLE);
    await proxy.restore();
    const after = await signIn();
    expect(after.status).not.toBe(503);
    expect(after.status).toBeLessThan(500);
  });
});
