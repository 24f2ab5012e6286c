import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configuredSocialProviders } from '#server/auth/social-providers';

/** GET /api/config (public): settings the web app needs before sign-in. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const socialProviders = configuredSocialProviders(app.config);
  app.get(
    '/config',
    {
      schema: {
        response: {
          200: z.object({
            socialProviders: z.object({ google: z.boolean(), github: z.boolean() }),
            /** The drop zone refuses a larger file before it is sent. */
            documents: z.object({ maxBytes: z.number() }),
          }),
        },
      },
    },
    async () => ({ socialProviders, documents: { maxBytes: app.config.DOCUMENT_MAX_BYTES } }),
  );
};
