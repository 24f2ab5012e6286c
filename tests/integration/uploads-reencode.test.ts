import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import { reencodePhoto } from '#server/users/reencode-photo';
import { createUser } from '#tests/factories/user';
import { photoFile, photoOf, slowWebp, tinyPng, uploadPhoto } from '#tests/helpers/photos';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/** Uploaded photos are decoded and encoded again (users/reencode-photo.ts), a few at a time. */
describe.each(testDatabaseKinds())('profile photo re-encoding (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const stored = async (res: { json(): { user: { photoURL: string } } }) =>
    (await t.app.inject({ url: res.json().user.photoURL })).rawPayload;

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

    const res = await uploadPhoto(t.app, user, photoFile(photo, 'me.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.photoURL).toMatch(/\.jpg$/);
    const bytes = await stored(res);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes('Exif')).toBe(false);
    expect(bytes.includes('TrackingPhone')).toBe(false);
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
    const animated = await uploadPhoto(t.app, user, photoFile(gif, 'a.gif', 'image/gif'));
    expect(animated.statusCode, animated.body).toBe(200);
    expect(await sharp(await stored(animated), { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 2,
    });

    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#39c' } })
      .webp()
      .toBuffer();
    const scaled = await uploadPhoto(t.app, user, photoFile(wide, 'w.webp', 'image/webp'));
    expect(scaled.statusCode, scaled.body).toBe(200);
    expect(await sharp(await stored(scaled)).metadata()).toMatchObject({
      format: 'webp',
      width: 1024,
      height: 512,
    });
  });

  it('refuses a decompression bomb with 413 and a damaged image with 400', async () => {
    const user = await createUser(t.app);
    const bomb = await uploadPhoto(t.app, user, photoFile(tinyPng(20_000, 20_000), 'bomb.png'));
    expect(bomb.statusCode, bomb.body).toBe(413);
    expect(bomb.json().error).toEqual({
      code: 'payload_too_large:photo',
      message:
        'The photo has too many pixels (the limit is 40 megapixels, all frames together). Choose a smaller image.',
    });

    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const damaged = await uploadPhoto(t.app, user, photoFile(broken, 'x.jpg', 'image/jpeg'));
    expect(damaged.statusCode, damaged.body).toBe(400);
    expect(damaged.json().error).toEqual({
      code: 'bad_request:photo',
      message: 'The photo could not be read: the file looks damaged.',
    });
    expect(await photoOf(t.app, user)).toBe('/images/default-avatar.svg');
  });

  it('reports an image that takes too long to process as too complex, not as damaged', async () => {
    // About 5 s of work on a 2-core machine; stopped after 1 s.
    const heavy = await slowWebp(30);
    const started = Date.now();
    const err = await reencodePhoto(heavy, 'webp', { timeoutSeconds: 1 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(413);
    expect((err as AppError).toBody().error).toEqual({
      code: 'payload_too_large:photo_too_complex',
      message: 'This image is too complex to process. Try a smaller or simpler image.',
    });
  });
});

describe('profile photo re-encoding: a short line', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One photo processed at a time, two more waiting.
    t = await createTestApp('pglite', { PHOTO_PROCESSING_CONCURRENCY: '1' });
  });
  afterAll(() => t?.close());

  it('processes a few photos at once and answers 503 past a short line', async () => {
    const photo = photoFile(await slowWebp(4), 'busy.webp', 'image/webp'); // about 0.7 s each
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    const answers = await Promise.all(users.map((user) => uploadPhoto(t.app, user, photo)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 503, 503, 503]);
    for (const busy of answers.filter((res) => res.statusCode === 503)) {
      expect(busy.json().error).toEqual({
        code: 'unavailable:photo_busy',
        message: 'The server is busy processing other photos. Please try again in a moment.',
      });
      expect(busy.headers['retry-after']).toBe('5');
    }
    // The line is free again once they are done.
    expect((await uploadPhoto(t.app, users[5]!, photo)).statusCode).toBe(200);
  });
});
