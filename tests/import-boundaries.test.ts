import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries ARCHITECTURE.md draws, checked over the import graph: shared imports neither server
 * nor web; the server never imports web code and the web never imports server code; a feature of the
 * web app never imports another feature (app → features → components/lib, one way).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository-relative paths a file imports (package imports are left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? '';
    if (spec.startsWith('@/')) targets.push(join('src/web', spec.slice(2)));
    else if (spec.startsWith('.')) targets.push(relative(root, resolve(dirname(file), spec)));
  }
  return targets.map((t) => t.split(sep).join('/'));
}

const files = sourceFiles(src).map((file) => ({
  path: relative(root, file).split(sep).join('/'),
  imports: importsOf(file),
}));

const area = (path: string) => path.split('/')[1];
const feature = (path: string) => /^src\/web\/features\/([^/]+)\//.exec(path)?.[1];

describe('import boundaries', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.imports.length > 0)).toBe(true);
  });

  it('keeps src/shared free of server and web code', () => {
    const bad = files
      .filter((f) => area(f.path) === 'shared')
      .flatMap((f) =>
        f.imports.filter((t) => ['server', 'web'].includes(area(t) ?? '')).map((t) => `${f.path} → ${t}`),
      );
    expect(bad).toEqual([]);
  });

  it('never lets the server import web code, nor the web server code', () => {
    const bad = files.flatMap((f) =>
      f.imports
        .filter((t) => {
          const from = area(f.path);
          const to = area(t);
          return (from === 'server' && to === 'web') || (from === 'web' && to === 'server');
        })
        .map((t) => `${f.path} → ${t}`),
    );
    expect(bad).toEqual([]);
  });

  it('never lets one web feature import another', () => {
    const bad = files.flatMap((f) => {
      const own = feature(f.path);
      if (!own) return [];
      return f.imports.filter((t) => feature(t) && feature(t) !== own).map((t) => `${f.path} → ${t}`);
    });
    expect(bad).toEqual([]);
  });

  it('keeps shared web code (components, lib) free of features and app routes', () => {
    const bad = files
      .filter((f) => /^src\/web\/(components|lib)\//.test(f.path))
      .flatMap((f) =>
        f.imports.filter((t) => /^src\/web\/(features|app)\//.test(t)).map((t) => `${f.path} → ${t}`),
      );
    expect(bad).toEqual([]);
  });
});
