import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '#server/db/schema';
import { createAccount, requestToken, TEST_ORIGIN } from '#tests/factories/account';
import { createUser, type TestUser } from '#tests/factories/user';
import { photoOf, uploadPhoto } from '#tests/helpers/photos';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/** Which stored photo a user has, which file an upload or update-user deletes, and which it never does. */
describe.each(testDatabaseKinds())('profile photo lifecycle (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** An account with a better-auth session (for update-user) and a bearer token (for the API). */
  async function sessionUser(): Promise<TestUser & { cookie: string }> {
    const account = await createAccount(t.app);
    const token = (await requestToken(t.app, account.cookie, account.email)).json().token as string;
    return { ...account, token, headers: { authorization: `Bearer ${token}` } };
  }
  const updateUser = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: TEST_ORIGIN, cookie },
      payload,
    });
  const served = async (url: string) => (await t.app.inject({ url })).statusCode;
  const storedKey = async (user: TestUser) =>
    (
      await t.app.database.db
        .select({ key: userTable.photoKey })
        .from(userTable)
        .where(eq(userTable.id, user.uid))
    )[0]?.key;
  const upload = async (user: TestUser) => {
    const res = await uploadPhoto(t.app, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().user.photoURL as string;
  };

  it('stores a real PNG, serves it with its type, and replaces the previous photo', async () => {
    const user = await createUser(t.app);
    const firstUrl = await upload(user);
    expect(firstUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/);

    const first = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toContain('immutable');
    // Stored re-encoded (no metadata), still a 1×1 PNG.
    expect(first.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const secondUrl = await upload(user);
    expect(secondUrl).not.toBe(firstUrl);
    expect(await served(firstUrl)).toBe(404);
    expect(await photoOf(t.app, user)).toBe(secondUrl);
  });

  it("refuses an upload URL in update-user's image, and never deletes another user's photo", async () => {
    const victim = await createUser(t.app);
    const victimUrl = await upload(victim);
    const mallory = await sessionUser();
    const ownUrl = await upload(mallory);

    // Only the upload route sets an upload URL: neither the victim's nor her own is accepted here.
    const victimKey = victimUrl.slice('/api/uploads/'.length);
    for (const image of [victimUrl, ownUrl]) {
      const pointed = await updateUser(mallory.cookie, { image, photoKey: victimKey });
      expect(pointed.statusCode, pointed.body).toBe(400);
      expect(pointed.json().error.code).toBe('bad_request:validation');
    }
    expect(await photoOf(t.app, mallory)).toBe(ownUrl);

    // Extra fields naming the stored key are not written.
    const elsewhere = await updateUser(mallory.cookie, {
      image: 'https://a.example.test/me.png',
      photoKey: victimKey,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(await storedKey(mallory)).toBeNull();
    const next = await upload(mallory);
    expect(await served(victimUrl)).toBe(200);
    expect(await photoOf(t.app, victim)).toBe(victimUrl);
    expect(await served(ownUrl)).toBe(404);
    expect(await photoOf(t.app, mallory)).toBe(next);
  });

  it('keeps a photo set by a provider and deletes nothing on the first upload', async () => {
    const victim = await createUser(t.app);
    const victimUrl = await upload(victim);
    const copycat = await createUser(t.app, { image: victimUrl });
    await upload(copycat);
    expect(await served(victimUrl)).toBe(200);
  });

  it('deletes the uploaded file once update-user points image elsewhere or removes it', async () => {
    const ada = await sessionUser();
    const first = await upload(ada);
    // A name change leaves the photo alone.
    expect((await updateUser(ada.cookie, { name: 'Ada L' })).statusCode).toBe(200);
    expect(await served(first)).toBe(200);
    expect(await photoOf(t.app, ada)).toBe(first);

    expect((await updateUser(ada.cookie, { image: null })).statusCode).toBe(200);
    expect(await served(first)).toBe(404);
    expect(await storedKey(ada)).toBeNull();
    expect(await photoOf(t.app, ada)).toBe('/images/default-avatar.svg');

    const second = await upload(ada);
    const avatar = 'https://avatars.example.test/ada.png';
    expect((await updateUser(ada.cookie, { image: avatar })).statusCode).toBe(200);
    expect(await served(second)).toBe(404);
    expect(await photoOf(t.app, ada)).toBe(avatar);
    // The next upload has nothing left to delete, and becomes the photo.
    const third = await upload(ada);
    expect(await storedKey(ada)).toBe(third.slice('/api/uploads/'.length));
  });
});
