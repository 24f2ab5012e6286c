import type { FastifyInstance } from 'fastify';
import { authenticate } from '#server/auth/authenticate';
import { createAdmission } from '#server/generation/admission';
import { documentProtectedRoute } from '#server/openapi/security';
import { adminRoutes } from './admin.ts';
import { aiStatusRoutes } from './ai-status.ts';
import { billingRoutes } from './billing.ts';
import { generationRoutes } from './generations.ts';
import { historyRoutes } from './history.ts';
import { historyDownloadRoutes } from './history-downloads.ts';
import { historyGenerationRoutes } from './history-generations.ts';
import { historySearchRoutes } from './history-search.ts';
import { historyShareRoutes } from './history-shares.ts';
import { teamRoutes } from './teams.ts';
import { toolRoutes } from './tools.ts';
import { userRoutes } from './users.ts';
import { userExportRoutes } from './users-export.ts';
import { userPhotoRoutes } from './users-photo.ts';

/**
 * Every route that needs a signed-in caller, in one scope behind one onRequest hook: the bearer token
 * is verified before the body is read (401 otherwise) and the caller becomes `request.user`, which the
 * handlers read. A new protected route is registered here and cannot skip the check; public routes
 * are registered outside it, in app.ts: health, config, jwt, uploads, shared chats (/api/shared/:token),
 * /api/auth/*, the backup (POST /api/admin/backup, guarded by the backup token) and Stripe's webhook
 * (guarded by its signature); the OpenAPI document and its reference UI, and /metrics, by their plugins.
 */
export async function protectedApi(app: FastifyInstance) {
  app.addHook('onRequest', authenticate);
  // The OpenAPI document says so for every route here: bearer token or API key, else 401.
  app.addHook('onRoute', documentProtectedRoute);
  // The one pipeline that starts a generation, shared by the tools and the chats (one call budget).
  const admission = createAdmission(app);
  await app.register(userRoutes);
  await app.register(userPhotoRoutes);
  await app.register(userExportRoutes);
  // Before the history routes: /history/search is a path of its own, not a uid.
  await app.register(historySearchRoutes);
  await app.register(historyRoutes);
  await app.register(historyGenerationRoutes, { admission });
  await app.register(historyShareRoutes);
  await app.register(historyDownloadRoutes);
  await app.register(teamRoutes);
  await app.register(toolRoutes, { admission });
  await app.register(generationRoutes);
  await app.register(aiStatusRoutes);
  await app.register(billingRoutes);
  // Administrators only: the scope adds its own check (403) after this one's.
  await app.register(adminRoutes);
}
