import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGLITE_TEMPLATE_NAME, writePgliteTemplate } from '#server/db/pglite';
import { ensureTestTemplateDir } from '#tests/helpers/pglite-template';

/** Vitest global setup: the PGlite template the test databases start from, made once per PGlite version. */
export default async function setup(): Promise<void> {
  const dir = ensureTestTemplateDir();
  if (!existsSync(join(dir, PGLITE_TEMPLATE_NAME))) await writePgliteTemplate(dir);
}
