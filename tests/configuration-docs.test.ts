import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, configSections } from '#scripts/config-docs';
import { ENV_VARIABLES } from '#server/config/config';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('the configuration reference', () => {
  it('describes every variable the server reads, once', () => {
    const documented = configSections().flatMap((section) => section.settings.map((s) => s.name));
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
    for (const section of configSections()) {
      for (const setting of section.settings) expect(setting.description.trim(), setting.name).not.toBe('');
    }
  });

  it.each(Object.entries(CONFIG_DOCS))(
    '%s is what `npm run docs:config` writes from the schema',
    (path, write) => {
      const committed = readFileSync(resolve(root, path), 'utf8');
      expect(committed, `${path} is stale: run npm run docs:config`).toBe(write());
    },
  );
});
