import { readFileSync } from 'node:fs';

/**
 * The version in the repository's package.json, read at run time: from src/server/ and from the built
 * dist/server/ alike, the file is two directories up (dist/package.json only maps imports).
 */
export function appVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
