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
    rolldownOptions: {
      output: {
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
