import { z } from 'zod';

/**
 * TRUSTED_ORIGINS: more origins whose pages may use the API with cookies (better-auth's origin check),
 * beside PUBLIC_URL's (or, with PUBLIC_URL unset, the address each request was sent to; their hosts then
 * count as the server's own, auth/own-address.ts). Exact origins only, no wildcards: one listed by
 * mistake should not open the door to a whole family of sites.
 */
function toOrigin(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // An origin is scheme, host and port: a path, query, fragment or credentials mean a typo.
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '';
  return bare && url.password === '' && !entry.includes('*') ? url.origin : null;
}

export const trustedOriginsSetting = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const entries = (raw ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const origins = entries.map(toOrigin);
    const bad = entries.filter((_entry, i) => origins[i] === null);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of origins such as https://draftsmith.example.com or http://192.168.1.20:3000 (scheme, host and port only; not ${bad
          .slice(0, 3)
          .map((entry) => JSON.stringify(entry))
          .join(', ')})`,
      });
      return z.NEVER;
    }
    return [...new Set(origins as string[])];
  });
