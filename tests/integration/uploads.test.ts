import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../factories/user.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND with correct CRCs). */
function tinyPng(): Buffer {
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
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
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
    expect(served.rawPayload.equals(tinyPng())).toBe(true);

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
