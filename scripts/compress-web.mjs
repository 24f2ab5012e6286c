// Pre-compresses the built web app (brotli and gzip) so the server sends small files without
// compressing on every request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { precompress } from '../src/server/plugins/precompress.ts';

const ROOT = 'dist/web';
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|xml)$/;

function* walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

for (const path of walk(ROOT)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const data = readFileSync(path);
  if (data.length < 1024) continue;
  const { brotli, gzip } = precompress(data);
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzip);
}
