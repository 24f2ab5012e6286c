import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The repository's import graph, as tests/import-boundaries.test.ts checks it and `npm run
 * imports:loops` prints it: every import and export-from of a source file (type-only ones included),
 * resolved to the repository-relative file it names (package.json `#…` imports and relative paths).
 */
export interface SourceFile {
  /** Repository-relative, with forward slashes. */
  path: string;
  specifiers: string[];
  /** The repository-relative files it imports (those inside the repository). */
  imports: string[];
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function sourceFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFilesIn(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

export function createImportReader(root: string) {
  /** package.json `imports`: '#shared/*' → './src/shared/*.ts' and the like. */
  const subpathImports = Object.entries(
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports as Record<string, string>,
  ).map(([pattern, target]) => {
    const [prefix = '', suffix = ''] = pattern.split('*');
    return { prefix, suffix, target };
  });

  /** A `#…` specifier as the repository-relative file it names, as Node, tsc and Vite resolve it. */
  function resolveSubpath(spec: string): string | undefined {
    for (const { prefix, suffix, target } of subpathImports) {
      if (spec.startsWith(prefix) && spec.endsWith(suffix)) {
        return join(target.replace('*', spec.slice(prefix.length, spec.length - suffix.length)));
      }
    }
    return undefined;
  }

  /** The specifiers a file imports, and the repository-relative paths of those inside the repository. */
  function importsOf(file: string): { specifiers: string[]; targets: string[] } {
    const text = readFileSync(file, 'utf8');
    const specifiers: string[] = [];
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? '';
      specifiers.push(spec);
      if (spec.startsWith('#')) targets.push(resolveSubpath(spec) ?? `unresolved:${spec}`);
      // A Vite asset query (`./sprite.svg?no-inline`) names the file before it.
      else if (spec.startsWith('.'))
        targets.push(relative(root, resolve(dirname(file), spec.replace(/\?.*$/, ''))));
    }
    return { specifiers, targets: targets.map((t) => t.split(sep).join('/')) };
  }

  /** Every source file under `dir` (repository-relative) with what it imports. */
  function read(dir: string): SourceFile[] {
    return sourceFilesIn(join(root, dir)).map((file) => {
      const { specifiers, targets } = importsOf(file);
      return { path: relative(root, file).split(sep).join('/'), specifiers, imports: targets };
    });
  }

  return { read, importsOf };
}

/** `src/server/auth/auth.ts` → `auth`; `src/server/config.ts` → `config.ts`; null outside the server. */
export function serverUnit(path: string): string | null {
  const match = /^src\/server\/([^/]+)/.exec(path);
  return match?.[1] ?? null;
}

/**
 * The loops among the server's top-level folders and files: each strongly connected set of two or
 * more units (a folder, or a file directly in src/server) that import one another, directly or through
 * others (Tarjan's algorithm over the unit graph), largest first.
 */
export function serverLoops(files: readonly SourceFile[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = serverUnit(file.path);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of file.imports) {
      const to = serverUnit(target);
      if (to && to !== from) edges.get(from)?.add(to);
    }
  }
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (unit: string) => {
    indexOf.set(unit, index);
    low.set(unit, index);
    index++;
    stack.push(unit);
    onStack.add(unit);
    for (const next of edges.get(unit) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (low.get(unit) === indexOf.get(unit)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const unit of [...edges.keys()].sort()) if (!indexOf.has(unit)) visit(unit);
  return loops.sort((a, b) => b.length - a.length);
}

/** The imports from `from` into `to` (unit names), file by file: what holds a loop together. */
export function importsBetween(files: readonly SourceFile[], from: string, to: string): string[] {
  return files.flatMap((file) =>
    serverUnit(file.path) === from
      ? file.imports.filter((target) => serverUnit(target) === to).map((target) => `${file.path} → ${target}`)
      : [],
  );
}
