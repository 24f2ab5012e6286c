import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createImportReader, serverLoops, serverUnit, sourceFilesIn } from '#scripts/import-graph';

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

  /**
   * The server in layers, each importing only its own layer and those below (ARCHITECTURE.md, "Layers"):
   * a new folder or top-level file gets its layer here.
   */
  const SERVER_LAYERS: Record<string, readonly string[]> = {
    foundation: [
      'app-version.ts',
      'component-health.ts',
      'config',
      'content-disposition.ts',
      'db',
      'errors.ts',
      'input-rules.ts',
      'logger-options.ts',
      'mail',
      'openapi',
      'plugins',
      'redact-for-display.ts',
      'secret.ts',
      'socket-errors.ts',
      'storage',
    ],
    domains: [
      'admin',
      'ai',
      'auth',
      'backup',
      'billing',
      'documents',
      'export',
      'history',
      'metrics',
      'teams',
      'tools',
      'usage',
      'users',
    ],
    generation: ['generation'],
    routes: ['routes'],
    app: ['app.ts', 'auth-extensions.ts', 'server.ts', 'startup'],
  };
  const LAYER_ORDER = Object.keys(SERVER_LAYERS);
  const layerOf = (unit: string) =>
    LAYER_ORDER.findIndex((layer) => SERVER_LAYERS[layer]?.includes(unit.replace(/\.test\.ts$/, '.ts')));

  it('gives every server folder and top-level file a layer', () => {
    const units = new Set(files.map((f) => serverUnit(f.path)).filter((u): u is string => u !== null));
    expect([...units].filter((unit) => layerOf(unit) < 0)).toEqual([]);
  });

  it('keeps the server in layers: foundation → domains → generation → routes → app, never upwards', () => {
    const bad = files.flatMap((f) => {
      const from = serverUnit(f.path);
      if (!from) return [];
      return f.imports
        .filter((t) => {
          const to = serverUnit(t);
          return to !== null && to !== from && layerOf(to) > layerOf(from);
        })
        .map((t) => `${f.path} → ${t}`);
    });
    expect(bad).toEqual([]);
  });

  it('has no two server folders importing each other, directly or through others (npm run imports:loops)', () => {
    expect(serverLoops(files)).toEqual([]);
  });
});
