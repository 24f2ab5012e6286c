import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config/config';
import { AppError } from '#server/errors';
import { isOwnHost } from './own-address.ts';

/**
 * Which address the auth endpoints answer as, per request. With PUBLIC_URL set it is that address;
 * unset, it is the one the request was sent to when that is one of the server's own (own-address.ts),
 * so a server reached as localhost, 127.0.0.1, [::1], a LAN address or the machine's name treats a page
 * from that same address as its own (better-auth then trusts that origin and builds its OAuth callbacks
 * on it). A request sent to any other name is refused whatever its page; pages from anywhere else stay
 * refused, unless TRUSTED_ORIGINS names them.
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

/**
 * The origin the auth endpoints answer as for this request: PUBLIC_URL's, else the request's own, or
 * null when that is not one of the server's own addresses (the call is then refused, unknownAddressRefusal).
 */
export function authOrigin(config: Config, request: AddressedRequest): string | null {
  const fallback = new URL(config.publicUrl).origin;
  if (config.PUBLIC_URL) return fallback;
  const own = requestOrigin(request);
  // Browsers always send a Host that is an address; a client that sends none (or a broken one) gets the default.
  if (own === null) return fallback;
  return isOwnHost(config, new URL(own).hostname) ? own : null;
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

/** What the person sees when the server was opened at a name it does not know as its own, with the fix. */
export function unknownAddressMessage(used: string): string {
  return `This server was opened at ${used}, a name it does not know as its own. Set PUBLIC_URL to the address you use, or add ${used} to TRUSTED_ORIGINS.`;
}

/**
 * The refusal of a call sent to a name that is not the server's own (authOrigin is null), as a 403
 * `forbidden:origin` that says what to do.
 */
export function unknownAddressRefusal(config: Config, request: FastifyRequest): AppError {
  const used = requestOrigin(request) ?? request.host;
  request.log.warn(
    { address: used, origin: pageOrigin(request.headers), trustedOrigins: config.TRUSTED_ORIGINS },
    'auth: refused a call sent to a name that is not this server’s own (PUBLIC_URL, TRUSTED_ORIGINS)',
  );
  return new AppError('forbidden:origin', unknownAddressMessage(used));
}

/**
 * better-auth's refusal of an untrusted page, as a 403 `forbidden:origin` that says what to do.
 * `expected` is the origin the call was forwarded as (authOrigin).
 */
export function originRefusal(config: Config, request: FastifyRequest, expected: string): AppError {
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

/**
 * The start-up warnings for better-auth's own variables, which it reads behind Draftsmith's settings:
 * its base-URL variables pin sign-in to one address when PUBLIC_URL is unset, and
 * BETTER_AUTH_TRUSTED_ORIGINS silently adds trusted pages in either case (better-auth's
 * context/helpers).
 */
export function betterAuthEnvWarnings(env: NodeJS.ProcessEnv, publicUrlSet: boolean): string[] {
  const warnings: string[] = [];
  const shadowing = publicUrlSet ? [] : betterAuthUrlVariables(env);
  if (shadowing.length > 0) {
    const names = shadowing.join(', ');
    warnings.push(
      `auth: ${names} is set, so sign-in only accepts that address; Draftsmith reads PUBLIC_URL: set it instead and unset ${names}`,
    );
  }
  if (env.BETTER_AUTH_TRUSTED_ORIGINS?.trim()) {
    warnings.push(
      'auth: BETTER_AUTH_TRUSTED_ORIGINS is set, so sign-in also accepts the pages it lists; Draftsmith reads TRUSTED_ORIGINS: move them there and unset BETTER_AUTH_TRUSTED_ORIGINS',
    );
  }
  return warnings;
}
