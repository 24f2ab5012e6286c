import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#tests/factories/user';
import { multipartPayload } from '#tests/helpers/multipart';
import { photoFile, tinyPng, uploadPhoto } from '#tests/helpers/photos';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/** What PUT /api/users/:uid/photo accepts, from whom and how often; and how uploads are served. */
describe.each(testDatabaseKinds())('profile photo checks (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('rejects a text file named .png with 415', async () => {
    const user = await createUser(t.app);
    const res = await uploadPhoto(
      t.app,
      user,
      photoFile(Buffer.from('just some text, not an image'), 'fake.png'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('The photo must be a PNG, JPEG, WebP or GIF image.');
  });

  it('rejects an SVG image with 415', async () => {
    const user = await createUser(t.app);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await uploadPhoto(t.app, user, photoFile(svg, 'x.svg', 'image/svg+xml'));
    expect(res.statusCode).toBe(415);
  });

  it('rejects a photo over 2 MB with 413', async () => {
    const user = await createUser(t.app);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await uploadPhoto(t.app, user, photoFile(big, 'big.png'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The photo is larger than 2 MB. Choose a smaller image.');
  });

  it('wants exactly one file in the field "photo"', async () => {
    const user = await createUser(t.app);
    expect((await uploadPhoto(t.app, user, [photoFile(), photoFile()])).statusCode).toBe(400);
    expect((await uploadPhoto(t.app, user, { ...photoFile(), field: 'avatar' })).statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.uid}/photo`,
      headers: user.headers,
      payload: { photo: 'x' },
    });
    expect(none.statusCode).toBe(415);
  });

  it("refuses to change another user's photo", async () => {
    const ada = await createUser(t.app);
    const grace = await createUser(t.app);
    const res = await uploadPhoto(t.app, ada, photoFile(), grace.uid);
    expect(res.statusCode).toBe(403);
  });

  it('needs a bearer token', async () => {
    const user = await createUser(t.app);
    const { payload, headers } = await multipartPayload({}, photoFile());
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${user.uid}/photo`, headers, payload });
    expect(res.statusCode).toBe(401);
  });

  it('takes 10 uploads a minute from one user (PHOTO_RATE_LIMIT_PER_USER), then 429 with Retry-After', async () => {
    const ada = await createUser(t.app);
    const grace = await createUser(t.app);
    for (let i = 0; i < 10; i++) expect((await uploadPhoto(t.app, ada)).statusCode).toBe(200);
    const limited = await uploadPhoto(t.app, ada);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limit:photo',
      message: expect.stringMatching(
        /^Too many photo uploads: at most 10 a minute\. Try again in \d+ seconds\.$/,
      ),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Counted per user: another user still uploads.
    expect((await uploadPhoto(t.app, grace)).statusCode).toBe(200);
  });

  it.each([
    '/api/uploads/unknown.png',
    '/api/uploads/..%2F..%2Fauth-secret',
    '/api/uploads/%2e%2e%2fpglite',
    '/api/uploads/00000000-0000-0000-0000-000000000000.png',
  ])('answers %s with a JSON 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toMatch(/^not_found:/);
  });
});
