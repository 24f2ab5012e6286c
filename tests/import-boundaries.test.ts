import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createImportReader, sourceFilesIn } from '#scripts/import-graph';

/**
 * The boundaries ARCHITECTURE.md draws, checked over the import graph: shared imports neither server
 * nor web; the server never imports web code and the web never imports server code; a feature of the
 * web app never imports another feature (app → features → components/lib, one way).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const reader = createImportReader(root);
const sourceFiles = sourceFilesIn;
const importsOf = (file: string) => reader.importsOf(file);
const files = reader.read('src');

const area = (path: string) => path.split('/')[1];
const feature = (path: string) => /^src\/web\/features\/([^/]+)\//.exec(path)?.[1];

describe('import boundaries', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.imports.length > 0)).toBe(true);
  });

  it('names every imported source file so that it exists (package.json imports resolve)', () => {
    const missing = files.flatMap((f) =>
      f.imports
        .filter((t) => !t.startsWith('src/') || !existsSync(join(root, t)))
        .map((t) => `${f.path} → ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('reaches outside its own folder only through a # import (no ../ chains, no aliases)', () => {
    const everyFile = ['src', 'tests', 'e2e', 'bench', 'scripts'].flatMap((dir) =>
      sourceFiles(join(root, dir)).map((file) => ({
        path: relative(root, file).split(sep).join('/'),
        specifiers: importsOf(file).specifiers,
      })),
    );
    expect(everyFile.length).toBeGreaterThan(files.length);
    const bad = everyFile.flatMap((f) =>
      f.specifiers.filter((s) => s.startsWith('../') || s.startsWith('@/')).map((s) => `${f.path} → ${s}`),
    );
    expect(bad).toEqual([]);
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
