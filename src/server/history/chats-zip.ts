import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { chatFileName, chatMarkdown } from './chat-markdown.ts';
import type { HistoryRepository } from './history-repository.ts';

/** Chats read from the database at a time. */
const PAGE_SIZE = 100;

/**
 * A user's chats, of one tool or of all, as a ZIP of Markdown files (`<tool>/<date>-<title>.md`),
 * compressed and streamed while it is built. Chats are read a page at a time; the Markdown of those not
 * written out yet waits in memory, at most the user's history (HISTORY_MAX_BYTES_PER_USER). A failure
 * while reading ends the stream with that error: the client sees a cut download, never a wrong archive.
 */
export function createChatsZip(
  history: Pick<HistoryRepository, 'list'>,
  userId: string,
  service: string | undefined,
): { stream: Readable; chats: Promise<number> } {
  const zip = new ZipFile();
  const stream = zip.outputStream as Readable;
  const chats = (async () => {
    const names = new Set<string>();
    let count = 0;
    let cursor: { createdAt: Date; id: string } | null = null;
    do {
      const page = await history.list(userId, { service, cursor, limit: PAGE_SIZE });
      for (const row of page.rows) {
        zip.addBuffer(Buffer.from(chatMarkdown(row), 'utf8'), chatFileName(row, names), {
          mtime: row.updatedAt,
        });
        count++;
      }
      cursor = page.next;
    } while (cursor);
    zip.end();
    return count;
  })();
  chats.catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return { stream, chats };
}
