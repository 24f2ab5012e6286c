import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFields, signIn, signUp } from '#tests/factories/account';
import { firstLink, parseMail } from '#tests/helpers/mail-message';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

const origin = 'https://draftsmith.example.test';

describe('without SMTP_URL, mail goes to DATA_DIR/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SMTP_URL: undefined, PUBLIC_URL: origin });
  });
  afterAll(() => t?.close());

  const outbox = () => join(t.dataDir, 'outbox');
  /** The outbox's messages to `to`, oldest first, waiting up to 5 s for `count` of them. */
  const messagesTo = async (to: string, count: number) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      let files: string[] = [];
      try {
        files = readdirSync(outbox()).sort();
      } catch {
        // not created yet
      }
      const mails = files
        .map((name) => ({ name, mail: parseMail(readFileSync(join(outbox(), name), 'utf8')) }))
        .filter(({ mail }) => mail.to === to);
      if (mails.length >= count || Date.now() > deadline) return mails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('tells the web app that no mail leaves this server, so its pages do not claim a mail was sent', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.mail).toEqual({ configured: false });
  });

  it('writes each message as an .eml file whose link works', async () => {
    const user = accountFields();
    expect((await signUp(t.app, user, { origin })).statusCode).toBe(200);
    const [welcome] = await messagesTo(user.email, 1);
    expect(welcome?.name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(welcome?.mail.subject).toBe('Verify your e-mail address for Draftsmith');
    expect(welcome?.mail.from).toBe('Draftsmith <no-reply@draftsmith.example.test>');
    expect(welcome?.mail.headers.get('mime-version')).toBe('1.0');
    expect(welcome?.mail.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    // Only the server's user may read a message that carries a working link.
    expect(statSync(join(outbox(), welcome?.name ?? '')).mode & 0o777).toBe(0o600);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin },
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    const mails = await messagesTo(user.email, 2);
    const reset = mails.find(({ mail }) => mail.subject === 'Reset your Draftsmith password')?.mail;
    const link = new URL(firstLink(reset?.text ?? ''));
    expect(link.origin + link.pathname).toBe(`${origin}/reset-password`);
    expect(reset?.html).toContain(link.href);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin },
      payload: { token: link.searchParams.get('token'), newPassword: 'Outbox#Pass1' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const signedIn = await signIn(t.app, { email: user.email, password: 'Outbox#Pass1' }, { origin });
    expect(signedIn.statusCode).toBe(200);
  });
});
