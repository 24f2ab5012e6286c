import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app's HTML page for a route: index.html with `<link rel="modulepreload">` for the chunks that
 * route loads lazily (from the build's route-preloads.json), so they download alongside the main bundle.
 */
export interface PageHtml {
  forPath(path: string): string;
}

export function loadPageHtml(webDir: string): PageHtml {
  const index = readFileSync(join(webDir, 'index.html'), 'utf8');
  const manifestPath = join(webDir, 'route-preloads.json');
  const preloads: Record<string, string[]> = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, 'utf8'))
    : {};
  const routes = Object.keys(preloads);
  const variants = new Map<string, string>();

  const routeFor = (path: string): string | undefined => {
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return routes.find((route) =>
      route.endsWith('/*') ? normalized.startsWith(route.slice(0, -1)) : normalized === route,
    );
  };

  return {
    forPath(path) {
      const route = routeFor(path);
      if (!route) return index;
      let html = variants.get(route);
      if (html === undefined) {
        const links = (preloads[route] ?? [])
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
          .join('');
        html = index.replace('</head>', `${links}</head>`);
        variants.set(route, html);
      }
      return html;
    },
  };
}
