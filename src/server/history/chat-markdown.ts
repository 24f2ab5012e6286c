import { extensionOf, FILE_FORMATS } from '#shared/documents';
import { isToolSlug, TOOLS } from '#shared/tools';
import { chatPath } from './chat-thread.ts';
import type { HistoryRow } from './history-repository.ts';

/** Chats as Markdown files, for downloads and archives (the account export, chats as a ZIP). */

/** A title or uploaded file's name as one path segment: no separators, control or reserved characters. */
export function archiveSegment(name: string, fallback: string, max = 80): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  return cleaned || fallback;
}

/** An uploaded document's name with its extension kept when the name is cut. */
export function fileSegment(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? archiveSegment(name.slice(dot + 1), '', 10) : '';
  const base = archiveSegment(dot > 0 ? name.slice(0, dot) : name, 'document', 100);
  return extension ? `${base}.${extension}` : base;
}

/** A chat's title as a file name: a title that is an upload's name loses that extension (`.md` follows). */
function titleSegment(title: string): string {
  const uploadExtension = (FILE_FORMATS as readonly string[]).includes(extensionOf(title));
  return archiveSegment(uploadExtension ? title.slice(0, title.lastIndexOf('.')) : title, 'chat');
}

const toolName = (service: string) => (isToolSlug(service) ? TOOLS[service].name : service);

/** One chat as Markdown: its title, tool, date, document, then each message under who wrote it. */
export function chatMarkdown(row: HistoryRow): string {
  const lines = [
    `# ${row.title.replace(/\s+/g, ' ').trim()}`,
    '',
    `- Tool: ${toolName(row.service)}`,
    `- Date: ${row.createdAt.toISOString()}`,
    `- Status: ${row.status}`,
  ];
  if (row.file) lines.push(`- Document: ${row.file.name} (files/${row.id}/${fileSegment(row.file.name)})`);
  for (const message of chatPath(row.messages, row.currentMessageId)) {
    lines.push('', `## ${message.role === 'user' ? 'You' : 'Draftsmith'}`, '', message.content.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A chat's path in an archive: `<prefix><tool>/<date>-<title>.md`, made unique among `names` (which it
 * joins) by the chat's id when two chats share a day and a title.
 */
export function chatFileName(row: HistoryRow, names: Set<string>, prefix = ''): string {
  const date = row.createdAt.toISOString().slice(0, 10);
  const base = `${prefix}${archiveSegment(row.service, 'other')}/${date}-${titleSegment(row.title)}`;
  const name = names.has(`${base}.md`) ? `${base}-${row.id.slice(0, 8)}.md` : `${base}.md`;
  names.add(name);
  return name;
}
