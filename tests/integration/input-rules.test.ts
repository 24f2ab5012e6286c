import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TEST_ORIGIN } from '#tests/factories/account';
import { saveChat } from '#tests/factories/chat';
import { createUser, type TestUser } from '#tests/factories/user';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/**
 * The one input rule (SECURITY.md, "Input"; server/input-rules.ts): a control character other than tab,
 * line feed and carriage return in any string a client sends answers 400 `bad_request:validation`, on
 * the app's routes and better-auth's alike, never a 500; the log never holds what was sent.
 */
describe.each(testDatabaseKinds())('one input rule for every route (%s)', (kind) => {
  const raw: string[] = [];
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { LOG_LEVEL: 'debug' },
      { logger: { stream: { write: (line: string) => raw.push(line) } } },
    );
    user = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const expectRefused = (res: {
    statusCode: number;
    json(): { error: { code: string; message: string } };
  }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request:validation');
  };

  it('refuses NUL in a saved chat’s title or message (it answered 500 and logged the values)', async () => {
    const secret = 'Private-title-text-5521';
    const messages = [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi' },
    ];
    const titled = await send('POST', '/api/history', {
      uid: user.uid,
      service: 'article-generator',
      title: `${secret}\u0000`,
      messages,
    });
    expectRefused(titled);
    expect(titled.json().error.message).toBe(
      'The request contains a control character (U+0000) in title, which no field allows.',
    );
    const inMessage = await send('POST', '/api/history', {
      uid: user.uid,
      service: 'article-generator',
      title: 'A chat',
      messages: [{ role: 'user', content: `${secret}\u0000` }, messages[1]],
    });
    expectRefused(inMessage);
    expect(inMessage.json().error.message).toContain('in messages.0.content');

    const { id } = await saveChat(t.app, user, { title: 'Renamed soon' });
    expectRefused(await send('PATCH', `/api/history/${id}`, { title: `${secret}\u0000` }));
    const chat = await send('GET', `/api/history/item/${id}`);
    expect(chat.json().history.title).toBe('Renamed soon');

    const log = raw.join('\n');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('params:');
  });

  it('refuses the other control characters, in values, keys, the query and the path', async () => {
    const { id } = await saveChat(t.app, user);
    for (const bad of ['\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expectRefused(await send('PATCH', `/api/history/${id}`, { title: `A${bad}B` }));
    }
    expectRefused(await send('PATCH', `/api/history/${id}`, { title: 'Fine', 'ke\u0001y': 1 }));
    expectRefused(await send('GET', `/api/history/search?q=tea%00`));
    // Nothing any route takes is nested this deep: refused rather than left unread.
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { deeper: deep };
    const nested = await send('PATCH', `/api/history/${id}`, { title: 'Fine', deep });
    expectRefused(nested);
    expect(nested.json().error.message).toBe('The request is nested too deeply to be read.');
    const path = await send('GET', '/api/history/item/%1B');
    expectRefused(path);
    expect(path.json().error.message).toContain('in path.');
  });

  it('lets text hold tab, line feed and carriage return', async () => {
    const { id } = await saveChat(t.app, user, { prompt: 'Line one\r\nLine\ttwo', answer: 'A\nB' });
    const chat = await send('GET', `/api/history/item/${id}`);
    expect(chat.statusCode).toBe(200);
    expect(chat.json().history.messages[0].content).toBe('Line one\r\nLine\ttwo');
    const renamed = await send('PATCH', `/api/history/${id}`, { title: 'Tabbed\ttitle' });
    expect(renamed.statusCode).toBe(200);
  });

  it('holds on better-auth’s endpoints: sign-up, team names, profile names', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Ada\u001b[31m', email: 'ada-controls@example.test', password: 'Secret#123' },
    });
    expectRefused(signUp);
    const account = await createAccount(t.app);
    for (const [url, payload] of [
      ['/api/auth/update-user', { name: 'Ada\u0007' }],
      ['/api/auth/organization/create', { name: 'Team\u0085', slug: 'team-controls' }],
      ['/api/auth/change-password', { currentPassword: 'Secret#123\u0000', newPassword: 'Changed#456' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN, cookie: account.cookie },
        payload,
      });
      expectRefused(res);
    }
  });
});
