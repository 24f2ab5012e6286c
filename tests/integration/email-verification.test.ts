import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, requestToken, TEST_ORIGIN } from '#tests/factories/account';
import { type FakeSmtpServer, startFakeSmtp } from '#tests/fakes/smtp-server';
import { firstLink } from '#tests/helpers/mail-message';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

describe.each([false, true])('e-mail verification (REQUIRE_EMAIL_VERIFICATION=%s)', (required) => {
  let smtp: FakeSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp('pglite', {
      SMTP_URL: smtp.url,
      REQUIRE_EMAIL_VERIFICATION: String(required),
      MAIL_FROM: 'Draftsmith Team <hello@draftsmith.example>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const signedIn = async () => {
    const account = await createAccount(t.app);
    const minted = await requestToken(t.app, account.cookie, account.email);
    return { ...account, authorization: `Bearer ${minted.json().token as string}` };
  };
  const emailVerified = async (uid: string, authorization: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${uid}`, headers: { authorization } });
    expect(res.statusCode).toBe(200);
    return res.json().user.emailVerified as boolean;
  };
  /** A tool call with an empty body: 400 once past the verification gate, 403 before it. */
  const toolCall = (authorization: string) =>
    t.app.inject({ method: 'POST', url: '/api/explain-code', headers: { authorization }, payload: {} });
  /** Opens a link as a browser would (the path on this app). */
  const open = (link: string) => {
    const url = new URL(link);
    return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  };

  it('mails a link at sign-up that marks the address verified', async () => {
    const user = await signedIn();
    const mail = await smtp.nextMessageTo(user.email);
    expect(mail.subject).toBe('Verify your e-mail address for Draftsmith');
    expect(mail.from).toBe('Draftsmith Team <hello@draftsmith.example>');
    const link = firstLink(mail.text);
    expect(link).toMatch(
      new RegExp(`^${TEST_ORIGIN}/api/auth/verify-email\\?token=[\\w.-]+&callbackURL=%2Fverify-email$`),
    );
    expect(mail.html).toContain(`>${link.replaceAll('&', '&amp;')}</a>`);
    expect(mail.text).toContain('expires in 24 hours');
    expect(mail.text).toContain(
      required ? 'as soon as your address is verified' : 'for example to reset your password',
    );
    expect(await emailVerified(user.uid, user.authorization)).toBe(false);

    const opened = await open(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/verify-email');
    // It proves the address; it signs nobody in.
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(await emailVerified(user.uid, user.authorization)).toBe(true);
  });

  it('sends a wrong or altered link to the page with the reason', async () => {
    const user = await signedIn();
    const link = firstLink((await smtp.nextMessageTo(user.email)).text);
    const altered = link.replace(/token=([^&]+)/, (_m, token: string) => `token=${token.slice(0, -2)}xx`);
    const opened = await open(altered);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/verify-email?error=INVALID_TOKEN');
    expect(await emailVerified(user.uid, user.authorization)).toBe(false);
  });

  it('sends a new link on request (Resend), limited per address', async () => {
    const user = await signedIn();
    await smtp.nextMessageTo(user.email);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        payload: { email: user.email },
      });
    const res = await resend();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const link = firstLink((await smtp.nextMessageTo(user.email)).text);
    for (let i = 0; i < 4; i++) expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limit:verification_email');

    expect((await open(link)).headers.location).toBe('/verify-email');
    expect(await emailVerified(user.uid, user.authorization)).toBe(true);
  });

  it(
    required
      ? 'keeps the tools closed (403) until the address is verified'
      : 'lets an unverified account use the tools',
    async () => {
      const user = await signedIn();
      const link = firstLink((await smtp.nextMessageTo(user.email)).text);
      const before = await toolCall(user.authorization);
      if (required) {
        expect(before.statusCode).toBe(403);
        expect(before.json().error).toEqual({
          code: 'forbidden:email_unverified',
          message:
            'Verify your e-mail address to use the tools. Open the link we sent you, or choose Resend to get a new one.',
        });
      } else {
        expect(before.statusCode).toBe(400);
      }
      await open(link);
      // Verified: the very next call passes the gate with the same access token.
      const after = await toolCall(user.authorization);
      expect(after.statusCode).toBe(400);
      expect(after.json().error.code).toBe('bad_request:validation');
    },
  );

  it('tells the web app whether verification is required', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().emailVerification).toEqual({ required });
    // SMTP_URL is set here: the pages may say a link was sent.
    expect(res.json().mail).toEqual({ configured: true });
  });
});
