import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LevelWithSilent, pino } from 'pino';
import { buildApp } from './app.ts';
import { upgradeSnapshots } from './backup/upgrade-snapshots.ts';
import { loadConfig } from './config/config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDataDir } from './db/data-dir.ts';
import { type DataDirLock, lockDataDir } from './db/data-dir-lock.ts';
import { drainAndClose } from './plugins/lifecycle.ts';
import { resolveSecret } from './secret.ts';
import { bannerSnapshot } from './startup/banner-snapshot.ts';
import { logOutput } from './startup/log-output.ts';
import { describeStartError, type StartContext } from './startup/start-errors.ts';

/** How far the start got, for the one-line message if it fails (startup/start-errors.ts). */
const start: StartContext = { step: 'config' };
let logLevel: LevelWithSilent | undefined;
/** What a start that fails has opened, closed before the exit (newest first). */
const opened: (() => Promise<unknown>)[] = [];

/** Entry point: configuration, data directory, database, then listen; graceful shutdown on signals. */
async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  logLevel = config.LOG_LEVEL;
  Object.assign(start, {
    step: 'data-dir',
    host: config.HOST,
    port: config.PORT,
    dataDir,
    databaseUrl: config.DATABASE_URL,
  });
  prepareDataDir(dataDir);

  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) lock = lockDataDir(dataDir);

  const { secret, generated } = resolveSecret(config.BETTER_AUTH_SECRET, dataDir);
  start.step = 'database';
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: resolve(dataDir, 'pglite'),
          // Before pending migrations change an existing database, its data is saved (ADR 0015).
          upgrade: upgradeSnapshots({
            dataDir,
            uploadsDir: config.UPLOADS_DIR,
            environment: config.environment,
            log: console.log,
          }),
        },
  );
  opened.unshift(() => database.close());
  start.step = 'app';
  // On a terminal: readable lines above the banner (which draws the model's download), every line in
  // DATA_DIR/logs/server.log; elsewhere JSON lines on stdout (startup/log-output.ts).
  const output = logOutput({ format: config.LOG_FORMAT, level: config.LOG_LEVEL, dataDir });
  const terminal = output.banner;
  const app = await buildApp({
    config: { ...config, DATA_DIR: dataDir },
    database,
    secret,
    webDir: fileURLToPath(new URL('../web', import.meta.url)),
    logger: output.logger,
    modelProgressOutput: output.modelProgressOutput,
  });
  opened.unshift(() => app.close());
  if (generated)
    app.log.info(
      { dataDir },
      'generated a new auth secret (set BETTER_AUTH_SECRET to share it between instances)',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    terminal?.close();
    app.log.info({ signal }, 'shutting down');
    // The grace period for running generations, then 15 s more to save and close; past that, exit anyway.
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + 15_000);
    force.unref();
    try {
      await drainAndClose(app, config.SHUTDOWN_GRACE_MS);
      await database.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  start.step = 'listen';
  await app.listen({ port: config.PORT, host: config.HOST });
  opened.length = 0;
  app.log.info(`Draftsmith is ready at ${config.publicUrl} (database: ${database.kind})`);
  terminal?.show(bannerSnapshot(app, output.logFile));
}

main().catch(async (err: unknown) => {
  // The stack is for whoever debugs (LOG_LEVEL=debug); the person starting the server reads one line.
  pino({ level: logLevel ?? envLogLevel() }, pino.destination({ dest: 1, sync: true })).debug(
    { err, step: start.step },
    'start failed',
  );
  console.error(describeStartError(err, start));
  const force = setTimeout(() => process.exit(1), 5_000);
  force.unref();
  for (const close of opened) await close().catch(() => {});
  process.exit(1);
});

/** LOG_LEVEL when the configuration itself could not be read: used if it names a level, else info. */
function envLogLevel(): LevelWithSilent {
  const level = process.env.LOG_LEVEL?.trim() ?? '';
  return level === 'silent' || Object.hasOwn(pino.levels.values, level) ? (level as LevelWithSilent) : 'info';
}
