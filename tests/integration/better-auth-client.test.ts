import { createAuthClient } from 'better-auth/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFields } from '#tests/factories/account';
import { listen } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/**
 * better-auth's own client library against a running Draftsmith server on a real socket (issue 13): the
 * /api/auth endpoints keep better-auth's request and reply shapes, so a CLI or mobile app can use it.
 */
describe.each(testDatabaseKinds())("better-auth's client (%s)", (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // No PUBLIC_URL: the server trusts the address it was opened at, which the client sends as Origin.
    t = await createTestApp(kind, { PUBLIC_URL: undefined });
    base = await listen(t);
  });
  afterAll(() => t?.close());

  /** A client with its own cookie jar, sending the page's Origin like a browser would. */
  function client() {
    const jar = new Map<string, string>();
    const customFetchImpl: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('origin', base);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(input, { ...init, headers });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = cookie.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
        if (expired) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    };
    return {
      jar,
      auth: createAuthClient({ baseURL: base, basePath: '/api/auth', fetchOptions: { customFetchImpl } }),
    };
  }

  it('signs up, signs in, changes the password, signs in with the new one and deletes the account', async () => {
    const { name, email, password } = accountFields();
    const newPassword = 'Changed#456';
    const first = client();

    const up = await first.auth.signUp.email({ name, email, password });
    expect(up.error).toBeNull();
    expect(up.data?.user.email).toBe(email);
    const uid = up.data?.user.id;
    expect((await first.auth.getSession()).data?.user.id).toBe(uid);
    await first.auth.signOut();
    expect((await first.auth.getSession()).data).toBeNull();

    const signedIn = await first.auth.signIn.email({ email, password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data?.user.id).toBe(uid);

    const changed = await first.auth.changePassword({ currentPassword: password, newPassword });
    expect(changed.error).toBeNull();

    const second = client();
    const old = await second.auth.signIn.email({ email, password });
    expect(old.error?.status).toBe(401);
    const renewed = await second.auth.signIn.email({ email, password: newPassword });
    expect(renewed.error).toBeNull();

    const wrong = await second.auth.deleteUser({ password });
    expect(wrong.error?.status).toBe(400);
    const deleted = await second.auth.deleteUser({ password: newPassword });
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual({ success: true, message: 'User deleted' });
    expect((await second.auth.getSession()).data).toBeNull();
    expect((await client().auth.signIn.email({ email, password: newPassword })).error?.status).toBe(401);
  });
});
