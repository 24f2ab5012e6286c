import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The signing secret for sessions and access tokens: BETTER_AUTH_SECRET when set, otherwise one
 * generated on first start and kept in DATA_DIR so restarts keep everyone signed in. Several
 * instances behind a load balancer must share BETTER_AUTH_SECRET.
 */
export function resolveSecret(
  configured: string | undefined,
  dataDir: string,
): { secret: string; generated: boolean } {
  if (configured) return { secret: configured, generated: false };
  const path = join(dataDir, 'auth-secret');
  if (existsSync(path)) {
    const stored = readFileSync(path, 'utf8').trim();
    if (stored.length >= 32) return { secret: stored, generated: false };
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return { secret, generated: true };
}
