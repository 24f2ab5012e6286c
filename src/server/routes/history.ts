import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '#server/auth/authenticate';
import { privateDownload } from '#server/content-disposition';
import { decodeCursor, encodeCursor } from '#server/db/keyset-cursor';
import { AppError } from '#server/errors';
import { emlDraft } from '#server/export/eml-draft';
import { markdownToDocx } from '#server/export/markdown-docx';
import { markdownToHtml } from '#server/export/markdown-html';
import { markdownToPdf } from '#server/export/markdown-pdf';
import { archiveSegment, chatMarkdown } from '#server/history/chat-markdown';
import { toChatResponse } from '#server/history/chat-response';
import { chatPath } from '#server/history/chat-thread';
import { apiErrors, fileReply } from '#server/openapi/route-responses';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import { withoutSubjectLine } from '#server/tools/email-headers';
import { serverToolOf } from '#server/tools/prompts';
import { checkedText } from '#server/tools/server-tool';
import type { StoredAnswerDetails } from '#shared/answer-details';
import {
  type Citation,
  citationLabel,
  DOCUMENT_MEDIA_TYPES,
  extensionOf,
  FILE_FORMATS,
  formatOfMediaType,
} from '#shared/documents';
import {
  chatSchema,
  createHistorySchema,
  documentPassageSchema,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  historyPageSchema,
  renameHistorySchema,
  toolSlugSchema,
} from '#shared/history';
import { type ExtraDownload, extraDownloadsOf, formatToolName, isToolSlug } from '#shared/tools';
import { chatAnswerContext } from './chat-answer-context.ts';

const pageQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});
const idParams = z.object({ id: z.string() });

/**
 * What a chat's answer downloads as: Markdown as written, a Word document, a web page, or where the tool's
 * catalogue entry says so (`extraDownloads`) a PDF (resumes and cover letters) or an e-mail draft.
 */
const EXPORT_FORMATS = ['docx', 'md', 'html', 'pdf', 'eml'] as const;
const EXPORT_TYPES: Record<(typeof EXPORT_FORMATS)[number], string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  eml: 'message/rfc822',
};
/** Why a format a tool's answers do not download as is refused. */
const NOT_OFFERED: Record<ExtraDownload, string> = {
  pdf: 'PDF downloads are for resumes and cover letters: download this answer as .docx, .md or .html.',
  eml: 'E-mail drafts (.eml) are for the e-mail helper’s answers: download this answer as .docx, .md or .html.',
};
/** What a whole chat downloads as (`/history/:id/transcript`): Markdown as it reads, or the chat's JSON. */
const TRANSCRIPT_TYPES = { md: 'text/markdown; charset=utf-8', json: 'application/json; charset=utf-8' };

/** Longest answer written as a .docx or a PDF: far beyond any resume, short of what blocks the server for long. */
const MAX_DOCUMENT_CHARS = 200_000;

/**
 * An e-mail answer as a draft for a mail app: the headers the server made for it (a reply's recipients
 * and thread ids), the subject (the chat's title when it has none), the body without the subject line
 * the model wrote first.
 */
function emlDraftOf(
  answer: string,
  details: StoredAnswerDetails | undefined,
  title: string,
): Promise<Buffer> {
  const mailboxes = (addresses: readonly string[] | undefined) =>
    (addresses ?? []).map((address) => ({ name: '', address }));
  return emlDraft({
    to: mailboxes(details?.to),
    cc: mailboxes(details?.cc),
    subject: details?.subject ?? title,
    body: withoutSubjectLine(answer),
    inReplyTo: details?.inReplyTo ?? null,
    references: details?.references ?? [],
  });
}

/** A chat title as a file name: no path or reserved characters, not too long, no upload's extension. */
function fileNameOf(title: string): string {
  const uploadExtension = (FILE_FORMATS as readonly string[]).includes(extensionOf(title));
  const name = (uploadExtension ? title.slice(0, title.lastIndexOf('.')) : title)
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  return name || 'draftsmith';
}
const notFound = () => new AppError('not_found:history', 'No such history chat.');

/** The most pages one citation's passage shows. */
const PASSAGE_MAX_PAGES = 20;

const passageQuery = z.object({
  pages: z
    .string()
    .regex(/^\d{1,6}(?:\s*[-–]\s*\d{1,6})?$/, 'pages must be a page number or a range such as 12-13.')
    .optional(),
  part: z.coerce.number().int('part must be a whole number.').min(1).max(1_000_000).optional(),
});

/** The pages or the part a passage request names (400 unless exactly one, and a range in order). */
function passageCitation(query: z.infer<typeof passageQuery>): Citation {
  const invalid = (message: string) => new AppError('bad_request:validation', message);
  if ((query.pages === undefined) === (query.part === undefined)) {
    throw invalid('Give either pages (such as 12 or 12-13) or part.');
  }
  if (query.part !== undefined) return { kind: 'part', part: query.part };
  const [from = 0, to = from] = (query.pages ?? '').split(/\s*[-–]\s*/).map(Number);
  if (from < 1 || to < from) throw invalid('pages must start at 1 and run forwards, such as 12-13.');
  if (to - from + 1 > PASSAGE_MAX_PAGES) throw invalid(`A passage is at most ${PASSAGE_MAX_PAGES} pages.`);
  return { kind: 'pages', from, to };
}

/**
 * The history API (docs/product.md §7), in the protected scope (the caller is `request.user`). Ownership lives in the
 * repository's queries; uid paths must be the caller's.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.historyRepository;

  async function page(userId: string, service: string | undefined, query: z.infer<typeof pageQuery>) {
    const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !cursor)
      throw new AppError('bad_request:cursor', 'The cursor is not valid.');
    const { rows, next } = await repo.list(userId, { service, cursor, limit: query.limit });
    return { history: rows.map(toChatResponse), nextCursor: next ? encodeCursor(next) : null };
  }

  app.get(
    '/history/item/:id',
    {
      schema: {
        tags: ['history'],
        summary: 'One chat',
        description:
          'The caller’s chat, or a chat another member shared with a team the caller belongs to (read-only ' +
          'for them, with its `author`; a follow-up continues in their own copy). 404 for any other chat, as ' +
          'for one that does not exist.',
        params: idParams,
        response: { 200: z.object({ history: chatSchema }), ...apiErrors(404) },
      },
    },
    async (request) => {
      const user = request.user;
      const row = await repo.get(user.sub, request.params.id);
      if (row) return { history: toChatResponse(row) };
      const shared = await app.teamsRepository.teamChat(user.sub, request.params.id);
      if (!shared) throw notFound();
      return {
        history: { ...toChatResponse(shared), author: { uid: shared.userId, name: shared.authorName } },
      };
    },
  );

  app.get(
    '/history/:type/:uid',
    {
      schema: {
        tags: ['history'],
        summary: 'The caller’s chats of one tool',
        description:
          'Newest first, `limit` a page (1–100, default 50); pass `nextCursor` as `cursor` for the next page. ' +
          '403 `forbidden:user` for another account’s id.',
        params: z.object({ type: toolSlugSchema, uid: z.string() }),
        querystring: pageQuery,
        response: { 200: historyPageSchema, ...apiErrors(400, 403) },
      },
    },
    async (request) => {
      const user = request.user;
      requireSelf(user, request.params.uid);
      return page(user.sub, request.params.type, request.query);
    },
  );

  app.get(
    '/history/:uid',
    {
      schema: {
        tags: ['history'],
        summary: 'The caller’s chats',
        description:
          'Every tool’s, newest first, `limit` a page (1–100, default 50); pass `nextCursor` as `cursor` for ' +
          'the next page. 403 `forbidden:user` for another account’s id.',
        params: z.object({ uid: z.string() }),
        querystring: pageQuery,
        response: { 200: historyPageSchema, ...apiErrors(400, 403) },
      },
    },
    async (request) => {
      const user = request.user;
      requireSelf(user, request.params.uid);
      return page(user.sub, undefined, request.query);
    },
  );

  const limitSaves = perUserRateLimit(app, {
    surface: 'history',
    perMinute: app.config.HISTORY_RATE_LIMIT_PER_USER,
    what: 'chats saved',
  });
  app.post(
    '/history',
    {
      schema: {
        tags: ['history'],
        summary: 'Save a chat',
        description:
          'For clients that save their own results (the tools save theirs). In this order: 403 ' +
          '`forbidden:user` when `uid` is not the caller’s; 429 `rate_limit:history` past ' +
          'HISTORY_RATE_LIMIT_PER_USER a minute; 413 `payload_too_large:history_quota` past ' +
          'HISTORY_MAX_CHATS_PER_USER or HISTORY_MAX_BYTES_PER_USER (“… Delete old chats from your history to ' +
          'save new ones.”), checked within the save, so saves at the same moment cannot pass it.',
        body: createHistorySchema,
        response: { 201: z.object({ history: chatSchema }), ...apiErrors(400, 403, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { uid, service, title, messages } = request.body;
      requireSelf(user, uid);
      await limitSaves(request);
      const row = await repo.insertWithinQuota({
        userId: user.sub,
        service,
        title,
        messages,
        status: 'complete',
      });
      return reply.status(201).send({ history: toChatResponse(row) });
    },
  );

  app.patch(
    '/history/:id',
    {
      schema: {
        tags: ['history'],
        summary: 'Rename a chat',
        params: idParams,
        body: renameHistorySchema,
        response: { 200: chatSchema, ...apiErrors(400, 404) },
      },
    },
    async (request) => {
      const user = request.user;
      const row = await repo.rename(user.sub, request.params.id, request.body.title);
      if (!row) throw notFound();
      return toChatResponse(row);
    },
  );

  /** A chat's document is gone with it; a failure to remove it is logged (the chat is deleted already). */
  async function removeStoredFile(key: string) {
    await app.fileStorage.remove(key).catch((err: unknown) => {
      app.log.error({ err, key }, "could not remove a deleted chat's file");
    });
  }

  const fileSchema = {
    tags: ['history'],
    summary: 'The document a chat was made from',
    description:
      'As it was uploaded, as an attachment with its name and `Content-Security-Policy: default-src ' +
      "'none'; sandbox`, for the chat’s author and the members of the team it is shared with. 404 " +
      '`not_found:file` when the chat has none, or is not the caller’s to read.',
    params: idParams,
    response: {
      200: fileReply('The document.', Object.values(DOCUMENT_MEDIA_TYPES)),
      ...apiErrors(404),
    },
  };
  /** The caller's chat, or one another member shared with a team the caller belongs to (to read). */
  const readableChat = async (userId: string, id: string) =>
    (await repo.get(userId, id)) ?? (await app.teamsRepository.teamChat(userId, id));

  app.get('/history/:id/file', { schema: fileSchema }, async (request, reply) => {
    const row = await readableChat(request.user.sub, request.params.id);
    const file = row?.file ? await app.fileStorage.get(row.file.key) : null;
    if (!row?.file || !file) throw new AppError('not_found:file', 'This chat has no uploaded file.');
    return privateDownload(reply, row.file.type, row.file.name)
      .header('content-length', file.size)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.stream);
  });

  app.get(
    '/history/:id/source',
    {
      schema: {
        tags: ['history'],
        summary: 'The text a chat’s answers are checked against',
        description:
          'For a chat whose answers carry `provenance` (the resume assistant): the person’s own resume as the ' +
          'check read it — the uploaded document’s text, then any text pasted beside it — whose lines (split on ' +
          'line breaks, from 1) the `sources` of `provenance` number. For the chat’s author and the members of ' +
          'the team it is shared with; 404 `not_found:history` for anyone else’s chat, and for a chat of a tool ' +
          'whose answers are not checked.',
        params: idParams,
        response: {
          200: z.object({
            name: z.string().nullable().meta({ description: 'The uploaded document’s name, if any.' }),
            text: z.string(),
          }),
          ...apiErrors(404),
        },
      },
    },
    async (request) => {
      const row = await readableChat(request.user.sub, request.params.id);
      const tool = row && isToolSlug(row.service) ? serverToolOf(row.service) : null;
      const context =
        row && tool
          ? chatAnswerContext(repo, tool, row, chatPath(row.messages, row.currentMessageId), undefined)
          : undefined;
      if (!row || !context) throw notFound();
      return { name: row.file?.name ?? null, text: checkedText(await context()) };
    },
  );

  app.get(
    '/history/:id/document/passage',
    {
      schema: {
        tags: ['history'],
        summary: 'The text of the pages an answer cites',
        description:
          'The text of the chat’s document on the pages an answer cites, `(p. 12)` or `(pp. 12–13)` (`pages=12` ' +
          'or `pages=12-13`, at most 20 pages), or of the part it cites in a document without page numbers, ' +
          '`(part 3)` (`part=3`): what the web app’s side panel shows, as Markdown. For the chat’s author and ' +
          'the members of the team it is shared with. 400 `bad_request:validation` without exactly one of the ' +
          'two, or for a range that is not one; 404 `not_found:file` when the chat has no document or is not ' +
          'the caller’s to read; 404 `not_found:passage` for a page the document does not have, a page with no ' +
          'text (one that could not be read), or a chat saved before its document was kept in pages.',
        params: idParams,
        querystring: passageQuery,
        response: { 200: documentPassageSchema, ...apiErrors(400, 404) },
      },
    },
    async (request) => {
      const row = await readableChat(request.user.sub, request.params.id);
      if (!row?.file) throw new AppError('not_found:file', 'This chat has no uploaded file.');
      const citation = passageCitation(request.query);
      const parts = await repo.documentPassage(row, citation);
      const label = citationLabel(citation);
      if (parts.length === 0) {
        throw new AppError('not_found:passage', `The document has no text on ${label}.`);
      }
      return {
        label,
        pages: citation.kind === 'pages' ? { from: citation.from, to: citation.to } : null,
        text: parts.map((part) => part.text).join('\n\n'),
        fileName: row.file.name,
        format: formatOfMediaType(row.file.type) ?? 'txt',
      };
    },
  );

  // Each export is built on this thread (a .docx or a PDF of a long answer takes a good part of a second).
  const limitExports = perUserRateLimit(app, {
    surface: 'exports',
    perMinute: app.config.HISTORY_RATE_LIMIT_PER_USER,
    what: 'downloads',
  });
  app.get(
    '/history/:id/export',
    {
      schema: {
        tags: ['history'],
        summary: 'Download a chat’s answer',
        description:
          'The answer the chat shows (its current version) as a Word document (`docx`), as Markdown (`md`), as a ' +
          'web page (`html`: escaped, no script, links only to http(s) and mailto), for a resume assistant chat ' +
          '(resumes and cover letters) as a PDF (`pdf`: A4, fonts embedded, text selectable), or for an e-mail ' +
          'helper chat as a draft for a mail app (`eml`: RFC 5322, `X-Unsent: 1`, To and Cc as the server made ' +
          'them for a reply, the subject, `In-Reply-To` and `References` from the thread’s Message-IDs so that a ' +
          'mail app files it in the thread), named after the chat and the tool. In this order: 429 ' +
          '`rate_limit:exports` past HISTORY_RATE_LIMIT_PER_USER downloads a minute (answers and transcripts ' +
          'together); 404 `not_found:history` for another user’s chat; 400 `bad_request:export_format` for a PDF ' +
          'or an .eml of a tool whose answers are not offered as one; 413 `payload_too_large:export` for a .docx ' +
          'or a PDF of an answer over 200,000 characters.',
        params: idParams,
        querystring: z.object({
          format: z.enum(EXPORT_FORMATS, { error: `must be one of: ${EXPORT_FORMATS.join(', ')}.` }),
        }),
        response: {
          200: fileReply('The file.', Object.values(EXPORT_TYPES)),
          ...apiErrors(400, 404, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await limitExports(request);
      const row = await repo.get(user.sub, request.params.id);
      if (!row) throw notFound();
      const path = chatPath(row.messages, row.currentMessageId);
      const shown = path.findLast((message) => message.role === 'assistant');
      const answer = shown?.content ?? '';
      const { format } = request.query;
      if ((format === 'pdf' || format === 'eml') && !extraDownloadsOf(row.service).includes(format)) {
        throw new AppError('bad_request:export_format', NOT_OFFERED[format]);
      }
      if ((format === 'docx' || format === 'pdf') && answer.length > MAX_DOCUMENT_CHARS) {
        const what = format === 'pdf' ? 'a PDF' : 'a Word document';
        throw new AppError(
          'payload_too_large:export',
          `This answer is too long for ${what} (${answer.length.toLocaleString('en')} characters, at most ${MAX_DOCUMENT_CHARS.toLocaleString('en')}). Download it as Markdown instead.`,
        );
      }
      // Named after the chat and the tool, never the same name as the document it was made from.
      const name = `${fileNameOf(row.title)} - ${formatToolName(row.service)}.${format}`;
      const body =
        format === 'docx'
          ? await markdownToDocx(answer, { title: row.title })
          : format === 'pdf'
            ? await markdownToPdf(answer, { title: row.title })
            : format === 'eml'
              ? await emlDraftOf(answer, shown?.details, row.title)
              : Buffer.from(
                  format === 'html' ? markdownToHtml(answer, { title: row.title }) : answer,
                  'utf8',
                );
      const download = privateDownload(reply, EXPORT_TYPES[format], name);
      // A page of the model's text: never run as this site, even if a browser opens it rather than saves it.
      if (format === 'html')
        download.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return download.send(body);
    },
  );

  app.get(
    '/history/:id/transcript',
    {
      schema: {
        tags: ['history'],
        summary: 'Download a whole chat',
        description:
          'The chat as Markdown (title, tool, date, then each request and answer it shows) or as JSON (the ' +
          'chat as `GET /api/history/item/{id}` returns it). 429 `rate_limit:exports` past ' +
          'HISTORY_RATE_LIMIT_PER_USER downloads a minute (answers and transcripts together), then 404 ' +
          '`not_found:history` for another user’s chat.',
        params: idParams,
        querystring: z.object({ format: z.enum(['md', 'json'], { error: 'must be one of: md, json.' }) }),
        response: {
          200: fileReply('The file.', Object.values(TRANSCRIPT_TYPES)),
          ...apiErrors(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await limitExports(request);
      const row = await repo.get(request.user.sub, request.params.id);
      if (!row) throw notFound();
      const { format } = request.query;
      const body =
        format === 'md'
          ? chatMarkdown(row)
          : `${JSON.stringify({ history: toChatResponse(row) }, null, 2)}\n`;
      const name = `${archiveSegment(row.title, 'chat')} - ${formatToolName(row.service)}.${format}`;
      return privateDownload(reply, TRANSCRIPT_TYPES[format], name).send(Buffer.from(body, 'utf8'));
    },
  );

  app.delete(
    '/history/:id',
    {
      schema: {
        tags: ['history'],
        summary: 'Delete a chat',
        description: 'With its document.',
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true), id: z.string() }), ...apiErrors(404) },
      },
    },
    async (request) => {
      const user = request.user;
      const removed = await repo.remove(user.sub, request.params.id);
      if (!removed) throw notFound();
      if (removed.fileKey) await removeStoredFile(removed.fileKey);
      return { deleted: true as const, id: request.params.id };
    },
  );
};
