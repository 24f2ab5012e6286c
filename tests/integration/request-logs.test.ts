import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountFields, cookieHeader, signIn, signUp } from '#tests/factories/account';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { parseSse } from '#tests/helpers/sse';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

const PROMPT = 'Quokkas-of-Rottnest-island-4711';
const ANSWER = 'Kangaroo-answer-8812 with a few more words.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** The log at `info`, line by line (JSON), as an operator's collector would read it. */
describe('request logs', () => {
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as LogLine);
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: ANSWER });
    t = await createTestApp(
      'pglite',
      { ...providerEnv(fake.url), LOG_LEVEL: 'info' },
      { logger: { stream: { write: (line: string) => raw.push(line) } } },
    );
    user = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    raw.length = 0;
  });

  /** The lines of one request (its reqId), once its line has been written (after the answer ended). */
  const linesOf = async (reqId: string) => {
    for (let i = 0; i < 100 && !lines().some((l) => l.reqId === reqId && l.msg === 'request'); i++)
      await sleep(10);
    return lines().filter((l) => l.reqId === reqId);
  };
  /** Exactly one line for the request, named by the x-request-id it was answered with. */
  const oneLine = async (response: { headers: Record<string, unknown> }) => {
    const reqId = response.headers['x-request-id'];
    expect(reqId).toEqual(expect.any(String));
    const found = await linesOf(reqId as string);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ level: 30, msg: 'request', reqId });
    return found[0] as LogLine;
  };
  const logText = () => raw.join('');

  it('writes one line for a sign-up and a sign-in, without the password or the session', async () => {
    const account = accountFields({ password: 'Pass#word-Secret-991' });
    const up = await signUp(t.app, account, { 'x-request-id': 'proxy-id.sign-up_1' });
    expect(up.statusCode).toBe(200);
    expect(up.headers['x-request-id']).toBe('proxy-id.sign-up_1');
    const signUpLine = await oneLine(up);
    expect(signUpLine).toMatchObject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      route: '/api/auth/*',
      status: 200,
    });
    expect(signUpLine.ms).toEqual(expect.any(Number));

    const inResponse = await signIn(t.app, account);
    expect(inResponse.statusCode).toBe(200);
    expect(inResponse.headers['x-request-id']).toMatch(UUID);
    await oneLine(inResponse);

    const wrong = await signIn(t.app, { email: account.email, password: 'Wrong#password-77' });
    expect(wrong.statusCode).toBe(401);
    expect((await oneLine(wrong)).status).toBe(401);

    const session = cookieHeader(inResponse).split('=').slice(1).join('=');
    expect(session.length).toBeGreaterThan(10);
    for (const secret of [account.password, 'Wrong#password-77', session, decodeURIComponent(session)])
      expect(logText()).not.toContain(secret);
  });

  it('writes one line for a tool call, with the caller but without the token, the prompt or the answer', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: { ...user.headers, 'x-request-id': 'tool-call-1' },
      payload: { topic: PROMPT },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().article).toBe(ANSWER);
    expect(await oneLine(json)).toMatchObject({
      method: 'POST',
      url: '/api/generate-article',
      route: '/api/generate-article',
      status: 200,
      userId: user.uid,
    });

    const stream = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: { ...user.headers, accept: 'text/event-stream' },
      payload: { topic: PROMPT },
    });
    expect(parseSse(stream.body).at(-1)?.event).toBe('done');
    // The stream's reply is written by hand (hijacked): the id comes with it all the same.
    expect(stream.headers['x-request-id']).toMatch(UUID);
    expect(await oneLine(stream)).toMatchObject({ status: 200, userId: user.uid });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: { authorization: `Bearer ${user.token}x` },
      payload: { topic: PROMPT },
    });
    expect(refused.statusCode).toBe(401);
    expect(await oneLine(refused)).toMatchObject({
      status: 401,
      error: { code: 'unauthorized:token', message: expect.any(String) },
    });

    for (const secret of [user.token, PROMPT, 'Kangaroo-answer-8812'])
      expect(logText()).not.toContain(secret);
  });

  it('returns the request id on every answer and takes a proxy’s only when it is short and safe', async () => {
    for (const given of ['has space', 'x'.repeat(65), '<script>', 'a,b']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id'], given).toMatch(UUID);
      await oneLine(res);
    }
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'A.b_c-1' } });
    expect(kept.headers['x-request-id']).toBe('A.b_c-1');

    // Errors keep their body exactly: the id is a header, and in the log.
    for (const [url, code, status] of [
      ['/api/no-such-route', 'not_found:api', 404],
      ['/no-such-page.txt', 'not_found:page', 404],
      ['/api/users/%zz', 'bad_request:url', 400],
      ['/api/history/item/some-id', 'unauthorized:auth', 401],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(Object.keys(res.json())).toEqual(['error']);
      expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
      expect(await oneLine(res), url).toMatchObject({
        route: status === 401 ? '/api/history/item/:id' : 'unmatched',
        status,
        error: { code },
      });
    }
  });

  it('masks secret-looking query parameters and logs no query of an auth link', async () => {
    const res = await t.app.inject({
      url: '/api/auth/verify-email?token=Link-token-5521&callbackURL=%2Faccount',
    });
    const line = await oneLine(res);
    expect(line.url).toBe('/api/auth/verify-email?token=[redacted]&callbackURL=%2Faccount');
    expect(logText()).not.toContain('Link-token-5521');
  });

  it('redacts credentials from any other log call', () => {
    t.app.log.info(
      {
        req: { headers: { authorization: 'Bearer abc-secret-1', cookie: 'session=abc-secret-2' } },
        headers: { 'x-api-key': 'abc-secret-3', 'set-cookie': 'abc-secret-4' },
        body: { password: 'abc-secret-5', newPassword: 'abc-secret-6', token: 'abc-secret-7' },
        err: Object.assign(new Error('provider failed'), { requestBodyValues: { prompt: 'abc-secret-8' } }),
      },
      'something',
    );
    expect(logText()).toContain('[redacted]');
    expect(logText()).not.toMatch(/abc-secret/);
  });

  it('writes the line of a stream whose client left when it leaves, and no second one', async () => {
    fake.enqueue({ text: ANSWER, chunkDelayMs: 150 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/generate-article`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ topic: PROMPT }),
      signal: controller.signal,
    });
    const reqId = res.headers.get('x-request-id') ?? '';
    const reader = res.body!.getReader();
    let received = '';
    while (!received.includes('event: delta'))
      received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const [line] = await linesOf(reqId);
    expect(line).toMatchObject({ msg: 'request', status: 200, aborted: true, userId: user.uid });
    // The generation runs on and saves its chat; its end writes nothing more for the request.
    const chatId = res.headers.get('x-generation-id');
    for (let i = 0; i < 100; i++) {
      const chat = await t.app.inject({ url: `/api/history/item/${chatId}`, headers: user.headers });
      if (chat.statusCode === 200) break;
      await sleep(50);
    }
    await sleep(50);
    expect(lines().filter((l) => l.reqId === reqId)).toHaveLength(1);
  });
});
