import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_TOKEN_FILE, readBackupTokenFile } from '#server/backup/backup-token';
import { cookieHeader, createAccount, requestToken, signIn } from '#tests/factories/account';
import { type DataDirServer, startDataDirServer } from '#tests/helpers/data-dir-server';
import { uploadPhoto } from '#tests/helpers/photos';

const run = promisify(execFile);

/** Runs `npm run backup|restore` as npm would (node on the script), without DATA_DIR from this shell. */
async function command(name: 'backup' | 'restore', args: string[]) {
  const env = { ...process.env, DATA_DIR: undefined };
  try {
    const { stdout, stderr } = await run(process.execPath, [`scripts/${name}.ts`, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const messages = (n: number) => [
  { role: 'user', content: `Prompt ${n}` },
  { role: 'assistant', content: `Answer ${n}` },
];

describe('npm run backup, then npm run restore into a new data directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'draftsmith-backup-'));
  const original = join(root, 'data');
  const restored = join(root, 'restored');
  const archive = join(root, 'backup.tar.gz');
  let server: DataDirServer;
  let account: Awaited<ReturnType<typeof createAccount>>;
  let oldToken: string;
  let photoPath: string;
  let photoBytes: Buffer;

  beforeAll(async () => {
    server = await startDataDirServer(original, { listen: true });
    const { app } = server;
    account = await createAccount(app);
    oldToken = (await requestToken(app, account.cookie, account.email)).json().token;
    const user = { uid: account.uid, headers: { authorization: `Bearer ${oldToken}` } };
    for (const [n, service] of [
      [1, 'code-explainer'],
      [2, 'article-generator'],
    ] as const) {
      const saved = await app.inject({
        method: 'POST',
        url: '/api/history',
        headers: user.headers,
        payload: { uid: account.uid, service, title: `Chat ${n}`, messages: messages(n) },
      });
      expect(saved.statusCode).toBe(201);
    }
    const upload = await uploadPhoto(app, {
      ...user,
      email: account.email,
      name: account.name,
      token: oldToken,
    });
    expect(upload.statusCode).toBe(200);
    photoPath = upload.json().user.photoURL;
    photoBytes = (await app.inject({ url: photoPath })).rawPayload;
    expect(photoBytes.length).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes a private token file naming the listening address', async () => {
    const path = join(original, BACKUP_TOKEN_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const file = await readBackupTokenFile(original);
    expect(file.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(file.token).toBe(server.app.backupToken);
    // A new database had nothing to lose: no snapshot on its first start.
    expect(server.upgradeLog).toEqual([]);
    expect(existsSync(join(original, 'snapshots'))).toBe(false);
  });

  it('refuses a backup without the token or with another one', async () => {
    const { url } = await readBackupTokenFile(original);
    const missing = await fetch(`${url}/api/admin/backup`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect((await missing.json()).error.code).toBe('unauthorized:backup_token');
    const wrong = await fetch(`${url}/api/admin/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.app.backupToken.slice(1)}x` },
    });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error.code).toBe('forbidden:backup_token');
    // A user's access token is not a backup token either.
    const user = await fetch(`${url}/api/admin/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(user.status).toBe(403);
  });

  it('backs up the running server through its socket', async () => {
    const result = await command('backup', [archive, '--data-dir', original]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Backup written to .*backup\.tar\.gz \([\d.]+ [kM]?B\): the database \(embedded, schema 0\d{3}_\w+\), 1 uploaded file, the auth secret and the settings\.$/m,
    );
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(existsSync(`${archive}.partial`)).toBe(false);
  }, 60_000);

  it('never overwrites a file, and says so in one line', async () => {
    const result = await command('backup', [archive, '--data-dir', original]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`${archive} already exists: choose a new file name.`);
  }, 30_000);

  it('leaves a partial file it did not write alone, and says so in one line', async () => {
    const file = join(root, 'second.tar.gz');
    writeFileSync(`${file}.partial`, 'another backup is writing this');
    const result = await command('backup', [file, '--data-dir', original]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `${file}.partial already exists: another backup is writing it, or one was interrupted. ` +
        'Remove it once no backup runs, or choose a new file name.',
    );
    expect(readFileSync(`${file}.partial`, 'utf8')).toBe('another backup is writing this');
    expect(existsSync(file)).toBe(false);
  }, 30_000);

  it('says when no server runs for the data directory', async () => {
    const empty = mkdtempSync(join(root, 'none-'));
    const result = await command('backup', [join(root, 'other.tar.gz'), '--data-dir', empty]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`No running Draftsmith server found for ${empty}`);
  }, 30_000);

  it('refuses to restore into the running server’s directory or any non-empty one', async () => {
    const running = await command('restore', [archive, '--data-dir', original]);
    expect(running.code).toBe(1);
    expect(running.stderr.trim()).toMatch(/^Cannot restore into .*: a running Draftsmith server uses it\./);
    const busy = mkdtempSync(join(root, 'busy-'));
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    const nonEmpty = await command('restore', [archive, '--data-dir', busy]);
    expect(nonEmpty.code).toBe(1);
    expect(nonEmpty.stderr.trim()).toBe(
      `Cannot restore into ${busy}: it is not empty (notes.txt). Restore into a new directory ` +
        '(--data-dir <new directory>), then point DATA_DIR at it.',
    );
    expect(readdirSync(busy)).toEqual(['notes.txt']);
  }, 60_000);

  it('restores into a new directory, where a server finds every account, chat and photo', async () => {
    const result = await command('restore', [archive, '--data-dir', restored]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`into ${restored}: the database (schema `);
    expect(result.stdout).toContain(`Start the server with DATA_DIR=${restored}.`);
    expect(readFileSync(join(restored, 'auth-secret'), 'utf8')).toBe(
      readFileSync(join(original, 'auth-secret'), 'utf8'),
    );
    expect(statSync(join(restored, 'settings.env')).mode & 0o777).toBe(0o600);

    const copy = await startDataDirServer(restored);
    try {
      const { app } = copy;
      expect(copy.secretFound).toBe(true);
      expect(copy.upgradeLog).toEqual([]);
      // The old password signs in, and a token minted by the old server still verifies (same secret).
      const session = await signIn(app, { email: account.email, password: account.password });
      expect(session.statusCode).toBe(200);
      const token = (await requestToken(app, cookieHeader(session), account.email)).json().token;
      const headers = { authorization: `Bearer ${token}` };
      const history = await app.inject({ url: `/api/history/${account.uid}`, headers });
      expect(history.statusCode).toBe(200);
      const chats = history.json().history as {
        title: string;
        messages: { role: string; content: string }[];
      }[];
      expect(chats.map((c) => c.title).sort()).toEqual(['Chat 1', 'Chat 2']);
      const restored = chats.find((c) => c.title === 'Chat 2')?.messages;
      expect(restored?.map(({ role, content }) => ({ role, content }))).toEqual(messages(2));
      const profile = await app.inject({
        url: `/api/users/${account.uid}`,
        headers: { authorization: `Bearer ${oldToken}` },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().user.photoURL).toBe(photoPath);
      const photo = await app.inject({ url: photoPath });
      expect(photo.statusCode).toBe(200);
      expect(photo.rawPayload.equals(photoBytes)).toBe(true);
    } finally {
      await copy.close();
    }
  }, 120_000);
});
