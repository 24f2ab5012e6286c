import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { resolveSecret } from './secret.ts';

/** Entry point: configuration, data directory, database, then listen; graceful shutdown on signals. */
async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) lock = lockDataDir(dataDir);

  const { secret, generated } = resolveSecret(config.BETTER_AUTH_SECRET, dataDir);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
  );
  const app = await buildApp({
    config: { ...config, DATA_DIR: dataDir },
    database,
    secret,
    webDir: fileURLToPath(new URL('../web', import.meta.url)),
  });
  if (generated)
    app.log.info(
      { dataDir },
      'generated a new auth secret (set BETTER_AUTH_SECRET to share it between instances)',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Draftsmith is ready at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error('Draftsmith failed to start:', err);
  }
  process.exit(1);
});
