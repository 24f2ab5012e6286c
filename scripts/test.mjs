// `npm test`: every test — unit and integration (Vitest), then browser end-to-end (Playwright on
// Debian's Chromium against the built app) — and one closing line that counts them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORTS = '.tmp/test-reports';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian Chromium for the browser tests…');
    if (run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0)
      return;
  }
  console.error(
    `Chromium was not found at ${CHROMIUM}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

function count(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

ensureChromium();
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

// One shared build: ensure-build records the source hash, so the e2e server start reuses it.
const build = run('node', ['scripts/ensure-build.mjs']);
if (build !== 0) process.exit(build);

// --coverage prints v8 coverage as a text summary (vitest.config.ts); no thresholds.
const vitest = run('npx', [
  'vitest',
  'run',
  '--coverage',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${REPORTS}/vitest.json`,
]);
const e2e = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_FILE: `${REPORTS}/e2e.json`,
});

const v = count(`${REPORTS}/vitest.json`, (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));
const p = count(`${REPORTS}/e2e.json`, (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
  skipped: r.stats.skipped,
}));
const failed =
  v.failed + p.failed + (vitest !== 0 && v.failed === 0 ? 1 : 0) + (e2e !== 0 && p.failed === 0 ? 1 : 0);
console.log(
  `\nvitest: ${v.passed} passed, ${v.failed} failed; playwright: ${p.passed} passed, ${p.failed} failed`,
);
console.log(`tests: ${v.passed + p.passed} passed, ${failed} failed, ${v.skipped + p.skipped} skipped`);
process.exit(vitest !== 0 || e2e !== 0 ? 1 : 0);
