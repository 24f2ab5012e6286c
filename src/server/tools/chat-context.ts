import type { ModelTurn } from '#server/ai/stream-model-text';
import { AppError } from '#server/errors';
import type { PathMessage } from '#server/history/chat-thread';
import { estimateTokens } from './long-document.ts';
import { type ServerTool, withDocumentText } from './server-tool.ts';

/** Said to the model beside the tool's own instructions when it continues a chat. */
const CONTINUE_CHAT =
  'The conversation below began with the request the instructions above are for. Answer each later message as a follow-up to it and to your earlier answers, in the same style and language.';

/** The model's standing instructions when it continues one of the tool's chats. */
export function continuationSystem(tool: ServerTool): string {
  return `${tool.system}\n\n${CONTINUE_CHAT}`;
}

/**
 * The conversation the model continues for an answer to `path`'s last message (a request): every
 * request and answer on the path, the first request as the tool put it to the model when its form's
 * fields were kept (its own structure and instructions) and as the chat shows it otherwise; a chat
 * made from a document says that the document is left out.
 */
export function chatTurns(tool: ServerTool, path: readonly PathMessage[], withDocument = false): ModelTurn[] {
  return path.map((message, index) => {
    if (index !== 0 || message.role !== 'user') return { role: message.role, content: message.content };
    // A chat made from a document: its text is not repeated (it may be far longer than the model
    // reads); the model is told so, and works from its own earlier answers.
    if (withDocument) return { role: 'user', content: `${message.content}\n\n${DOCUMENT_LEFT_OUT}` };
    const content = message.input
      ? tool.buildPrompt(withDocumentText(message.input, null) as never)
      : message.content;
    return { role: 'user', content };
  });
}

const DOCUMENT_LEFT_OUT =
  '(The document this request was made from is not repeated here: answer from your earlier answers, and say so when a question needs the document itself.)';

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
