/**
 * Which better-auth endpoint a request reaches. better-auth routes on the WHATWG URL's pathname, which
 * resolves dot segments (also percent-encoded ones) and turns backslashes into slashes, so
 * `/api/auth/x/..%2e/sign-in/email` or `/api/auth\sign-in\email` reach sign-in whatever Fastify's
 * router made of them. Every check is therefore chosen by this resolved path, never by the route
 * Fastify matched, and the request is forwarded with exactly this URL.
 */
export const AUTH_BASE_PATH = '/api/auth';

export interface AuthEndpoint {
  /** The URL better-auth is given. */
  url: URL;
  /**
   * The endpoint's path below AUTH_BASE_PATH, spelt loosely (percent-decoded, lower case, repeated and
   * trailing slashes folded), so that a policy also covers any spelling better-auth might come to accept.
   */
  key: string;
}

/** Null when the resolved path is not below AUTH_BASE_PATH (it left it through dot segments). */
export function resolveAuthEndpoint(rawUrl: string, publicUrl: string): AuthEndpoint | null {
  let url: URL;
  try {
    url = new URL(rawUrl, publicUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicUrl).origin) return null;
  const path = url.pathname;
  if (!path.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  const key = `/${path
    .slice(AUTH_BASE_PATH.length)
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeSegment(segment).toLowerCase())
    .join('/')}`;
  return { url, key };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
