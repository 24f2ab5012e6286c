import type { ModelTurn } from '#server/ai/stream-model-text';
import { AppError } from '#server/errors';
import type { PathMessage } from '#server/history/chat-thread';
import {
  citationRule,
  type DocumentPart,
  labelledText,
  PART_TOKENS,
  passagesWithin,
} from './document-parts.ts';
import { estimateTokens } from './long-document.ts';
import { delimited } from './prompt-format.ts';
import { type ServerTool, withDocumentText } from './server-tool.ts';

/** Said to the model beside the tool's own instructions when it continues a chat. */
const CONTINUE_CHAT =
  'The conversation below began with the request the instructions above are for. Answer each later message as a follow-up to it and to your earlier answers, in the same style and language.';

/** The model's standing instructions when it continues one of the tool's chats. */
export function continuationSystem(tool: ServerTool): string {
  return `${tool.system}\n\n${CONTINUE_CHAT}`;
}

/**
 * How a chat's document reaches the model: `none` (no document), `left-out` (a chat saved before its
 * document was kept in parts: the model is told it is not there), `with-question` (its text, or the
 * passages that best match, go with the latest request: `withDocument`).
 */
export type ChatDocumentUse = 'none' | 'left-out' | 'with-question';

/**
 * The conversation the model continues for an answer to `path`'s last message (a request): every
 * request and answer on the path, the first request as the tool put it to the model when its form's
 * fields were kept (its own structure and instructions) and as the chat shows it otherwise; a chat
 * made from a document says where the document is.
 */
export function chatTurns(
  tool: ServerTool,
  path: readonly PathMessage[],
  document: ChatDocumentUse = 'none',
): ModelTurn[] {
  return path.map((message, index) => {
    if (index !== 0 || message.role !== 'user') return { role: message.role, content: message.content };
    // A chat made from a document: its text is not repeated here (it may be far longer than the model
    // reads): it comes with the latest request, or the model is told that it is left out.
    if (document !== 'none') {
      return {
        role: 'user',
        content: `${message.content}\n\n${document === 'left-out' ? DOCUMENT_LEFT_OUT : DOCUMENT_WITH_QUESTION}`,
      };
    }
    const content = message.input
      ? tool.buildPrompt(withDocumentText(message.input, null) as never)
      : message.content;
    return { role: 'user', content };
  });
}

const DOCUMENT_LEFT_OUT =
  '(The document this request was made from is not repeated here: answer from your earlier answers, and say so when a question needs the document itself.)';
const DOCUMENT_WITH_QUESTION =
  '(The document this request was made from is given with the latest message, whole or in the passages that best match it.)';

/**
 * The document given with a request (`with-question`): the whole of it, or the passages that best
 * match the request, labelled with their pages (`labelledText`), as data.
 */
export function withDocument(
  request: string,
  document: { text: string; whole: boolean; name: string },
): string {
  const intro = document.whole
    ? `The whole text of the document “${document.name}” is below.`
    : `The passages of the document “${document.name}” that best match this message are below; the rest of the document is not given. If the answer needs a part that is not here, say so.`;
  return [request, '', intro, delimited('document', document.text)].join('\n');
}

/** Where a chat's document parts are read from (history/document-parts.ts, for one chat). */
export interface DocumentPartsSource {
  size(): Promise<{ parts: number; characters: number }>;
  all(): Promise<DocumentPart[]>;
  ranked(limit: number): Promise<DocumentPart[]>;
}

/**
 * The document for a request with `room` tokens of the prompt left for it: the whole text when it fits
 * (estimated from its length before it is read), else the best-ranked parts that fit, in the document's
 * order; `paged` when its parts have page numbers. Null when the chat keeps no parts (saved before they
 * were kept) or none fits.
 */
export async function documentForRequest(
  parts: DocumentPartsSource,
  room: number,
): Promise<{ text: string; whole: boolean; paged: boolean } | null> {
  const size = await parts.size();
  if (size.parts === 0) return null;
  // Each part's label and the blank lines around it, as labelledText writes them.
  const wholeTokens = Math.ceil(size.characters / 3) + size.parts * 6;
  if (wholeTokens <= room) {
    const all = await parts.all();
    const text = labelledText(all);
    if (estimateTokens(text) <= room) return { text, whole: true, paged: all[0]?.page !== null };
  }
  // Enough candidates to fill the room with parts of the usual size, and then some.
  const limit = Math.min(size.parts, Math.ceil(room / (PART_TOKENS / 2)) + 10);
  const best = passagesWithin(await parts.ranked(limit), room);
  if (best.length === 0) return null;
  return { text: labelledText(best), whole: false, paged: best[0]?.page !== null };
}

/** Room kept beside the document for the citation rule, the intro and the estimate's error. */
const DOCUMENT_MARGIN_TOKENS = 300;

/**
 * The conversation for an answer to `request` after the messages of `before` (the path up to it) in a
 * chat made from a document (issue 32): the document goes with the request, the whole of it when it fits
 * the model's prompt beside the conversation, else its parts that best match the request, labelled with
 * their pages, and the model is told to cite them. The request comes first: the document gets what the
 * conversation leaves, but at least half the prompt when the request leaves that much (the oldest turns
 * give way, `fitTurns`). A chat that keeps no parts tells the model that the document is left out.
 */
export async function documentConversation(options: {
  tool: ServerTool;
  before: readonly PathMessage[];
  request: string;
  fileName: string;
  maxPromptTokens: number;
  parts: DocumentPartsSource;
}): Promise<{ turns: ModelTurn[]; system?: string }> {
  const { tool, before, request, maxPromptTokens } = options;
  const conversation = chatTurns(tool, before, 'with-question');
  const fixed = estimateTokens(continuationSystem(tool)) + estimateTokens(request) + DOCUMENT_MARGIN_TOKENS;
  const used = fixed + conversation.reduce((sum, turn) => sum + estimateTokens(turn.content), 0);
  const room = Math.min(
    Math.max(maxPromptTokens - used, Math.floor(maxPromptTokens / 2)),
    maxPromptTokens - fixed,
  );
  const document = room > 0 ? await documentForRequest(options.parts, room) : null;
  if (!document) {
    return { turns: [...chatTurns(tool, before, 'left-out'), { role: 'user', content: request }] };
  }
  return {
    turns: [
      ...conversation,
      { role: 'user', content: withDocument(request, { ...document, name: options.fileName }) },
    ],
    system: `${continuationSystem(tool)}\n\n${citationRule(document.paged)}`,
  };
}

/**
 * The turns that fit the model's prompt beside `system`: the oldest are left out, a request with the
 * answers that follow it at a time, never cut inside; the request to answer always stays (413 when it
 * alone does not fit). Returns the turns kept and how many were left out.
 */
export function fitTurns(
  system: string,
  turns: readonly ModelTurn[],
  maxPromptTokens: number,
): { turns: ModelTurn[]; left: number } {
  const room = maxPromptTokens - estimateTokens(system);
  const sizes = turns.map((turn) => estimateTokens(turn.content));
  let total = sizes.reduce((sum, size) => sum + size, 0);
  let start = 0;
  while (total > room && start < turns.length - 1) {
    // Leave out the oldest request and every answer up to the next request.
    do {
      total -= sizes[start] ?? 0;
      start++;
    } while (start < turns.length - 1 && turns[start]?.role !== 'user');
  }
  if (total > room) {
    throw new AppError(
      'payload_too_large:model_context',
      `This message is too long for the AI model: about ${total.toLocaleString('en')} tokens, and it reads at most ${room.toLocaleString('en')} at once. Shorten it.`,
    );
  }
  return { turns: turns.slice(start), left: start };
}
