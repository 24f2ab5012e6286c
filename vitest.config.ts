import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The empty-database template every PGlite test database starts from (src/server/db/pglite.ts).
    globalSetup: ['tests/setup/pglite-template.ts'],
    // Off unless asked for (`--coverage`, as npm test does): a text summary, no thresholds.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/**/*.d.ts'],
      reporter: ['text-summary'],
    },
    projects: [
      {
        test: {
          name: 'unit',
          // The projects run as ordered groups: unit first, then integration. Each unit file gets its own
          // module cache (web tests stub globals and fake timers); two at a time (the default is one on 2
          // cores): 28 s → 18 s.
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // Integration files mostly wait (timers, sockets, child processes, database start), so two at a
          // time nearly halve the run on the 2-core CI machine (measured 500 s → 285 s) without timeouts.
          maxWorkers: 2,
          // One module cache per worker, not per file: every file imports the whole server, 1.1 s each
          // (78 s of the run's import time → 7 s; the integration run 278 s → 241 s). The files leave no
          // globals behind (no vi.mock, fake timers restored after each test, env restored); a run with
          // the files shuffled (--sequence.shuffle.files) is how to check a new one.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
