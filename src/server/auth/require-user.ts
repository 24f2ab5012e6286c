import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { AccessClaims } from './access-token.ts';

/** The caller of a protected route, proven by the bearer token. */
export type CurrentUser = AccessClaims;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** The verified caller, or null when the request carries no bearer token. Invalid tokens throw 401. */
export async function getUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const token = bearerToken(request);
  return token ? request.server.accessTokens.verify(token) : null;
}

/** The verified caller; 401 when there is none. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await getUser(request);
  if (!user) throw new AppError('unauthorized:auth', 'Sign in to continue: this call needs a bearer token.');
  return user;
}

/** 403 unless `uid` is the caller's own id. */
export function requireSelf(user: CurrentUser, uid: string): void {
  if (user.sub !== uid) throw new AppError('forbidden:user', 'You can only access your own account.');
}
