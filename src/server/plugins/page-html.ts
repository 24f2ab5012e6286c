import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentTitle, type PageHead, SITE_NAME } from '#shared/page-head';
import { type Precompressed, precompress } from './precompress.ts';

/**
 * The HTML page for a route, composed once per route from the build:
 * - index.html, the app shell;
 * - for prerendered pages (prerendered.json, written by scripts/prerender.ts), their markup inside
 *   `#root`, which the browser paints before any script runs and the app then hydrates, and their head:
 *   title, description, canonical link and Open Graph card with URLs on `publicUrl` (absolute when
 *   PUBLIC_URL is set, root-relative otherwise);
 * - `<link rel="modulepreload">` for the chunks the route loads lazily (route-preloads.json), so they
 *   download alongside the main bundle.
 * Each variant is composed and compressed once, on first request.
 */
export interface PageBody extends Precompressed {
  html: string;
  /** A page search engines must not list (a shared chat): `X-Robots-Tag` goes with it. */
  noindex: boolean;
}

/** Route patterns whose pages are private to whoever has the link: never listed by search engines. */
const NOINDEX_ROUTES = new Set(['/share/*']);

export interface PageHtml {
  forPath(path: string): PageBody;
}

interface PrerenderedPage {
  head: PageHead;
  /** Resource hints React derived while rendering (e.g. image preloads), as HTML. */
  hints: string;
  html: string;
}

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function readJson<T>(path: string, fallback: T): T {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : fallback;
}

function headTags(head: PageHead, url: string, publicUrl: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;
  const tags = [
    `<title>${escapeHtml(documentTitle(head.title))}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ];
  const card = head.openGraph;
  if (card) {
    tags.push(
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', SITE_NAME),
      meta('property', 'og:title', card.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', url),
      meta('property', 'og:image', `${publicUrl}${card.image.path}`),
      meta('property', 'og:image:width', card.image.width),
      meta('property', 'og:image:height', card.image.height),
      meta('property', 'og:image:alt', card.image.alt),
      meta('name', 'twitter:card', 'summary_large_image'),
    );
  }
  return tags.join('');
}

export function loadPageHtml(webDir: string, publicUrl: string): PageHtml {
  const index = readFileSync(join(webDir, 'index.html'), 'utf8');
  const preloads = readJson<Record<string, string[]>>(join(webDir, 'route-preloads.json'), {});
  const prerendered = readJson<Record<string, PrerenderedPage>>(join(webDir, 'prerendered.json'), {});
  const routes = Object.keys(preloads);
  const pages = new Map<string, PageBody>();

  const routeFor = (path: string): string | undefined =>
    routes.find((route) => (route.endsWith('/*') ? path.startsWith(route.slice(0, -1)) : path === route));

  /** The page for a route pattern (none: the plain shell), with the prerendered content of `path`. */
  function compose(route: string | undefined, page: PrerenderedPage | undefined, path: string): string {
    let html = index;
    if (page) {
      const url = `${publicUrl}${path}`;
      html = html
        .replace(TITLE, '')
        .replace(DESCRIPTION, '')
        .replace('</head>', `${headTags(page.head, url, publicUrl)}${page.hints}</head>`)
        .replace(ROOT, `<div id="root">${page.html}</div>`);
    }
    const links = (route ? (preloads[route] ?? []) : [])
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
      .join('');
    const robots =
      route && NOINDEX_ROUTES.has(route) ? '<meta name="robots" content="noindex, nofollow">' : '';
    return html.replace('</head>', `${robots}${links}</head>`);
  }

  return {
    forPath(path) {
      const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
      const page = Object.hasOwn(prerendered, normalized) ? prerendered[normalized] : undefined;
      const route = routeFor(normalized);
      // Keyed by prerendered path or by route pattern: a bounded set, whatever URLs arrive.
      const key = page ? `page:${normalized}` : route ? `route:${route}` : 'shell';
      let body = pages.get(key);
      if (body === undefined) {
        const html = compose(route, page, normalized);
        body = { html, noindex: route !== undefined && NOINDEX_ROUTES.has(route), ...precompress(html) };
        pages.set(key, body);
      }
      return body;
    },
  };
}
