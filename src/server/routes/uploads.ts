import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors';
import { apiErrors, fileReply } from '#server/openapi/route-responses';
import { NO_SECURITY } from '#server/openapi/security';
import { isImageKey } from '#server/storage/file-storage';

/**
 * GET /api/uploads/:key (public): profile photos, public and immutable (keys are random and never reused).
 * The content type comes from the key, which the server chose after checking the bytes.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/:key',
    {
      schema: {
        tags: ['users'],
        summary: 'A profile photo',
        description: 'Public and immutable: a photo’s address changes with every upload.',
        security: NO_SECURITY,
        params: z.object({ key: z.string().max(100) }),
        response: {
          200: fileReply('The photo.', ['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
          ...apiErrors(400, 404),
        },
      },
    },
    async (request, reply) => {
      // Only photos are public; a chat's document is served to its owner by the history API.
      const { key } = request.params;
      const file = isImageKey(key) ? await app.fileStorage.get(key) : null;
      if (!file) throw new AppError('not_found:upload', 'No uploaded file has this address.');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
};
