/**
 * The build's prerender entry (scripts/prerender.ts): renders the public pages to HTML once, at build
 * time, so they paint before any JavaScript has run; main.tsx then hydrates that HTML.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PageHead } from '#shared/page-head';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { LANDING_HEAD } from './features/landing/content/landing-head.ts';
import { PRICING_HEAD } from './features/pricing/content/pricing-head.ts';

/** The pages whose content is the same for every visitor: the ones worth prerendering. */
export const PRERENDERED_PAGES: Record<string, PageHead> = {
  '/': LANDING_HEAD,
  '/subscription': PRICING_HEAD,
};

/**
 * The markup for `#root` on `path`, once every lazy page module has loaded. It must need no inline
 * script to reveal late content: the Content-Security-Policy blocks inline scripts.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // Larger boundaries would be outlined and revealed by an inline script: keep them all in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (html.includes('<script')) throw new Error(`prerender: ${path} needs inline scripts`);
  return html;
}
