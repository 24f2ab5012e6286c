// `npm start` runs this first: builds the app when dist/ is missing or older than the sources, so a
// fresh clone needs only `npm install && npm start`. Runs nothing when the build is current.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = [
  'src',
  'public',
  'scripts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];
const STAMP = 'dist/.build-hash';

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else if (!/\.test\.tsx?$/.test(path)) {
    yield path;
  }
}

const hash = createHash('sha256');
for (const input of INPUTS) {
  for (const file of files(input)) hash.update(file).update(readFileSync(file));
}
const digest = hash.digest('hex');
const current = existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest;
if (!current || !existsSync('dist/server/server.js') || !existsSync('dist/web/index.html')) {
  console.log('Building Draftsmith (first start or sources changed)…');
  execSync('npm run build', { stdio: 'inherit' });
  writeFileSync(STAMP, digest);
}
