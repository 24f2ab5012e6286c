import { sqlStateOf, UNIQUE_VIOLATION } from '#server/db/sql-state';
import type { UploadedDocument } from '#server/documents/uploaded-document';
import { AppError } from '#server/errors';
import type { FileStorage } from '#server/storage/file-storage';
import { formatOfMediaType } from '#shared/documents';
import type { ChatStatus } from '#shared/history';
import type { HistoryRepository, HistoryRow } from './history-repository.ts';

const documentGone = () =>
  new AppError('not_found:file', 'The document this chat was made from is no longer stored.');

/** A chat's own document from FileStorage, as an upload to read again (404 when it is gone). */
export async function storedDocument(fileStorage: FileStorage, row: HistoryRow): Promise<UploadedDocument> {
  const file = row.file ? await fileStorage.get(row.file.key) : null;
  if (!row.file || !file) throw documentGone();
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { name: row.file.name, declaredType: row.file.type, bytes: Buffer.concat(chunks) };
}

/**
 * A team member's own copy of a chat another member shared with their team (ADR 0026), where their
 * follow-up goes on: its messages, and its document copied in storage so that either chat can be
 * deleted alone. One copy per member and chat (`copied_from`): the one made before is reused, so a
 * follow-up refused and asked again never leaves a second copy; made within the member's history quota.
 */
export async function memberCopyOf(
  deps: { history: HistoryRepository; fileStorage: FileStorage },
  readerId: string,
  source: HistoryRow,
): Promise<HistoryRow> {
  const { history, fileStorage } = deps;
  const existing = await history.copyOf(readerId, source.id);
  if (existing) return existing;
  let file = null;
  if (source.file) {
    const format = formatOfMediaType(source.file.type);
    if (!format) throw documentGone();
    const document = await storedDocument(fileStorage, source);
    file = { ...source.file, key: await fileStorage.put(document.bytes, format) };
  }
  try {
    return await history.insertWithinQuota(
      {
        userId: readerId,
        service: source.service,
        title: source.title,
        messages: source.messages,
        currentMessageId: source.currentMessageId,
        status: source.status as ChatStatus,
        file,
        matchReport: source.matchReport,
        coverage: source.coverage,
        copiedFrom: source.id,
        copiedOrganizationId: source.sharedOrganizationId,
      },
      // What the member's follow-ups are answered from, copied with the chat.
      { documentPartsOf: source },
    );
  } catch (err) {
    if (file) await fileStorage.remove(file.key).catch(() => undefined);
    // Made by a request of the same member a moment ago: that one is theirs to go on in.
    if (sqlStateOf(err) === UNIQUE_VIOLATION) {
      const made = await history.copyOf(readerId, source.id);
      if (made) return made;
    }
    throw err;
  }
}
