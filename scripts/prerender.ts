/**
 * `npm run build:web` runs this after the client build: builds src/web/entry-server.tsx for Node, renders
 * the public pages with it and writes dist/web/prerendered.json ({path: {head, html}}). The server puts
 * that HTML into the page it sends (src/server/plugins/page-html.ts) and main.tsx hydrates it.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const OUT_DIR = resolve('dist/ssr');

await build({
  configFile: resolve('vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: resolve('src/web/entry-server.tsx'), outDir: OUT_DIR, emptyOutDir: true },
});

const entry = await import(pathToFileURL(resolve(OUT_DIR, 'entry-server.js')).href);
const pages: Record<string, { head: unknown; hints: string; html: string }> = {};
for (const [path, head] of Object.entries(entry.PRERENDERED_PAGES as Record<string, unknown>)) {
  const rendered: string = await entry.renderPage(path);
  // React puts resource hints it derives (e.g. image preloads) first: they belong in <head>.
  const hints = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
  const html = rendered.slice(hints.length);
  // A <title> or <meta> rendered by a component would be hoisted here too: pages declare a PageHead instead.
  if (/^<(title|meta)\b/.test(html)) throw new Error(`prerender: ${path} rendered head tags into the page`);
  if (!html) throw new Error(`prerender: ${path} rendered nothing`);
  pages[path] = { head, hints, html };
  console.log(`prerendered ${path}: ${(html.length / 1000).toFixed(1)} kB of HTML`);
}
writeFileSync(resolve('dist/web/prerendered.json'), JSON.stringify(pages));
rmSync(OUT_DIR, { recursive: true, force: true });
