import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the tests keep the empty-database template (src/server/db/pglite.ts), made once per PGlite
 * version by tests/setup/pglite-template.ts, so each test database starts from it as a new data
 * directory of the built server does instead of running initdb.
 */
export const TEST_PGLITE_TEMPLATE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/draftsmith', import.meta.url),
);

export function ensureTestTemplateDir(): string {
  mkdirSync(TEST_PGLITE_TEMPLATE_DIR, { recursive: true });
  return TEST_PGLITE_TEMPLATE_DIR;
}
