import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';
import type { AccessClaims } from './access-token.ts';
import { isApiKey, verifyApiKey } from './api-keys.ts';

/**
 * The caller of a protected route, proven by an access token or by one of their API keys (whose `sid` is
 * `apikey:<key id>`, api-keys.ts).
 */
export type CurrentUser = AccessClaims;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The verified caller, set by `authenticate` for every route of the protected scope
     * (routes/protected-api.ts). Public routes never have it.
     */
    user: CurrentUser;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

function apiKeyHeader(request: FastifyRequest): string | null {
  const value = request.headers['x-api-key'];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * The verified caller, or null when the request carries neither a bearer token nor an `x-api-key`; an
 * invalid one throws 401. A bearer value with the API key prefix is an API key, any other an access
 * token. For public routes that show more to a signed-in caller (GET /api/health); protected routes
 * read `request.user` instead.
 */
export async function getUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const token = bearerToken(request);
  if (token && !isApiKey(token)) return request.server.accessTokens.verify(token);
  const key = token ?? apiKeyHeader(request);
  return key ? verifyApiKey(request.server.auth, request.server.database.db, key) : null;
}

/**
 * The protected scope's onRequest hook: 401 before the body is even parsed when the bearer token (or API
 * key) is missing or invalid, else the caller becomes `request.user`.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const user = await getUser(request);
  if (!user)
    throw new AppError(
      'unauthorized:auth',
      'Sign in to continue: this call needs a bearer token or an API key.',
    );
  request.user = user;
}

/** 403 unless `uid` is the caller's own id. */
export function requireSelf(user: CurrentUser, uid: string): void {
  if (user.sub !== uid) throw new AppError('forbidden:user', 'You can only access your own account.');
}
