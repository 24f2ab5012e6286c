import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseOutage } from '#server/db/database-outage';
import { retryThroughOutage } from '#server/db/retry-through-outage';
import type { ChatFileRecord, ChatMessage } from '#server/db/schema';
import { AppError } from '#server/errors';
import type { FileStorage } from '#server/storage/file-storage';
import type { StoredAnswerDetails } from '#shared/answer-details';
import {
  DOCUMENT_MEDIA_TYPES,
  type DocumentCoverage,
  type DocumentFormat,
  type DocumentPart,
} from '#shared/documents';
import type { ChatStatus } from '#shared/history';
import type { JobMatchReport } from '#shared/job-match-report';
import type { HistoryRepository } from './history-repository.ts';

/**
 * How an answer the model produced becomes history (ADR 0008: a generation writes its chat itself, so
 * nothing is lost when its client goes away): a new chat with its request and the document it was made
 * from, or an answer added to an existing chat; each save retried while the database is unreachable
 * (HISTORY_SAVE_RETRY_MS), the text held in memory meanwhile. The one place requests and answers are
 * shaped as the chat keeps them, for the generation engine and the chat routes alike.
 */
export interface ChatWriterDeps {
  history: HistoryRepository;
  storage: FileStorage;
  /** How long a save keeps trying while the database is unreachable. */
  saveRetryMs: number;
  log: FastifyBaseLogger;
}

/**
 * A document a chat is made from: kept with the chat (removed again if the chat cannot be saved), with
 * its text in parts (what follow-ups are answered from and citations show) and what was read of it.
 */
export interface ChatDocument {
  name: string;
  format: DocumentFormat;
  bytes: Uint8Array;
  parts: readonly DocumentPart[];
  coverage: DocumentCoverage;
}

export interface NewChat {
  /** The chat's id (the generation's). */
  id: string;
  userId: string;
  service: string;
  title: string;
  /** The request as the user reads it. */
  request: string;
  /** The form's fields, kept with the first request (what Edit starts from). */
  input: Record<string, unknown>;
  document: ChatDocument | null;
  answer: string;
  status: ChatStatus;
  matchReport: JobMatchReport | null;
  details: StoredAnswerDetails | null;
  /** Other drafts of the answer written with it (the e-mail helper's variants): versions of it, after it. */
  drafts?: readonly Draft[];
}

/** One more draft of an answer, saved as another version of it. */
export interface Draft {
  answer: string;
  details: StoredAnswerDetails | null;
}

export interface AnswerInChat {
  userId: string;
  historyId: string;
  /** A request saved with the answer (a follow-up, an edited first request); null: it answers `parentId`. */
  request: ChatMessage | null;
  parentId: string | null;
  answer: string;
  status: ChatStatus;
  matchReport: JobMatchReport | null;
  details: StoredAnswerDetails | null;
  drafts?: readonly Draft[];
  /** A first answer made again from the chat's document: what that reading read. */
  coverage?: DocumentCoverage | null;
}

/** Where an answer was saved: its chat, and its own message there. */
export interface SavedAnswer {
  historyId: string;
  messageId: string;
  /** With drafts: each draft's message, the answer's first. */
  draftIds: string[];
}

export function createChatWriter(deps: ChatWriterDeps) {
  /** A save retried while the database is unreachable: the answer exists and must not be lost. */
  function untilSaved<T>(generationId: string, save: () => Promise<T>): Promise<T> {
    return retryThroughOutage(save, {
      maxMs: deps.saveRetryMs,
      onRetry: (err, attempt, delayMs) => {
        const log = attempt === 1 ? deps.log.warn.bind(deps.log) : deps.log.debug.bind(deps.log);
        log(
          { generationId, attempt, delayMs, reason: (err as Error).message },
          'database unreachable; the chat will be saved once it is back',
        );
      },
    });
  }

  async function storeDocument(document: ChatDocument): Promise<ChatFileRecord> {
    const key = await deps.storage.put(document.bytes, document.format);
    return {
      key,
      name: document.name,
      size: document.bytes.byteLength,
      type: DOCUMENT_MEDIA_TYPES[document.format],
    };
  }

  return {
    /** A new chat: the request (with its form's fields, for Edit and Regenerate) and the answer. */
    async saveNewChat(chat: NewChat): Promise<SavedAnswer> {
      const file = chat.document ? await storeDocument(chat.document) : null;
      const request = requestMessage(null, chat.request, chat.input);
      const replies = answerMessages(request.id ?? null, chat);
      const reply = replies[0]!;
      const row = {
        id: chat.id,
        userId: chat.userId,
        service: chat.service,
        title: chat.title,
        messages: [request, ...replies],
        currentMessageId: reply.id,
        status: chat.status,
        file,
        matchReport: chat.matchReport,
        coverage: chat.document?.coverage ?? null,
      };
      try {
        await untilSaved(chat.id, () => deps.history.insert(row));
      } catch (err) {
        // After an outage, an attempt whose reply was lost may have saved the chat: its file stays.
        if (file && !isDatabaseOutage(err)) await deps.storage.remove(file.key).catch(() => {});
        throw err;
      }
      // The document's parts, once the chat exists: a part is never saved without its chat. Retried like
      // the chat; should they still fail, the chat stands and its follow-ups go without the document.
      const parts = chat.document?.parts ?? [];
      if (parts.length > 0) {
        await untilSaved(chat.id, () => deps.history.insertDocumentParts(chat.id, parts)).catch(
          (err: unknown) => deps.log.error({ err, historyId: chat.id }, 'could not save a document’s parts'),
        );
      }
      return { historyId: chat.id, messageId: reply.id, draftIds: replies.map((m) => m.id) };
    },

    /** An answer added to an existing chat, with its new request if any; the chat then shows it. */
    async saveInChat(generationId: string, chat: AnswerInChat): Promise<SavedAnswer> {
      const parentId = chat.request ? (chat.request.id ?? null) : chat.parentId;
      const replies = answerMessages(parentId, chat);
      const reply = replies[0]!;
      const messages = chat.request ? [chat.request, ...replies] : replies;
      const saved = await untilSaved(generationId, () =>
        deps.history.appendMessages(chat.userId, chat.historyId, {
          messages,
          // The chat shows the first draft, which the others follow as its later versions.
          currentMessageId: reply.id,
          status: chat.status,
          matchReport: chat.matchReport,
          coverage: chat.coverage ?? null,
        }),
      );
      if (!saved) {
        throw new AppError('not_found:history', 'This chat was deleted while the answer was being written.');
      }
      return { historyId: chat.historyId, messageId: reply.id, draftIds: replies.map((m) => m.id) };
    },
  };
}

export type ChatWriter = ReturnType<typeof createChatWriter>;

/**
 * A request as the chat keeps it: a follow-up (`input` left out), or a first or edited request with its
 * form's fields.
 */
export function requestMessage(
  parentId: string | null,
  content: string,
  input?: Record<string, unknown>,
): ChatMessage {
  return {
    id: randomUUID(),
    parentId,
    role: 'user',
    content: withoutNul(content),
    createdAt: new Date().toISOString(),
    ...(input ? { input: formFields(input) } : {}),
  };
}

/** An answer as the chat keeps it (a generation's, or a person's edit of one: another version of it). */
export function answerMessage(
  parentId: string | null,
  content: string,
  status: ChatStatus,
  details: StoredAnswerDetails | null = null,
): ChatMessage & { id: string } {
  return {
    id: randomUUID(),
    parentId,
    role: 'assistant',
    // PostgreSQL's JSON cannot hold U+0000: a model that writes one must not cost the answer.
    content: withoutNul(content),
    status,
    createdAt: new Date().toISOString(),
    ...(details ? { details } : {}),
  };
}

/** An answer and its other drafts, as versions of one another (the first is the one shown). */
function answerMessages(
  parentId: string | null,
  chat: {
    answer: string;
    status: ChatStatus;
    details: StoredAnswerDetails | null;
    drafts?: readonly Draft[];
  },
): (ChatMessage & { id: string })[] {
  const first = answerMessage(parentId, chat.answer, chat.status, chat.details);
  // A stopped run's later drafts were not all written; each saved draft is whole but the last.
  return [
    first,
    ...(chat.drafts ?? []).map((draft) => answerMessage(parentId, draft.answer, chat.status, draft.details)),
  ];
}

/** The text fields of a validated input, kept with the chat's first request (what Edit starts from). */
function formFields(input: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === 'string') fields[name] = value;
    // A number (the e-mail helper's `variants`) as a form sends it: its schema reads it back.
    else if (typeof value === 'number') fields[name] = String(value);
  }
  return fields;
}

/** Text without U+0000, which PostgreSQL's text and JSON cannot hold. */
function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}
