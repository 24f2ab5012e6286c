import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * TRUST_PROXY: which X-Forwarded-For hops the server believes (Fastify's `trustProxy`). Off by default.
 * A number trusts that many proxies in front of the server; a list trusts only those addresses or
 * networks (proxy-addr's `loopback`, `linklocal` and `uniquelocal` included). `true` is refused: it
 * would trust every hop, so each client could pick the address its rate limits are counted under.
 */
export type TrustProxy = false | number | string[];

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (KEYWORDS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  // Wider than /8 (IPv4) or /7 (IPv6, the unique-local block) is close to trusting everyone.
  const [widest, narrowest] = family === 4 ? [8, 32] : [7, 128];
  return Number(prefix) >= widest && Number(prefix) <= narrowest;
}

export const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim().toLowerCase();
    if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
    if (value === 'true' || value === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every X-Forwarded-For hop, letting clients choose their own address; set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'must be at most 10 proxies' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrNetwork(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a number of proxies or a comma-separated list of proxy addresses or networks (not ${bad.slice(0, 3).join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Fastify's option: a hop count as the function proxy-addr would build from it (its types take no number). */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
