import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreloads } from './scripts/route-preloads-plugin.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'src/web',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    routePreloads({
      '/': 'src/web/features/landing/components/landing-page.tsx',
      '/subscription': 'src/web/features/pricing/components/pricing-page.tsx',
      '/signin': 'src/web/app/routes/auth-route.tsx',
      '/signup': 'src/web/app/routes/auth-route.tsx',
      '/services/*': ['src/web/app/routes/protected-layout.tsx', 'src/web/app/routes/tool-route.tsx'],
      '/admin': ['src/web/app/routes/protected-layout.tsx', 'src/web/app/routes/admin-route.tsx'],
      '/share/*': 'src/web/app/routes/share-route.tsx',
      '/team': ['src/web/app/routes/protected-layout.tsx', 'src/web/app/routes/account-route.tsx'],
      '/accept-invitation/*': 'src/web/app/routes/account-route.tsx',
    }),
  ],
  // The year prerendered pages were built in (src/web/lib/current-year.ts).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
    // Every browser the app supports but Safari 16 preloads modules itself; the polyfill (0.3 kB on every
    // first view) only made Safari 16 fetch them early, which it still does, a little later, when imported.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Pages and lazy parts keep their names (landing-page-….js, answer-editor-….js); the chunks Rolldown
        // splits off for what several of them share are named after a module that says little (dist, an
        // icon) and are listed, with every page's, in the preload map each first view loads: a hash is
        // enough (0.24 kB less on the first view of /).
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        codeSplitting: {
          // What the entry imports statically runs on every page: one chunk rather than a dozen small
          // shared ones, each a request before the page is interactive. Pages stay lazy chunks.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
