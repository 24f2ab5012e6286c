import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFilesIn } from '#scripts/import-graph';
import { SERVER_TOOLS } from '#server/tools/prompts';
import { TOOL_FORMS } from '#shared/tool-forms';
import { TOOL_INPUT_SCHEMAS } from '#shared/tool-inputs';
import { TOOL_SLUGS, TOOLS } from '#shared/tools';

/**
 * One tool spec (ARCHITECTURE.md "Adding a tool"): a tool is its catalogue entry, its form, its input
 * schema and its prompts, four tables keyed by slug; nothing else in the source names a tool.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The four files a new tool touches. */
const TOOL_FILES = [
  'src/shared/tools.ts',
  'src/shared/tool-forms.ts',
  'src/shared/tool-inputs.ts',
  'src/server/tools/prompts.ts',
];

/** Files that may name one tool, and why: none branches on it or keeps a table of tools. */
const NAMES_ONE_TOOL: Record<string, string> = {
  'src/web/features/landing/components/hero-preview.tsx': 'a picture of the code explainer’s screen',
};

describe('one tool spec', () => {
  it('has every tool, and only the tools, in each of the four tables', () => {
    const tables = { TOOLS, TOOL_FORMS, TOOL_INPUT_SCHEMAS, SERVER_TOOLS };
    for (const [name, table] of Object.entries(tables)) {
      expect(Object.keys(table).sort(), name).toEqual([...TOOL_SLUGS].sort());
    }
  });

  it('gives each tool its own chart colour and a showcase sample', () => {
    const colors = TOOL_SLUGS.map((slug) => TOOLS[slug].chartColor);
    expect(new Set(colors).size).toBe(TOOL_SLUGS.length);
    for (const slug of TOOL_SLUGS) {
      expect(TOOLS[slug].chartColor).toMatch(/^bg-[a-z]+-\d{3} dark:bg-[a-z]+-\d{3}$/);
      expect(TOOL_FORMS[slug].sample.input, slug).not.toBe('');
      expect(TOOL_FORMS[slug].sample.output, slug).not.toBe('');
    }
  });

  it('names no tool outside its four files: no code branches on a slug or keeps its own table of tools', () => {
    const slugLiteral = new RegExp(`['"\`](${TOOL_SLUGS.join('|')})['"\`]`);
    const offenders = ['src/server', 'src/shared', 'src/web']
      .flatMap((dir) => sourceFilesIn(resolve(root, dir)))
      .map((file) => relative(root, file).split(sep).join('/'))
      .filter(
        (path) => !/\.test\.tsx?$/.test(path) && !TOOL_FILES.includes(path) && !(path in NAMES_ONE_TOOL),
      )
      .flatMap((path) =>
        readFileSync(resolve(root, path), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path}:${i + 1}` }))
          .filter(({ line }) => slugLiteral.test(line) && !line.trimStart().startsWith('*'))
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
