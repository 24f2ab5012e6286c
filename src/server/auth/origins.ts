import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import { AppError } from '#server/errors';

/**
 * Which address the auth endpoints answer as, per request. With PUBLIC_URL set it is that address;
 * unset, it is the one the request was sent to, so a server reached as localhost, 127.0.0.1, [::1] or a
 * LAN address treats a page from that same address as its own (better-auth then trusts that origin and
 * builds its OAuth callbacks on it). Pages from anywhere else stay refused, unless TRUSTED_ORIGINS
 * names them.
 */
type AddressedRequest = Pick<FastifyRequest, 'protocol' | 'host'>;

/**
 * The origin a request was sent to: scheme and host as Fastify reads them, which take
 * X-Forwarded-Proto/-Host only from a proxy TRUST_PROXY names. Null when they do not form an origin.
 */
export function requestOrigin(request: AddressedRequest): string | null {
  const { protocol, host } = request;
  if ((protocol !== 'http' && protocol !== 'https') || !host) return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return null;
  }
  // A Host carrying a path, query, fragment or credentials is not an address.
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return bare ? url.origin : null;
}

/** The origin the auth endpoints answer as for this request (PUBLIC_URL's, else the request's own). */
export function authOrigin(config: Config, request: AddressedRequest): string {
  const fallback = new URL(config.publicUrl).origin;
  if (config.PUBLIC_URL) return fallback;
  return requestOrigin(request) ?? fallback;
}

/** The page a request came from, as better-auth's origin check reads it: Origin, else Referer. */
export function pageOrigin(headers: FastifyRequest['headers']): string | null {
  const origin = headers.origin;
  // Browsers send an origin; anything else is quoted back as sent, within reason.
  if (typeof origin === 'string' && origin !== '' && origin !== 'null') return origin.slice(0, 200);
  const referer = headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  try {
    const parsed = new URL(referer).origin;
    return parsed === 'null' ? null : parsed;
  } catch {
    return null;
  }
}

/** What the person sees when the page's address is not one the server accepts, with the fix. */
export function originMismatchMessage(expected: string, used: string): string {
  return `This server expects ${expected} but was opened at ${used}. Open it at ${expected}, or add ${used} to TRUSTED_ORIGINS.`;
}

/** better-auth's refusal of an untrusted page, as a 403 `forbidden:origin` that says what to do. */
export function originRefusal(config: Config, request: FastifyRequest): AppError {
  const expected = authOrigin(config, request);
  const used = pageOrigin(request.headers) ?? 'another address';
  request.log.warn(
    { origin: used, expected, trustedOrigins: config.TRUSTED_ORIGINS },
    'auth: refused a page from another origin (PUBLIC_URL, TRUSTED_ORIGINS)',
  );
  return new AppError('forbidden:origin', originMismatchMessage(expected, used));
}

/** Whether better-auth answered with its origin refusal (403 INVALID_ORIGIN). */
export async function isOriginRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'INVALID_ORIGIN';
}

/** Variables better-auth reads for its base URL when it is given none (better-auth's utils/url). */
const BETTER_AUTH_URL_VARIABLES = [
  'BETTER_AUTH_URL',
  'NEXT_PUBLIC_BETTER_AUTH_URL',
  'PUBLIC_BETTER_AUTH_URL',
  'NUXT_PUBLIC_BETTER_AUTH_URL',
  'NUXT_PUBLIC_AUTH_URL',
  'BASE_URL',
];

/** Those of them set in `env` (better-auth ignores a BASE_URL of `/`). */
export function betterAuthUrlVariables(env: NodeJS.ProcessEnv): string[] {
  return BETTER_AUTH_URL_VARIABLES.filter((name) => {
    const value = env[name]?.trim();
    return Boolean(value) && value !== '/';
  });
}
