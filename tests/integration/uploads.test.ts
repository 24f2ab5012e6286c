import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, requestToken, TEST_ORIGIN } from '../factories/account.ts';
import { createUser, type TestUser } from '../factories/user.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';

/**
 * A real PNG (signature, IHDR, IDAT, IEND with correct CRCs): 1×1 by default. A larger size only
 * declares it: the pixel data is one row, which is enough for a decoder to read the header and refuse.
 */
function tinyPng(width = 1, height = 1): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0]);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  const idat = deflateSync(Buffer.from([0, 255, 0, 0, 255]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Part {
  field: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

function multipart(parts: Part[]) {
  const boundary = '----draftsmith-test-boundary';
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
    ),
    p.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(testDatabaseKinds())('profile photos (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  function upload(user: TestUser, parts: Part[], uid = user.uid) {
    const { payload, contentType } = multipart(parts);
    return t.app.inject({
      method: 'PUT',
      url: `/api/users/${uid}/photo`,
      headers: { ...user.headers, 'content-type': contentType },
      payload,
    });
  }
  const png = (bytes = tinyPng(), filename = 'me.png'): Part => ({
    field: 'photo',
    filename,
    type: 'image/png',
    bytes,
  });

  it('stores a real PNG, serves it with its type, and replaces the previous photo', async () => {
    const user = await createUser(t.app);
    const first = await upload(user, [png()]);
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().user.photoURL as string;
    expect(firstUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    // Stored re-encoded (no metadata), still a 1×1 PNG.
    expect(served.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const second = await upload(user, [png()]);
    const secondUrl = second.json().user.photoURL as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    const read = await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: user.headers });
    expect(read.json().user.photoURL).toBe(secondUrl);
  });

  it('rejects a text file named .png with 415', async () => {
    const user = await createUser(t.app);
    const res = await upload(user, [png(Buffer.from('just some text, not an image'), 'fake.png')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('The photo must be a PNG, JPEG, WebP or GIF image.');
  });

  it('rejects an SVG image with 415', async () => {
    const user = await createUser(t.app);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(user, [
      { field: 'photo', filename: 'x.svg', type: 'image/svg+xml', bytes: svg },
    ]);
    expect(res.statusCode).toBe(415);
  });

  it('rejects a photo over 2 MB with 413', async () => {
    const user = await createUser(t.app);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(user, [png(big, 'big.png')]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The photo is larger than 2 MB. Choose a smaller image.');
  });

  it('wants exactly one file in the field "photo"', async () => {
    const user = await createUser(t.app);
    expect((await upload(user, [png(), png()])).statusCode).toBe(400);
    expect((await upload(user, [{ ...png(), field: 'avatar' }])).statusCode).toBe(400);
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
    const res = await upload(ada, [png()], grace.uid);
    expect(res.statusCode).toBe(403);
  });

  it('needs a bearer token', async () => {
    const user = await createUser(t.app);
    const { payload, contentType } = multipart([png()]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.uid}/photo`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(401);
  });

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
  const photoOf = async (user: TestUser) =>
    (await t.app.inject({ url: `/api/users/${user.uid}`, headers: user.headers })).json().user
      .photoURL as string;

  it("never deletes another user's photo, whatever update-user put in image", async () => {
    const victim = await createUser(t.app);
    const victimUrl = (await upload(victim, [png()])).json().user.photoURL as string;
    const mallory = await sessionUser();
    const ownUrl = (await upload(mallory, [png()])).json().user.photoURL as string;

    // An upload URL is an accepted image value; extra fields naming the stored key are not written.
    const victimKey = victimUrl.slice('/api/uploads/'.length);
    const pointed = await updateUser(mallory.cookie, { image: victimUrl, photoKey: victimKey });
    expect(pointed.statusCode, pointed.body).toBe(200);
    expect(await photoOf(mallory)).toBe(victimUrl);

    const next = await upload(mallory, [png()]);
    expect(next.statusCode, next.body).toBe(200);
    expect((await t.app.inject({ url: victimUrl })).statusCode).toBe(200);
    expect(await photoOf(victim)).toBe(victimUrl);
    // The photo Mallory had uploaded herself is the one replaced.
    expect((await t.app.inject({ url: ownUrl })).statusCode).toBe(404);
    expect(await photoOf(mallory)).toBe(next.json().user.photoURL);
  });

  it('keeps a photo set by a provider and deletes nothing on the first upload', async () => {
    const victim = await createUser(t.app);
    const victimUrl = (await upload(victim, [png()])).json().user.photoURL as string;
    const copycat = await createUser(t.app, { image: victimUrl });
    expect((await upload(copycat, [png()])).statusCode).toBe(200);
    expect((await t.app.inject({ url: victimUrl })).statusCode).toBe(200);
  });

  it('strips EXIF (GPS position included) from a JPEG and turns it upright', async () => {
    const user = await createUser(t.app);
    const gps = { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2433/100', GPSLongitudeRef: 'E' };
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'TrackingPhone', Copyright: 'Ada' }, IFD3: gps })
      .toBuffer();
    expect(photo.includes('TrackingPhone')).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(user, [
      { field: 'photo', filename: 'me.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().user.photoURL as string;
    expect(url).toMatch(/\.jpg$/);
    const stored = (await t.app.inject({ url })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('Exif')).toBe(false);
    expect(stored.includes('TrackingPhone')).toBe(false);
  });

  it('keeps the frames of an animated GIF and scales a large photo down to 1024 pixels', async () => {
    const user = await createUser(t.app);
    const frame = (background: string) =>
      sharp({ create: { width: 16, height: 16, channels: 4, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const animated = await upload(user, [
      { field: 'photo', filename: 'a.gif', type: 'image/gif', bytes: gif },
    ]);
    expect(animated.statusCode, animated.body).toBe(200);
    const storedGif = (await t.app.inject({ url: animated.json().user.photoURL })).rawPayload;
    expect(await sharp(storedGif, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 2 });

    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#39c' } })
      .webp()
      .toBuffer();
    const scaled = await upload(user, [
      { field: 'photo', filename: 'w.webp', type: 'image/webp', bytes: wide },
    ]);
    expect(scaled.statusCode, scaled.body).toBe(200);
    const storedWebp = (await t.app.inject({ url: scaled.json().user.photoURL })).rawPayload;
    expect(await sharp(storedWebp).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 512 });
  });

  it('refuses a decompression bomb with 413 and a damaged image with 400', async () => {
    const user = await createUser(t.app);
    const bomb = await upload(user, [png(tinyPng(20_000, 20_000), 'bomb.png')]);
    expect(bomb.statusCode, bomb.body).toBe(413);
    expect(bomb.json().error).toEqual({
      code: 'payload_too_large:photo',
      message:
        'The photo has too many pixels (the limit is 40 megapixels, all frames together). Choose a smaller image.',
    });

    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const damaged = await upload(user, [
      { field: 'photo', filename: 'x.jpg', type: 'image/jpeg', bytes: broken },
    ]);
    expect(damaged.statusCode, damaged.body).toBe(400);
    expect(damaged.json().error).toEqual({
      code: 'bad_request:photo',
      message: 'The photo could not be read: the file looks damaged.',
    });
    expect(await photoOf(user)).toBe('/images/default-avatar.svg');
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
