// After `tsc -p tsconfig.server.json`: what the compiled server needs beside its .js files.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';

// The SQL migrations, read next to dist/server/db/client.js.
cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true });

// dist/ is its own package scope: the same `#shared/*` and `#server/*` specifiers the sources use
// (package.json `imports`, mapped there to src/**/*.ts) resolve here to the compiled .js files.
const { imports } = JSON.parse(readFileSync('package.json', 'utf8'));
const compiled = Object.fromEntries(
  ['#shared/*', '#server/*'].map((key) => {
    const target = imports[key];
    if (!target?.startsWith('./src/') || !target.endsWith('/*.ts')) {
      throw new Error(`package.json imports["${key}"] must map to ./src/…/*.ts (found ${target})`);
    }
    return [key, target.replace('./src/', './').replace(/\.ts$/, '.js')];
  }),
);
writeFileSync('dist/package.json', `${JSON.stringify({ type: 'module', imports: compiled }, null, 2)}\n`);

// The empty database a new embedded data directory starts from, next to dist/server/db/client.js (ADR 0023).
const { writePgliteTemplate } = await import('#server/db/pglite');
await writePgliteTemplate('dist/server/db');
