import { isAbsolute, relative } from 'node:path';
import { UpgradeSnapshotError } from '#server/backup/upgrade-snapshots';
import { ConfigError } from '#server/config/config';
import { DatabaseNewerError } from '#server/db/client';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { redactForDisplay } from '#server/redact-for-display';
import { postgresLocation } from './postgres-location.ts';

/** What the server was doing when it failed; server.ts moves it along as it starts. */
export type StartStep = 'config' | 'data-dir' | 'database' | 'app' | 'listen';

export interface StartContext {
  step: StartStep;
  /** Known once the configuration is loaded. */
  host?: string;
  port?: number;
  /** Absolute. */
  dataDir?: string;
  databaseUrl?: string;
}

/**
 * A failed start as one line that says what is wrong and which setting fixes it (the stack trace goes to
 * the log at debug level only). Errors written for people (bad configuration, DATA_DIR in use, a
 * database from a later version, a failed pre-upgrade snapshot) keep their own message; the rest are
 * recognised by their code and the step they happened in. DATABASE_URL's password is never in the line.
 */
export function describeStartError(err: unknown, context: StartContext): string {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof DatabaseNewerError ||
    err instanceof UpgradeSnapshotError
  ) {
    return err.message;
  }
  const sys = systemError(err);
  const text = (e: unknown) => messageOf(e, passwordsOf(context.databaseUrl));
  if (context.step === 'listen') {
    const line = listenFailure(sys, context);
    if (line) return line;
  }
  if (context.step === 'database' && context.databaseUrl)
    return postgresFailure(err, sys, context.databaseUrl, text);
  // Later steps write inside DATA_DIR too (uploads, the embedded database); a missing file there is no
  // sign of an unwritable directory, so ENOENT only counts while DATA_DIR itself is being prepared.
  if (context.dataDir && sys.path !== undefined && FILE_REASONS[sys.code ?? ''] !== undefined) {
    if (context.step === 'data-dir' || (sys.code !== 'ENOENT' && isInside(sys.path, context.dataDir))) {
      return dataDirFailure(sys, context.dataDir);
    }
  }
  return `Draftsmith could not start (${STEP_WORDS[context.step]}): ${text(err)}. ${DEBUG_HINT}`;
}

const DEBUG_HINT = 'Run with LOG_LEVEL=debug for the stack trace.';

const STEP_WORDS: Record<StartStep, string> = {
  config: 'reading the configuration',
  'data-dir': 'preparing DATA_DIR',
  database: 'opening the database',
  app: 'setting up the server',
  listen: 'opening the port',
};

/** The fields Node puts on system errors (fs, net, dns); all optional, read without trusting the type. */
interface SystemError {
  code?: string;
  syscall?: string;
  path?: string;
  address?: string;
  port?: number;
  hostname?: string;
}

function systemError(err: unknown): SystemError {
  if (typeof err !== 'object' || err === null) return {};
  const e = err as Record<string, unknown>;
  // A connection tried on several addresses fails with an AggregateError; its first error has the code.
  const first = Array.isArray(e.errors) && typeof e.code !== 'string' ? systemError(e.errors[0]) : {};
  const text = (key: string) => (typeof e[key] === 'string' ? (e[key] as string) : undefined);
  return {
    ...first,
    ...defined({
      code: text('code'),
      syscall: text('syscall'),
      path: text('path'),
      address: text('address'),
      port: typeof e.port === 'number' ? e.port : undefined,
      hostname: text('hostname'),
    }),
  };
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * An error's message as one line, safe to print: redactForDisplay, and DATABASE_URL's password masked
 * wherever it appears (a driver may echo it in a shape redaction cannot know).
 */
function messageOf(err: unknown, passwords: string[]): string {
  const message = err instanceof Error ? err.message : String(err);
  const line =
    message.replace(/\s*\n\s*/g, ' ').trim() || (err instanceof Error ? err.name : 'unknown error');
  const masked = passwords.reduce((text, password) => text.replaceAll(password, '[redacted]'), line);
  const short = masked.length > 300 ? `${masked.slice(0, 300)}…` : masked;
  return redactForDisplay(short).replace(/[.\s]+$/, '');
}

/** DATABASE_URL's password as written and decoded. */
function passwordsOf(databaseUrl: string | undefined): string[] {
  let password = '';
  try {
    password = databaseUrl ? new URL(databaseUrl).password : '';
  } catch {}
  if (!password) return [];
  try {
    return [password, decodeURIComponent(password)];
  } catch {
    return [password];
  }
}

function listenFailure(sys: SystemError, context: StartContext): string | null {
  const port = sys.port ?? context.port;
  const host = context.host ?? sys.address ?? 'localhost';
  switch (sys.code) {
    case 'EADDRINUSE': {
      const other = port !== undefined && port < 65535 ? port + 1 : 8080;
      return (
        `Port ${port} on ${host} is already in use (another Draftsmith or another program): ` +
        `stop it, or set PORT=… to a free port, e.g. PORT=${other}.`
      );
    }
    case 'EACCES':
      return port !== undefined && port < 1024
        ? `Port ${port} is a privileged port (below 1024) and this user may not listen on it: set PORT=… ` +
            'to 1024 or above, e.g. PORT=3000, and let a reverse proxy serve the low port.'
        : `This user may not listen on port ${port} on ${host} (permission denied): set PORT=… to another port.`;
    case 'EADDRNOTAVAIL':
      return (
        `HOST=${host} is not an address of this machine: set HOST=localhost (this machine only), ` +
        'HOST=0.0.0.0 (every network) or one of its addresses.'
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `HOST=${host} cannot be resolved to an address: set HOST=localhost, HOST=0.0.0.0 or an address of this machine.`;
    case 'EAFNOSUPPORT':
      return `HOST=${host} needs IPv6, which this machine does not offer: set HOST=0.0.0.0 or HOST=localhost.`;
    default:
      return null;
  }
}

/** File-system codes that mean "DATA_DIR cannot be used as it is", with the words for them. */
const FILE_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'cannot be created there',
  ENOTDIR: 'a file is in the way',
  EEXIST: 'a file is in the way',
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'disk quota exceeded',
};

function dataDirFailure(sys: SystemError, dataDir: string): string {
  const code = sys.code ?? '';
  const where = `${sys.syscall ? `${sys.syscall} ` : ''}${sys.path ?? dataDir}`;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return (
      `DATA_DIR ${dataDir} is on a full disk (${where}: ${FILE_REASONS[code]}): ` +
      'free some space, or set DATA_DIR=… to a disk with room.'
    );
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return (
      `DATA_DIR ${dataDir} is not a directory (${where}: ${FILE_REASONS[code]}): ` +
      'set DATA_DIR=… to a directory, or move that file away.'
    );
  }
  return (
    `DATA_DIR ${dataDir} is not writable (${where}: ${FILE_REASONS[code]}): ` +
    'set DATA_DIR=… to a directory this user can write, or fix its permissions.'
  );
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A failure to reach or use DATABASE_URL: connection errors by code, PostgreSQL's by SQLSTATE. */
function postgresFailure(
  err: unknown,
  sys: SystemError,
  databaseUrl: string,
  text: (err: unknown) => string,
): string {
  const { label, server, database, user } = postgresLocation(databaseUrl);
  const at = `PostgreSQL at ${label}`;
  const message = err instanceof Error ? err.message : String(err);
  const cannot = `Cannot connect to PostgreSQL at ${server}`;
  switch (sys.code) {
    case 'ECONNREFUSED':
      return `${cannot} (connection refused): check that PostgreSQL is running and listening there, and the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${cannot} (host name not found): check the host in DATABASE_URL and this machine's DNS.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${cannot} (no route or no answer): check the host and port in DATABASE_URL, that PostgreSQL is running, and any firewall between.`;
    case 'ECONNRESET':
      return `${cannot} (the connection was reset): check that the port in DATABASE_URL is PostgreSQL's and its SSL setting (sslmode).`;
    case '28P01':
      return `${at} refused the password of user "${user ?? ''}": check the user and password in DATABASE_URL.`;
    case '28000':
      return `${at} refused user "${user ?? ''}" (${text(err)}): check the user in DATABASE_URL and the server's pg_hba.conf.`;
    case '3D000':
      return `The database "${database}" does not exist on PostgreSQL at ${server}: create it (createdb ${database}) or fix its name in DATABASE_URL.`;
    case '53300':
      return `${at} has no free connections (too many clients): raise max_connections or stop other clients.`;
    case '57P03':
      return `${at} is starting up or shutting down: start Draftsmith again in a moment.`;
    case '42501':
      return `${at}: user "${user ?? ''}" may not create the tables (${text(err)}): grant it CREATE on the database's schema, or use the database's owner in DATABASE_URL.`;
  }
  if (/timeout/i.test(message)) {
    return `${cannot} (no answer in time): check the host and port in DATABASE_URL, that PostgreSQL is running, and any firewall between.`;
  }
  if (/terminated unexpectedly/i.test(message)) {
    return `${cannot} (the server closed the connection): check that the port in DATABASE_URL is PostgreSQL's and its SSL setting (sslmode).`;
  }
  if (/^SASL: .*password must be a string/i.test(message)) {
    return `${at} asks for a password: put it in DATABASE_URL (postgres://user:password@host:port/database).`;
  }
  if (/does not support SSL/i.test(message)) {
    return `${at} does not accept SSL: remove sslmode from DATABASE_URL, or enable SSL on the server.`;
  }
  if (sys.code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(sys.code)) {
    return `${at} presented a certificate this machine does not trust (${sys.code}): set sslrootcert in DATABASE_URL to its CA, or fix the server's certificate.`;
  }
  return `${at}: ${text(err)}. Check DATABASE_URL. ${DEBUG_HINT}`;
}
