import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { type AddArchiveEntry, createTarGzArchive } from '#server/backup/archive-writer';
import type { Db } from '#server/db/client';
import { account, profile, user } from '#server/db/schema';
import { chatFileName, chatMarkdown, fileSegment } from '#server/history/chat-markdown';
import { toChatResponse } from '#server/history/chat-response';
import type { HistoryRepository } from '#server/history/history-repository';
import type { FileStorage } from '#server/storage/file-storage';
import type { UsageRepository } from '#server/usage/usage-repository';
import type { UsersRepository } from './users-repository.ts';

export interface AccountExportDeps {
  db: Db;
  users: UsersRepository;
  usage: UsageRepository;
  history: HistoryRepository;
  fileStorage: FileStorage;
}

export interface AccountExportSummary {
  chats: number;
  files: number;
}

/** Chats read from the database at a time: memory holds one page, never the whole history. */
export const EXPORT_PAGE_SIZE = 100;

/** The archive's file name for a download made on `at` (UTC date). */
export function exportFileName(at: Date): string {
  return `draftsmith-export-${at.toISOString().slice(0, 10)}.tar.gz`;
}

/** What the account itself holds: user fields, plan, usage, sign-in methods, dates. */
async function profileJson(deps: AccountExportDeps, userId: string, exportedAt: Date) {
  const shown = await deps.users.findOwn(userId);
  if (!shown) return null;
  const [row] = await deps.db
    .select({
      name: user.name,
      emailVerified: user.emailVerified,
      image: user.image,
      createdAt: user.createdAt,
      subscription: profile.subscription,
      subscriptionStatus: profile.subscriptionStatus,
      periodEnd: profile.periodEnd,
      cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
      profileCreatedAt: profile.createdAt,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, userId));
  const methods = await deps.db
    .select({ providerId: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId));
  return {
    exportedAt: exportedAt.toISOString(),
    user: {
      uid: shown.uid,
      email: shown.email,
      emailVerified: row?.emailVerified ?? false,
      displayName: shown.displayName,
      username: row?.name ?? null,
      photoURL: shown.photoURL,
      admin: shown.admin,
      createdAt: row?.createdAt.toISOString() ?? null,
    },
    plan: {
      subscription: shown.subscription,
      status: row?.subscriptionStatus ?? null,
      periodEnd: row?.periodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
      managedOnline: shown.billing.managed,
      since: row?.profileCreatedAt?.toISOString() ?? null,
    },
    usage: await deps.usage.usage(userId),
    signInMethods: methods.map((m) => ({ provider: m.providerId, linkedAt: m.createdAt.toISOString() })),
  };
}

/** Adds a stored file under `name`; a file gone from the store meanwhile is left out. */
async function addStoredFile(deps: AccountExportDeps, add: AddArchiveEntry, key: string, name: string) {
  const file = await deps.fileStorage.get(key);
  if (!file) return false;
  await add({ name, size: file.size }, file.stream);
  return true;
}

/**
 * Everything of one user as a gzipped tar, built while it is read (the backup's writer):
 * `profile.json`; the uploaded photo as `photo.<ext>`; each chat as
 * `history/<tool>/<date>-<title>.md`; each chat's document as `files/<chat id>/<original name>`; and
 * `history.json`, every chat as the history API returns it. Chats are read a page at a time; the
 * JSON is spooled to a temporary file meanwhile (a tar entry's size comes before its bytes) and added
 * last. Null when the account does not exist.
 */
export async function createAccountExport(
  deps: AccountExportDeps,
  userId: string,
  now: Date,
): Promise<{ stream: Readable; summary: Promise<AccountExportSummary> } | null> {
  const about = await profileJson(deps, userId, now);
  if (!about) return null;
  const [photo] = await deps.db.select({ key: user.photoKey }).from(user).where(eq(user.id, userId));

  return createTarGzArchive(async (add) => {
    await add({ name: 'profile.json' }, `${JSON.stringify(about, null, 2)}\n`);
    let files = 0;
    const photoKey = photo?.key;
    if (
      photoKey &&
      (await addStoredFile(deps, add, photoKey, `photo${photoKey.slice(photoKey.lastIndexOf('.'))}`))
    )
      files++;

    const spoolDir = await mkdtemp(join(tmpdir(), 'draftsmith-export-'));
    const spoolPath = join(spoolDir, 'history.json');
    try {
      const spool = await open(spoolPath, 'w', 0o600);
      let chats = 0;
      const names = new Set<string>();
      try {
        await spool.write('[');
        let cursor: { createdAt: Date; id: string } | null = null;
        do {
          const page = await deps.history.list(userId, { cursor, limit: EXPORT_PAGE_SIZE });
          for (const row of page.rows) {
            await spool.write(`${chats === 0 ? '\n' : ',\n'}${JSON.stringify(toChatResponse(row))}`);
            chats++;
            await add({ name: chatFileName(row, names, 'history/') }, chatMarkdown(row));
            if (
              row.file &&
              (await addStoredFile(deps, add, row.file.key, `files/${row.id}/${fileSegment(row.file.name)}`))
            )
              files++;
          }
          cursor = page.next;
        } while (cursor);
        await spool.write(chats === 0 ? ']\n' : '\n]\n');
      } finally {
        await spool.close();
      }
      const written = await open(spoolPath, 'r');
      try {
        const { size } = await written.stat();
        await add({ name: 'history.json', size }, written.createReadStream({ autoClose: false }));
      } finally {
        await written.close();
      }
      return { chats, files };
    } finally {
      await rm(spoolDir, { recursive: true, force: true });
    }
  });
}
