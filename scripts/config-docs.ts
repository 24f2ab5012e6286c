import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CONFIG_SECTIONS } from '#server/config/config';

/**
 * `npm run docs:config`: writes the configuration reference (docs/configuration.md) and .env.example
 * from the config schema (src/server/config/config.ts), where each variable has its description and
 * any default the schema computes (`shownDefault`); a default the schema holds (`.default(…)`) is read
 * from it. tests/configuration-docs.test.ts fails while either file differs from what this writes.
 */

export interface SettingDoc {
  name: string;
  description: string;
  /** The default as Markdown (`3000`, or words for one computed at start); null when it is unset. */
  shownDefault: string | null;
  /** The value .env.example writes for it (commented), when the schema holds a default. */
  value: string | null;
}

interface SettingMeta {
  description?: string;
  shownDefault?: string;
}

function settingDoc(name: string, schema: z.ZodType): SettingDoc {
  const meta = (schema.meta() ?? {}) as SettingMeta;
  if (!meta.description) throw new Error(`${name} has no description in the config schema`);
  const def = schema._zod.def as { type: string; defaultValue?: unknown };
  const value = def.type === 'default' ? String(def.defaultValue) : null;
  return {
    name,
    description: meta.description,
    shownDefault: meta.shownDefault ?? (value === null ? null : `\`${value}\``),
    value,
  };
}

export function configSections(): { title: string; settings: SettingDoc[] }[] {
  return CONFIG_SECTIONS.map((section) => ({
    title: section.title,
    settings: Object.entries(section.settings).map(([name, schema]) => settingDoc(name, schema as z.ZodType)),
  }));
}

const GENERATED =
  'Written by `npm run docs:config` from src/server/config/config.ts: edit the schema, not this file.';

/** docs/configuration.md. */
export function configurationReference(): string {
  const lines = [
    '# Configuration',
    '',
    `<!-- ${GENERATED} -->`,
    '',
    'Every setting is an environment variable, validated at start: a bad value stops the server with a message',
    'naming it. Nothing needs setting for one machine (`npm install && npm start`); several instances share',
    '`DATABASE_URL`, `REDIS_URL`, `UPLOADS_DIR` and `BETTER_AUTH_SECRET` ([scale-out](scale-out.md)).',
    '[.env.example](../.env.example) lists the same variables with their defaults, ready to copy.',
  ];
  for (const section of configSections()) {
    lines.push('', `## ${section.title}`, '');
    for (const setting of section.settings) {
      const shown = setting.shownDefault ? `default ${setting.shownDefault}` : 'unset by default';
      lines.push(`- **\`${setting.name}\`** (${shown}): ${setting.description}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Words wrapped to `width` columns, each line starting with `prefix`. */
function wrap(text: string, prefix: string, width = 110): string[] {
  const lines: string[] = [];
  let line = prefix;
  for (const word of text.split(' ')) {
    if (line !== prefix && line.length + 1 + word.length > width) {
      lines.push(line);
      line = prefix;
    }
    line = line === prefix ? `${prefix}${word}` : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** .env.example: every variable commented out, with its default where the schema holds one. */
export function envExample(): string {
  const lines = [
    `# Draftsmith configuration. ${GENERATED.replaceAll('`', '')}`,
    '# The server reads only its environment (no .env loader): copy this file to .env (git-ignored), uncomment',
    '# what you change, and load it with your runner (docker --env-file, systemd EnvironmentFile=, or',
    '# `set -a; . ./.env; set +a` before `npm start`). Meanings in full: docs/configuration.md.',
  ];
  for (const section of configSections()) {
    lines.push('', `# ── ${section.title} ──`);
    for (const setting of section.settings) {
      const plain = setting.description.replaceAll('`', '');
      lines.push('', ...wrap(plain, '# '));
      if (setting.value === null && setting.shownDefault) {
        lines.push(...wrap(`Default: ${setting.shownDefault.replaceAll('`', '')}.`, '# '));
      }
      lines.push(`# ${setting.name}=${setting.value ?? ''}`);
    }
  }
  lines.push(
    '',
    '# ── compose.yaml only (not read by the server) ──',
    '',
    '# The PostgreSQL password of its database, and the port its nginx publishes (default 8080). Compose also',
    '# needs BETTER_AUTH_SECRET set above.',
    '# POSTGRES_PASSWORD=',
    '# PROXY_PORT=8080',
  );
  return `${lines.join('\n')}\n`;
}

export const CONFIG_DOCS = {
  'docs/configuration.md': configurationReference,
  '.env.example': envExample,
} as const;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  for (const [path, write] of Object.entries(CONFIG_DOCS)) {
    writeFileSync(resolve(root, path), write());
    console.log(`wrote ${path}`);
  }
}
