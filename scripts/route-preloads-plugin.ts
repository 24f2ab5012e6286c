import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `route-preloads.json` into the build: for each page route, the lazily loaded chunks it needs
 * (its route modules and their static imports). The server adds them to the HTML it serves for
 * that route as `<link rel="modulepreload">`, so they download in parallel with the main bundle instead
 * of after it has run. Keys are exact paths, or prefixes ending in `/*`.
 */
export function routePreloads(routes: Record<string, string | string[]>): Plugin {
  return {
    name: 'draftsmith-route-preloads',
    apply: 'build',
    // The browser build only: the prerender's Node build (scripts/prerender.ts) loads no chunks by URL.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { fileName: string; imports: string[] }>();
      const byModule = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, output);
        // The chunk holding each module (a page module need not be its chunk's facade).
        for (const id of output.moduleIds) byModule.set(id, output.fileName);
      }
      const entryImports = new Set(
        [...chunks.values()]
          .filter((c) => 'isEntry' in c && c.isEntry)
          .flatMap((c) => [c.fileName, ...c.imports]),
      );
      const collect = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName) || entryImports.has(fileName)) return;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) collect(imported, seen);
      };
      const preloads: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(routes)) {
        const seen = new Set<string>();
        for (const module of [modules].flat()) {
          const fileName = byModule.get(resolve(module));
          if (!fileName) this.error(`route-preloads: no chunk for ${module} (route ${route})`);
          collect(fileName, seen);
        }
        preloads[route] = [...seen].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}
