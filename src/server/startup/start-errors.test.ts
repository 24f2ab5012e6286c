import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { UpgradeSnapshotError } from '#server/backup/upgrade-snapshots';
import { ConfigError, loadConfig } from '#server/config/config';
import { DatabaseNewerError, openDatabase } from '#server/db/client';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { describeStartError, type StartContext } from './start-errors.ts';

const base = {
  host: 'localhost',
  port: 3000,
  dataDir: '/srv/draftsmith/data',
} satisfies Partial<StartContext>;

/** An error shaped as Node's system errors are (code, syscall, path, address, port: as observed on Node 24). */
function systemError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

/** A PostgreSQL error as pg raises it (DatabaseError: SQLSTATE `code`, `severity`). */
function pgError(message: string, code: string): Error {
  return Object.assign(new Error(message), { name: 'DatabaseError', code, severity: 'FATAL' });
}

function expectOneLine(line: string) {
  expect(line).not.toContain('\n');
  expect(line).not.toMatch(/\bat .+:\d+:\d+/); // no stack frame
}

describe('describeStartError', () => {
  it('keeps the messages already written for people', () => {
    let config: ConfigError | undefined;
    try {
      loadConfig({ PORT: 'eighty' });
    } catch (err) {
      config = err as ConfigError;
    }
    expect(config).toBeInstanceOf(ConfigError);
    expect(describeStartError(config, { step: 'config' })).toBe(
      'Invalid configuration:\n  PORT: Invalid input: expected number, received NaN',
    );
    const locked = new DataDirLockedError('DATA_DIR /d is in use by another Draftsmith process (pid 42 …).');
    expect(describeStartError(locked, { ...base, step: 'data-dir' })).toBe(locked.message);
    const newer = new DatabaseNewerError('The database in /d was upgraded by a later version of Draftsmith.');
    expect(describeStartError(newer, { ...base, step: 'database' })).toBe(newer.message);
    const snapshot = new UpgradeSnapshotError('Could not save the database before upgrading it.');
    expect(describeStartError(snapshot, { ...base, step: 'database' })).toBe(snapshot.message);
  });

  it('names the port in use and the setting to change (a real EADDRINUSE)', async () => {
    const first = await listening(0);
    const port = (first.address() as { port: number }).port;
    const err = await listenError(port);
    first.close();
    const line = describeStartError(err, { ...base, host: '127.0.0.1', port, step: 'listen' });
    expectOneLine(line);
    expect(line).toBe(
      `Port ${port} on 127.0.0.1 is already in use (another Draftsmith or another program): ` +
        `stop it, or set PORT=… to a free port, e.g. PORT=${port + 1}.`,
    );
  });

  it('explains privileged ports, foreign addresses and host names that do not resolve', () => {
    const eacces = systemError('listen EACCES: permission denied 0.0.0.0:80', {
      code: 'EACCES',
      syscall: 'listen',
      address: '0.0.0.0',
      port: 80,
    });
    expect(describeStartError(eacces, { ...base, host: '0.0.0.0', port: 80, step: 'listen' })).toBe(
      'Port 80 is a privileged port (below 1024) and this user may not listen on it: set PORT=… to 1024 ' +
        'or above, e.g. PORT=3000, and let a reverse proxy serve the low port.',
    );
    const high = systemError('listen EACCES', { code: 'EACCES', syscall: 'listen', port: 8080 });
    expect(describeStartError(high, { ...base, port: 8080, step: 'listen' })).toBe(
      'This user may not listen on port 8080 on localhost (permission denied): set PORT=… to another port.',
    );
    const notMine = systemError('listen EADDRNOTAVAIL: address not available 10.9.9.9:3000', {
      code: 'EADDRNOTAVAIL',
      syscall: 'listen',
      address: '10.9.9.9',
      port: 3000,
    });
    expect(describeStartError(notMine, { ...base, host: '10.9.9.9', step: 'listen' })).toBe(
      'HOST=10.9.9.9 is not an address of this machine: set HOST=localhost (this machine only), ' +
        'HOST=0.0.0.0 (every network) or one of its addresses.',
    );
    const unknownHost = systemError('getaddrinfo ENOTFOUND nas.local', {
      code: 'ENOTFOUND',
      syscall: 'getaddrinfo',
      hostname: 'nas.local',
    });
    expect(describeStartError(unknownHost, { ...base, host: 'nas.local', step: 'listen' })).toBe(
      'HOST=nas.local cannot be resolved to an address: set HOST=localhost, HOST=0.0.0.0 or an address of this machine.',
    );
  });

  it('says which DATA_DIR path cannot be written, and why', () => {
    const dataDir = '/srv/draftsmith/data';
    const at = (code: string, syscall: string, path: string) =>
      describeStartError(systemError(`${code}: …, ${syscall} '${path}'`, { code, syscall, path }), {
        ...base,
        dataDir,
        step: 'data-dir',
      });
    expect(at('EACCES', 'mkdir', dataDir)).toBe(
      `DATA_DIR ${dataDir} is not writable (mkdir ${dataDir}: permission denied): set DATA_DIR=… to a directory this user can write, or fix its permissions.`,
    );
    expect(at('EROFS', 'open', `${dataDir}/.draftsmith-write-check-7`)).toBe(
      `DATA_DIR ${dataDir} is not writable (open ${dataDir}/.draftsmith-write-check-7: read-only file system): set DATA_DIR=… to a directory this user can write, or fix its permissions.`,
    );
    expect(at('ENOENT', 'mkdir', '/proc/x')).toContain('(mkdir /proc/x: cannot be created there)');
    expect(at('ENOSPC', 'open', `${dataDir}/auth-secret`)).toBe(
      `DATA_DIR ${dataDir} is on a full disk (open ${dataDir}/auth-secret: no space left on the disk): free some space, or set DATA_DIR=… to a disk with room.`,
    );
    expect(at('ENOTDIR', 'mkdir', dataDir)).toBe(
      `DATA_DIR ${dataDir} is not a directory (mkdir ${dataDir}: a file is in the way): set DATA_DIR=… to a directory, or move that file away.`,
    );
  });

  it('counts a later write inside DATA_DIR as DATA_DIR, but not a missing file or a path elsewhere', () => {
    const context = { ...base, step: 'app' as const };
    const uploads = systemError('EACCES', {
      code: 'EACCES',
      syscall: 'mkdir',
      path: `${base.dataDir}/uploads`,
    });
    expect(describeStartError(uploads, context)).toMatch(/^DATA_DIR \/srv\/draftsmith\/data is not writable/);
    const missing = systemError('ENOENT: no such file', {
      code: 'ENOENT',
      syscall: 'open',
      path: `${base.dataDir}/x`,
    });
    expect(describeStartError(missing, context)).toMatch(
      /^Draftsmith could not start \(setting up the server\)/,
    );
    const elsewhere = systemError("EACCES: permission denied, open '/etc/x'", {
      code: 'EACCES',
      syscall: 'open',
      path: '/etc/x',
    });
    expect(describeStartError(elsewhere, context)).toMatch(/^Draftsmith could not start/);
  });

  it('names the PostgreSQL server it could not reach, never the password (a real ECONNREFUSED)', async () => {
    const databaseUrl = 'postgres://draftsmith:s3cret-pw@127.0.0.1:1/app';
    const err = await openDatabase({ kind: 'postgres', url: databaseUrl }).then(
      () => null,
      (e: unknown) => e,
    );
    const line = describeStartError(err, { ...base, databaseUrl, step: 'database' });
    expectOneLine(line);
    expect(line).toBe(
      'Cannot connect to PostgreSQL at 127.0.0.1:1 (connection refused): check that PostgreSQL is running and listening there, and the host and port in DATABASE_URL.',
    );
  });

  it('tells each PostgreSQL failure apart, with what to check', () => {
    const databaseUrl = 'postgresql://ada:hunter2-secret@db.internal:6543/drafts';
    const line = (err: unknown) => describeStartError(err, { ...base, databaseUrl, step: 'database' });
    const lines = [
      line(systemError('getaddrinfo ENOTFOUND db.internal', { code: 'ENOTFOUND', syscall: 'getaddrinfo' })),
      line(new Error('Connection terminated due to connection timeout', { cause: new Error('x') })),
      line(new Error('timeout exceeded when trying to connect')),
      line(new Error('Connection terminated unexpectedly')),
      line(pgError('password authentication failed for user "ada"', '28P01')),
      line(pgError('role "ada" does not exist', '28000')),
      line(pgError('database "drafts" does not exist', '3D000')),
      line(pgError('sorry, too many clients already', '53300')),
      line(pgError('the database system is starting up', '57P03')),
      line(pgError('permission denied for schema public', '42501')),
      line(new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string')),
      line(new Error('The server does not support SSL connections')),
      line(
        systemError('self-signed certificate in certificate chain', { code: 'SELF_SIGNED_CERT_IN_CHAIN' }),
      ),
      line(pgError('relation "x" already exists at hunter2-secret', '42P07')),
    ];
    expect(lines).toEqual([
      "Cannot connect to PostgreSQL at db.internal:6543 (host name not found): check the host in DATABASE_URL and this machine's DNS.",
      'Cannot connect to PostgreSQL at db.internal:6543 (no answer in time): check the host and port in DATABASE_URL, that PostgreSQL is running, and any firewall between.',
      'Cannot connect to PostgreSQL at db.internal:6543 (no answer in time): check the host and port in DATABASE_URL, that PostgreSQL is running, and any firewall between.',
      "Cannot connect to PostgreSQL at db.internal:6543 (the server closed the connection): check that the port in DATABASE_URL is PostgreSQL's and its SSL setting (sslmode).",
      'PostgreSQL at db.internal:6543/drafts refused the password of user "ada": check the user and password in DATABASE_URL.',
      `PostgreSQL at db.internal:6543/drafts refused user "ada" (role "ada" does not exist): check the user in DATABASE_URL and the server's pg_hba.conf.`,
      'The database "drafts" does not exist on PostgreSQL at db.internal:6543: create it (createdb drafts) or fix its name in DATABASE_URL.',
      'PostgreSQL at db.internal:6543/drafts has no free connections (too many clients): raise max_connections or stop other clients.',
      'PostgreSQL at db.internal:6543/drafts is starting up or shutting down: start Draftsmith again in a moment.',
      `PostgreSQL at db.internal:6543/drafts: user "ada" may not create the tables (permission denied for schema public): grant it CREATE on the database's schema, or use the database's owner in DATABASE_URL.`,
      'PostgreSQL at db.internal:6543/drafts asks for a password: put it in DATABASE_URL (postgres://user:password@host:port/database).',
      'PostgreSQL at db.internal:6543/drafts does not accept SSL: remove sslmode from DATABASE_URL, or enable SSL on the server.',
      "PostgreSQL at db.internal:6543/drafts presented a certificate this machine does not trust (SELF_SIGNED_CERT_IN_CHAIN): set sslrootcert in DATABASE_URL to its CA, or fix the server's certificate.",
      expect.stringMatching(
        /^PostgreSQL at db\.internal:6543\/drafts: relation "x" already exists at .+\. Check DATABASE_URL\. Run with LOG_LEVEL=debug for the stack trace\.$/,
      ),
    ]);
    for (const text of lines) {
      expectOneLine(text);
      expect(text).not.toContain('hunter2');
    }
  });

  it('turns anything else into one line with the step, the redacted message and the debug hint', () => {
    const err = new Error('boom\n  while reading https://u:pw@example.test/x?token=abc');
    const line = describeStartError(err, { ...base, step: 'app' });
    expectOneLine(line);
    expect(line).toBe(
      'Draftsmith could not start (setting up the server): boom while reading https://example.test/x. Run with LOG_LEVEL=debug for the stack trace.',
    );
    expect(describeStartError('a thrown string', { step: 'config' })).toBe(
      'Draftsmith could not start (reading the configuration): a thrown string. Run with LOG_LEVEL=debug for the stack trace.',
    );
  });
});

function listening(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function listenError(port: number): Promise<unknown> {
  return listening(port).then(
    (server) => {
      server.close();
      return null;
    },
    (err: unknown) => err,
  );
}
