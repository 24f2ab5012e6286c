import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '#tests/helpers/free-port';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/draftsmith */
  url: string;
  /** Stops the server (fast shutdown: open connections are cut, as in an outage). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
  /** The postmaster's process id (its backends are its children), from its data directory. */
  postmasterPid(): number;
}

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL cluster of the suite's own (initdb into a temporary directory, trust auth, loopback,
 * a free port), so it can be stopped and started as a fault without touching any other server. The
 * binaries (initdb, pg_ctl) come from PATH. initdb refuses to run as root: as root, they run as the
 * `postgres` user, who owns the directory.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'draftsmith-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const postgres = userIds('postgres');
    chownSync(dir, postgres.uid, postgres.gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  // Asynchronous: the suite's load keeps running in this process while the server stops and starts.
  const run = async (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    await execFileAsync(file, argv, { encoding: 'utf8' });
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // Three instances' pools (10 each), their restarts, the suite's own checks.
    '-c max_connections=200',
    '-c shared_buffers=256MB',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();

  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database draftsmith');
  await admin.end();

  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/draftsmith`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
    postmasterPid() {
      return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const out = execFileSync('id', [name], { encoding: 'utf8' });
  const uid = /uid=(\d+)/.exec(out)?.[1];
  const gid = /gid=(\d+)/.exec(out)?.[1];
  if (!uid || !gid) throw new Error(`no user ${name} to run PostgreSQL as (initdb refuses root)`);
  return { uid: Number(uid), gid: Number(gid) };
}
