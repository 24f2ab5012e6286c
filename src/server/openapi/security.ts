import type { RouteOptions } from 'fastify';
import { API_KEY_PREFIX } from '#shared/credential-schemas';
import { apiErrors } from './route-responses.ts';

/**
 * How callers prove who they are, as OpenAPI security schemes (auth/authenticate.ts, auth/auth.ts), and
 * the requirement lists routes name in their schema's `security`.
 */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: `The access token from \`POST /api/jwt\` (a JWT valid for 15 minutes), or a personal API key (\`${API_KEY_PREFIX}…\`, made with \`POST /api/auth/api-key/create\`).`,
  },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: `A personal API key (\`${API_KEY_PREFIX}…\`), instead of \`Authorization: Bearer\`.`,
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description:
      'The better-auth session cookie that sign-in and sign-up set (`__Secure-better-auth.session_token` when PUBLIC_URL is https). Calls with it must come from a trusted page (`Origin`).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN, when the operator set one (without it, `/metrics` answers anyone).',
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description:
      "Stripe's signature of the raw body with the webhook's signing secret (STRIPE_WEBHOOK_SECRET).",
  },
} as const;

export type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/** A protected route: an access token or an API key, as a bearer token or in `x-api-key`. */
export const BEARER_SECURITY: SecurityRequirement[] = [{ bearerAuth: [] }, { apiKeyHeader: [] }];
/** A route that shows more to a caller who proves who they are, and answers anyone. */
export const OPTIONAL_BEARER_SECURITY: SecurityRequirement[] = [{}, ...BEARER_SECURITY];
/** better-auth's cookie session. */
export const SESSION_SECURITY: SecurityRequirement[] = [{ sessionCookie: [] }];
/** Prometheus's scrape: the metrics token when METRICS_TOKEN is set. */
export const METRICS_SECURITY: SecurityRequirement[] = [{ metricsToken: [] }, {}];
/** Anyone. */
export const NO_SECURITY: SecurityRequirement[] = [];

/**
 * The protected scope's onRoute hook (routes/protected-api.ts): each of its routes needs a bearer token
 * or an API key, answers 401 without one, and 503 while the database it checks API keys in is down.
 */
export function documentProtectedRoute(route: RouteOptions): void {
  route.schema = {
    ...route.schema,
    security: BEARER_SECURITY,
    response: { ...apiErrors(401, 503), ...(route.schema?.response as object | undefined) },
  };
}
