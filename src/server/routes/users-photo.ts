import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { GenerationLimiter } from '#server/ai/generation-limiter';
import { requireSelf } from '#server/auth/authenticate';
import { AppError } from '#server/errors';
import { apiErrors } from '#server/openapi/route-responses';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import type { ImageExtension } from '#server/storage/file-storage';
import { reencodePhoto } from '#server/users/reencode-photo';
import { accountGone } from '#server/users/users-repository';
import { formatBytes } from '#shared/text';
import { userSchema } from '#shared/user-schema';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** What the bytes say the file is (never the name or the declared type); SVG is never accepted. */
const EXTENSION_BY_DETECTED_TYPE: Record<string, ImageExtension> = {
  png: 'png',
  apng: 'png',
  jpg: 'jpg',
  webp: 'webp',
  gif: 'gif',
};

/** 503: every place in the photo line is taken. */
const photoBusy = () =>
  new AppError(
    'unavailable:photo_busy',
    'The server is busy processing other photos. Please try again in a moment.',
    { headers: { 'retry-after': '5' } },
  );

const notAnImage = () =>
  new AppError('unsupported_media_type:photo', 'The photo must be a PNG, JPEG, WebP or GIF image.');

/** Reads the one `photo` file of the multipart body into memory (at most MAX_PHOTO_BYTES). */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type:photo',
      'Send the photo as multipart/form-data in a field named "photo".',
    );
  }
  let photo: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'photo' || photo !== null) {
        throw new AppError('bad_request:photo', 'Send exactly one file, in a field named "photo".');
      }
      photo = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'payload_too_large:photo',
        `The photo is larger than ${formatBytes(MAX_PHOTO_BYTES)}. Choose a smaller image.`,
      );
    }
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('bad_request:photo', 'Send exactly one file, in a field named "photo".');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('bad_request:photo', 'The form has too many fields; send only the photo.');
    }
    throw new AppError('bad_request:photo', 'The upload could not be read. Please try again.', {
      cause: err,
    });
  }
  if (!photo)
    throw new AppError('bad_request:photo', 'No photo was sent: add a file in a field named "photo".');
  return photo;
}

/**
 * PUT /api/users/:uid/photo: the caller's own profile photo, checked from its bytes, re-encoded without
 * its metadata (reencode-photo.ts) and stored by the server. Each upload is held in memory and decoded
 * on the thread pool that password hashing also uses, so a user gets PHOTO_RATE_LIMIT_PER_USER uploads
 * a minute, and the process re-encodes PHOTO_PROCESSING_CONCURRENCY photos at once, with twice as many
 * waiting in a line shared fairly between users (past it, 503).
 */
export const userPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 50 },
  });
  const users = app.usersRepository;
  const limitUploads = perUserRateLimit(app, {
    surface: 'photo',
    perMinute: app.config.PHOTO_RATE_LIMIT_PER_USER,
    what: 'photo uploads',
  });
  const concurrency = app.config.PHOTO_PROCESSING_CONCURRENCY;
  const line = new GenerationLimiter(concurrency, 2 * concurrency, photoBusy);
  async function reencodeInLine(userId: string, bytes: Buffer, extension: ImageExtension) {
    const release = await line.acquire({ userId });
    try {
      return await reencodePhoto(bytes, extension);
    } finally {
      release();
    }
  }

  app.put(
    '/users/:uid/photo',
    {
      schema: {
        tags: ['users'],
        summary: 'Upload the caller’s profile photo',
        description:
          'A PNG, JPEG, WebP or GIF image of at most 2 MB in the form field `photo`, checked from its bytes ' +
          '(never SVG, whatever its name or type) and re-encoded without its metadata (turned upright, fit ' +
          'inside 1024×1024). In this order: 403 `forbidden:user` for another account’s id; 429 ' +
          '`rate_limit:photo` past PHOTO_RATE_LIMIT_PER_USER a minute, counted before the body is read; 415 ' +
          '`unsupported_media_type:photo` for no form, 400 `bad_request:photo` for anything but one file in ' +
          '`photo`, 413 `payload_too_large:photo` past 2 MB; 415 `unsupported_media_type:photo` for bytes of ' +
          'another type; 503 `unavailable:photo_busy` (`Retry-After: 5`) when the server is busy with photos; ' +
          '413 `payload_too_large:photo` past 40 megapixels (all frames) or still over 2 MB once re-encoded, ' +
          '`payload_too_large:photo_too_complex` past 20 s of work, 400 `bad_request:photo` for a file that ' +
          'cannot be decoded.',
        params: z.object({ uid: z.string().min(1).max(200) }),
        handlerBody: {
          'multipart/form-data': z.object({ photo: z.string().meta({ format: 'binary' }) }),
        },
        response: { 200: z.object({ user: userSchema }), ...apiErrors(400, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      const caller = request.user;
      requireSelf(caller, request.params.uid);
      await limitUploads(request); // before the body is read
      const bytes = await readPhoto(request);
      const detected = await fileTypeFromBuffer(bytes);
      const extension = detected ? EXTENSION_BY_DETECTED_TYPE[detected.ext] : undefined;
      if (!extension) throw notAnImage();

      const cleaned = await reencodeInLine(caller.sub, bytes, extension);
      if (cleaned.length > MAX_PHOTO_BYTES) {
        throw new AppError(
          'payload_too_large:photo',
          `The photo is still larger than ${formatBytes(MAX_PHOTO_BYTES)} once processed. Choose a smaller or simpler image.`,
        );
      }

      const key = await app.fileStorage.put(cleaned, extension);
      const result = await users.setPhoto(caller.sub, key).catch(async (err: unknown) => {
        await app.fileStorage.remove(key);
        throw err;
      });
      if (!result) {
        await app.fileStorage.remove(key);
        throw accountGone();
      }
      // Only the file this account uploaded before; user.image can point anywhere (update-user).
      const { previousKey } = result;
      if (previousKey && previousKey !== key) {
        await app.fileStorage
          .remove(previousKey)
          .catch((err: unknown) => request.log.warn({ err }, 'old photo not removed'));
      }
      return { user: result.user };
    },
  );
};
