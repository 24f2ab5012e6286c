import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestUser } from '#tests/factories/user';
import { type MultipartFile, multipartPayload } from './multipart.ts';

/**
 * A real PNG (signature, IHDR, IDAT, IEND with correct CRCs): 1×1 by default. A larger size only
 * declares it: the pixel data is one row, which is enough for a decoder to read the header and refuse.
 */
export function tinyPng(width = 1, height = 1): Buffer {
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

/** A file part in the field `photo` (a 1×1 PNG unless told otherwise). */
export function photoFile(
  content: Uint8Array = tinyPng(),
  name = 'me.png',
  type = 'image/png',
): MultipartFile {
  return { field: 'photo', name, type, content };
}

/** PUT /api/users/:uid/photo as `user` (their own uid unless told otherwise) with these file parts. */
export async function uploadPhoto(
  app: FastifyInstance,
  user: TestUser,
  files: MultipartFile | MultipartFile[] = photoFile(),
  uid = user.uid,
) {
  const { payload, headers } = await multipartPayload({}, files);
  return app.inject({
    method: 'PUT',
    url: `/api/users/${uid}/photo`,
    headers: { ...user.headers, ...headers },
    payload,
  });
}

/** The photoURL the API shows for this user. */
export async function photoOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const res = await app.inject({ url: `/api/users/${user.uid}`, headers: user.headers });
  return res.json().user.photoURL as string;
}

/**
 * An animated WebP of `frames` busy 1000×1000 frames (about 115 KB each): quick to make, but slow to
 * re-encode (about 0.18 s a frame on a 2-core machine), for tests that need an upload still being
 * processed, or one that runs out of time.
 */
export async function slowWebp(frames: number): Promise<Buffer> {
  const side = 1000;
  const raw = Buffer.alloc(side * side * frames * 3);
  for (let f = 0; f < frames; f++) {
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const i = ((f * side + y) * side + x) * 3;
        raw[i] = (x * 7 + f * 13) & 255;
        raw[i + 1] = ((y * 5) ^ x) & 255;
        raw[i + 2] = (x * y + f) & 255;
      }
    }
  }
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .webp({ effort: 0, quality: 30 })
    .toBuffer();
}
