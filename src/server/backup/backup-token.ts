import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The proof `npm run backup` shows the running server (ADR 0015): a random token the server writes at
 * each start into DATA_DIR/backup-token, readable by its own user only (0600), beside the address to
 * call. Whoever can read the file could read the data directory anyway; nobody else can ask for a backup.
 */
export const BACKUP_TOKEN_FILE = 'backup-token';

export interface BackupTokenFile {
  /** Where the server listens, e.g. http://127.0.0.1:3000. */
  url: string;
  token: string;
  pid: number;
  startedAt: string;
}

export const newBackupToken = () => randomBytes(32).toString('base64url');

/** Written to a private temporary file, then renamed: the token is never readable by others, even briefly. */
export async function writeBackupTokenFile(dataDir: string, content: BackupTokenFile): Promise<void> {
  const path = join(dataDir, BACKUP_TOKEN_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await writeFile(temporary, `${JSON.stringify(content)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, path);
}

/** Removes the file if it still holds this token (another instance sharing DATA_DIR may have replaced it). */
export async function removeBackupTokenFile(dataDir: string, token: string): Promise<void> {
  const path = join(dataDir, BACKUP_TOKEN_FILE);
  const current = await readBackupTokenFile(dataDir).catch(() => null);
  if (current?.token === token) await rm(path, { force: true });
}

/** The file's content; throws the file system's error (ENOENT, EACCES) or a SyntaxError for a damaged file. */
export async function readBackupTokenFile(dataDir: string): Promise<BackupTokenFile> {
  const parsed = JSON.parse(
    await readFile(join(dataDir, BACKUP_TOKEN_FILE), 'utf8'),
  ) as Partial<BackupTokenFile>;
  if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string') {
    throw new SyntaxError(`${BACKUP_TOKEN_FILE} has no url and token`);
  }
  return {
    url: parsed.url,
    token: parsed.token,
    pid: typeof parsed.pid === 'number' ? parsed.pid : 0,
    startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : '',
  };
}

/** Constant-time comparison (of digests, so the lengths match too). */
export function isBackupToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
