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

// One verification per request, however many hooks and handlers ask.
const verified = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/** The verified caller, or null when the request carries no bearer token. Invalid tokens throw 401. */
export async function getUser(request: FastifyRequest): Promise<CurrentUser | null> {
  let result = verified.get(request);
  if (!result) {
    const token = bearerToken(request);
    result = token ? request.server.accessTokens.verify(token) : Promise.resolve(null);
    verified.set(request, result);
  }
  return result;
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

/** onRequest hook: 401 before the body is even parsed when the bearer token is missing or invalid. */
export async function authenticate(request: FastifyRequest): Promise<void> {
  await requireUser(request);
}
