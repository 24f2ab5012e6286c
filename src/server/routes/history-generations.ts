import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModelTurn } from '#server/ai/stream-model-text';
import type { ChatMessage } from '#server/db/schema';
import { AppError } from '#server/errors';
import type { Admission, GenerationCall } from '#server/generation/admission';
import type { ChatContinuation, GenerationOutcome } from '#server/generation/generation';
import { chatAnswerEventStreamSchema, chatAnswerSchema } from '#server/generation/sse-event-schemas';
import { memberCopyOf, storedDocument } from '#server/history/chat-copy';
import { toChatResponse } from '#server/history/chat-response';
import { chatPath, chooseVersion, type PathMessage, pathStatus } from '#server/history/chat-thread';
import { answerMessage, requestMessage } from '#server/history/chat-writer';
import type { HistoryRow } from '#server/history/history-repository';
import { apiErrors } from '#server/openapi/route-responses';
import { validateToolInput } from '#server/routes/read-tool-request';
import { ADMISSION_REFUSALS, numbered, RUN_FAILURES } from '#server/routes/tool-route-schema';
import { chatTurns, continuationSystem, documentConversation, fitTurns } from '#server/tools/chat-context';
import { serverToolOf } from '#server/tools/prompts';
import { cutForRewrite, rewritePrompt } from '#server/tools/rewrite';
import type { ServerTool } from '#server/tools/server-tool';
import { publicDetails } from '#shared/answer-details';
import {
  chatMessageResponseSchema,
  chatSchema,
  chooseVersionSchema,
  editAnswerSchema,
  FOLLOW_UP_MAX,
  followUpSchema,
  HISTORY_MESSAGE_MAX,
  REWRITE_CUSTOM_MAX,
  rewriteSchema,
} from '#shared/history';
import { MAX_TEXT_CHARS } from '#shared/tool-inputs';
import { isToolSlug } from '#shared/tools';
import { chatAnswerContext } from './chat-answer-context.ts';

const idParams = z.object({ id: z.string() });
const notFound = () => new AppError('not_found:history', 'No such history chat.');

const STREAM_NOTE =
  'JSON by default; with `Accept: text/event-stream` the answer streams as the tool calls do (`start`, with ' +
  'the chat as `historyId`, `delta`, `done` with the JSON reply’s object, or `error`), and ' +
  '`POST /api/generations/{id}/stop` ends it early. It counts one generation of a plan (below) and is ' +
  'saved in the chat, which then shows it.';

/**
 * The refusals of the three routes that answer in a chat, in their order (generation/admission.ts): the
 * same pipeline as the tool routes', after the chat and its request are read.
 */
const CHAT_REFUSALS = [
  '**Refusals**, in this order (JSON errors; a stream starts only once the generation has):',
  '',
  numbered([
    '401 without a valid access token or API key, before the body is read; then the body’s own rules ' +
      '(400 `bad_request:validation`).',
    '503 `unavailable:draining` (`Retry-After: 5`) while the server shuts down; 403 ' +
      '`forbidden:email_unverified` for an unverified address while REQUIRE_EMAIL_VERIFICATION is on.',
    '404 `not_found:history` for another user’s chat (a follow-up also takes one shared with a team of the ' +
      'caller’s), as for one that does not exist; then this route’s own checks (above), and 413 ' +
      '`payload_too_large:model_context` when the request to answer alone does not fit the model’s prompt.',
    ...ADMISSION_REFUSALS,
  ]),
  '',
  `${RUN_FAILURES} A chat deleted meanwhile ends it with 404 \`not_found:history\`.`,
].join('\n');

const answerResponse = {
  200: {
    description: 'The new answer, as JSON or as server-sent events (`Accept: text/event-stream`).',
    content: {
      'application/json': { schema: chatAnswerSchema },
      'text/event-stream': { schema: chatAnswerEventStreamSchema },
    },
  },
  ...apiErrors(400, 402, 403, 404, 413, 422, 429, 502, 503, 504),
};

/**
 * Chats that go on (docs/product.md §3): a follow-up question, another version of the last answer, an
 * edited first request (another version of the whole chat), and which version a chat shows. Every
 * answer goes through the tools' one admission pipeline (generation/admission.ts) and is saved in the
 * chat. Each route reads top to bottom: the call (the caller's chat, 404 for anyone else's) → admit and
 * start → reply.
 */
export const historyGenerationRoutes: FastifyPluginAsyncZod<{ admission: Admission }> = async (
  app,
  { admission },
) => {
  const repo = app.historyRepository;

  /** The caller's chat and the tool that made it (404 for anyone else's). */
  async function chatOf(request: FastifyRequest, id: string): Promise<{ row: HistoryRow; tool: ServerTool }> {
    const row = await repo.get(request.user.sub, id);
    if (!row || !isToolSlug(row.service)) throw notFound();
    return { row, tool: serverToolOf(row.service) };
  }

  /**
   * The caller's chat, or, for a chat another member shared with a team the caller belongs to, the
   * caller's own copy of it (history/chat-copy.ts). 404 for any other chat.
   */
  async function ownChatOrCopy(
    request: FastifyRequest,
    id: string,
  ): Promise<{ row: HistoryRow; tool: ServerTool }> {
    const own = await repo.get(request.user.sub, id);
    const source = own ?? (await app.teamsRepository.teamChat(request.user.sub, id));
    if (!source || !isToolSlug(source.service)) throw notFound();
    const row =
      own ?? (await memberCopyOf({ history: repo, fileStorage: app.fileStorage }, request.user.sub, source));
    return { row, tool: serverToolOf(source.service) };
  }

  /** The reply: the new answer as the saved chat shows it, read back once it is saved. */
  async function answerOf(request: FastifyRequest, outcome: GenerationOutcome) {
    // The answer is saved: a failed read-back (the database blinking) still answers, from the outcome.
    const row = await repo.get(request.user.sub, outcome.historyId).catch(() => undefined);
    const message = row ? toChatResponse(row).messages.find((m) => m.id === outcome.messageId) : undefined;
    return {
      message: message ?? {
        id: outcome.messageId,
        role: 'assistant' as const,
        content: outcome.text,
        version: 1,
        versions: 1,
        status: outcome.status,
        createdAt: null,
        ...publicDetails(outcome.details),
      },
      historyId: outcome.historyId,
      status: outcome.status,
      ...(outcome.matchReport ? { matchReport: outcome.matchReport } : {}),
      ...(row?.coverage || outcome.coverage ? { coverage: outcome.coverage ?? row?.coverage ?? null } : {}),
    };
  }

  /** Admits the call, starts its generation and replies with the new answer (JSON or its stream). */
  async function answer(request: FastifyRequest, reply: FastifyReply, call: GenerationCall) {
    const generation = await admission.start(request, reply, call);
    const body = generation.outcome.then((outcome) => answerOf(request, outcome));
    return admission.respond(request, reply, generation, body);
  }

  app.post(
    '/history/:id/messages',
    {
      schema: {
        tags: ['history'],
        summary: 'Ask a follow-up',
        description:
          'A follow-up question in the chat: the model answers it with the chat’s earlier requests and answers ' +
          'as context (the tool’s instructions kept; the oldest turns left out when the chat is longer than ' +
          `the model reads). \`content\` is 1–${FOLLOW_UP_MAX.toLocaleString('en')} characters once trimmed ` +
          '(400 otherwise). A chat another member shared with a team the caller belongs to continues in the ' +
          `caller’s own copy, whose id the answer’s \`historyId\` is. ${STREAM_NOTE}\n\n${CHAT_REFUSALS}`,
        params: idParams,
        body: followUpSchema,
        response: answerResponse,
      },
      ...admission.hooks,
    },
    async (request, reply) => {
      // A chat another member shared with the caller's team continues in the caller's own copy.
      const { row, tool } = await ownChatOrCopy(request, request.params.id);
      const path = chatPath(row.messages, row.currentMessageId);
      const question = requestMessage(path.at(-1)?.id ?? null, request.body.content);
      const asked = () => withChatDocument(app, row, tool, path, question.content);
      const answerContext = chatAnswerContext(repo, tool, row, path, path.at(-1));
      const call = continuation(app, row, tool, { request: question, parentId: null, asked, answerContext });
      return answer(request, reply, call);
    },
  );

  app.post(
    '/history/:id/cover-letter',
    {
      schema: {
        tags: ['history'],
        summary: 'Write a cover letter',
        description:
          'A resume chat’s cover letter, as a follow-up of the chat: written from the person’s own resume (the ' +
          'chat’s document and pasted text, not the optimized resume), the job description, the target role and ' +
          'the tone of its first request, under the resume’s rule (nothing the resume does not show), and ' +
          'checked the same way (the answer’s `provenance` and `unsupported`). 400 `bad_request:cover_letter` ' +
          `for a chat of another tool. ${STREAM_NOTE}\n\n${CHAT_REFUSALS}`,
        params: idParams,
        response: answerResponse,
      },
      ...admission.hooks,
    },
    async (request, reply) => {
      const { row, tool } = await ownChatOrCopy(request, request.params.id);
      const path = chatPath(row.messages, row.currentMessageId);
      return answer(request, reply, coverLetterCall(app, row, tool, path, null));
    },
  );

  app.post(
    '/history/:id/regenerate',
    {
      schema: {
        tags: ['history'],
        summary: 'Regenerate the last answer',
        description:
          'Another version of the chat’s last answer (the chat keeps every version and shows the new one; a ' +
          'chat that ends with a request gets its answer). The first answer is made again as the tool made it, ' +
          'from the request’s fields and the chat’s document, read again once the checks below pass (with ' +
          'the tool route’s document refusals). 400 `bad_request:regenerate` for a chat with no request to answer. ' +
          `${STREAM_NOTE}\n\n${CHAT_REFUSALS}`,
        params: idParams,
        response: answerResponse,
      },
      ...admission.hooks,
    },
    async (request, reply) => {
      const { row, tool } = await chatOf(request, request.params.id);
      const path = chatPath(row.messages, row.currentMessageId);
      const last = path.at(-1);
      const requestAt = last?.role === 'assistant' ? path.length - 2 : path.length - 1;
      const question = path[requestAt];
      if (question?.role !== 'user') {
        throw new AppError('bad_request:regenerate', 'This chat has no request to answer again.');
      }
      // The first request with its form's fields: the tool's own run (a long document part by part).
      if (requestAt === 0 && question.input) {
        const input = validateToolInput(tool, question.input, row.file !== null);
        const call = continuation(app, row, tool, {
          request: null,
          parentId: question.id,
          input,
        });
        return answer(request, reply, call);
      }
      if (question.kind === 'cover-letter') {
        const call = coverLetterCall(app, row, tool, path, question.id);
        return answer(request, reply, call);
      }
      const asked = () => withChatDocument(app, row, tool, path.slice(0, requestAt), question.content);
      const answerContext = chatAnswerContext(repo, tool, row, path, path[requestAt + 1]);
      return answer(
        request,
        reply,
        continuation(app, row, tool, { request: null, parentId: question.id, asked, answerContext }),
      );
    },
  );

  app.post(
    '/history/:id/edit',
    {
      schema: {
        tags: ['history'],
        summary: 'Edit the first request and run it again',
        description:
          'The chat’s first request with new form fields (the tool’s own fields and rules, as its route takes ' +
          'them as JSON: 400 `bad_request:validation` with the field’s message, 413 `payload_too_large:input` ' +
          `past ${MAX_TEXT_CHARS.toLocaleString('en')} characters; a chat made from a document keeps it), ` +
          `answered as another version of the whole chat, which then shows it. ${STREAM_NOTE}\n\n${CHAT_REFUSALS}`,
        params: idParams,
        body: z.record(z.string(), z.unknown()).meta({ description: 'The tool’s fields, e.g. `{topic}`.' }),
        response: answerResponse,
      },
      ...admission.hooks,
    },
    async (request, reply) => {
      const { row, tool } = await chatOf(request, request.params.id);
      const input = validateToolInput(tool, request.body, row.file !== null);
      const document = row.file ? { name: row.file.name, text: '' } : null;
      const edited = requestMessage(null, tool.userMessage(input as never, document), input);
      const call = continuation(app, row, tool, { request: edited, parentId: null, input });
      return answer(request, reply, call);
    },
  );

  app.post(
    '/history/:id/messages/:messageId/rewrite',
    {
      schema: {
        tags: ['history'],
        summary: 'Rewrite an answer, or part of it',
        description:
          'The model rewrites part of an answer on the chat’s path as `instruction` asks — `improve`, `shorter`, ' +
          '`longer`, `simpler`, `fix-grammar`, `tone:<tone>` (the e-mail tones), `custom:<text>` (at most ' +
          `${REWRITE_CUSTOM_MAX.toLocaleString('en')} characters) or \`continue\` (new text at the cursor) — ` +
          'with the whole answer as context. `selection` `{start, end}` is a range of character offsets into ' +
          'the answer’s content (absent: the whole answer; for `continue`, `start` = `end` is the cursor, by ' +
          'default its end). The `delta` events carry the replacement text only; the new version saved is the ' +
          'answer with the selection replaced by it, and `done` carries that message. Stopped, nothing new is ' +
          'saved and nothing is counted. 400 `bad_request:selection` for a range outside the content, ' +
          'backwards, of blank text, or ending inside a code fence’s opening line; 404 `not_found:message` for ' +
          'a message that is not an answer on the chat’s path. ' +
          `${STREAM_NOTE}\n\n${CHAT_REFUSALS}`,
        params: z.object({ id: z.string(), messageId: z.string() }),
        body: rewriteSchema,
        response: answerResponse,
      },
      ...admission.hooks,
    },
    async (request, reply) => {
      const { row, tool } = await chatOf(request, request.params.id);
      const message = answerOnPath(row, request.params.messageId);
      const { instruction, selection } = request.body;
      const cut = cutForRewrite(message.content, instruction, selection);
      const { system, prompt } = rewritePrompt(tool, instruction, cut);
      const { maxPromptTokens } = app.ai.promptBudget();
      const turns = fitTurns(system, [{ role: 'user', content: prompt }], maxPromptTokens).turns;
      const call: GenerationCall = {
        tool,
        input: {},
        document: null,
        chat: {
          historyId: row.id,
          title: row.title,
          request: null,
          parentId: message.parentId,
          turns,
          system,
          replace: { before: cut.before, after: cut.after, messageId: message.id },
          answerContext: chatAnswerContext(
            repo,
            tool,
            row,
            chatPath(row.messages, row.currentMessageId),
            message,
          ),
        },
      };
      return answer(request, reply, call);
    },
  );

  app.put(
    '/history/:id/messages/:messageId',
    {
      schema: {
        tags: ['history'],
        summary: 'Save an edited answer',
        description:
          'Saves an answer on the chat’s path as the person edited it (Markdown), as another version of that ' +
          'answer: the earlier ones stay, and the chat shows the new one (follow-ups after the edited answer ' +
          'stay with its earlier version). Not counted as a generation. 400 `bad_request:validation` for ' +
          `empty content or content over ${HISTORY_MESSAGE_MAX.toLocaleString('en')} characters; 404 ` +
          '`not_found:history` for another user’s chat (a team member reading a shared chat too), as for one ' +
          'that does not exist; 404 `not_found:message` for a message that is not an answer on the chat’s ' +
          'path; 409 `conflict:generation_running` while an answer of the chat is being written.',
        params: z.object({ id: z.string(), messageId: z.string() }),
        body: editAnswerSchema,
        response: { 200: z.object({ message: chatMessageResponseSchema }), ...apiErrors(400, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      const row = await repo.get(user.sub, request.params.id);
      if (!row) throw notFound();
      const edited = answerOnPath(row, request.params.messageId);
      const running = await app.generationBus.running(user.sub);
      if (running.some((generation) => generation.historyId === row.id)) {
        throw new AppError(
          'conflict:generation_running',
          'An answer of this chat is being written: save your edit once it is done.',
        );
      }
      const tool = isToolSlug(row.service) ? serverToolOf(row.service) : null;
      const context =
        tool && chatAnswerContext(repo, tool, row, chatPath(row.messages, row.currentMessageId), edited);
      const details = context
        ? (tool?.answerDetails?.(request.body.content, { ...(await context()), ownAddress: user.email }) ??
          null)
        : null;
      const version = answerMessage(edited.parentId, request.body.content, 'complete', details);
      const saved = await repo.appendMessages(user.sub, row.id, { messages: [version], status: 'complete' });
      if (!saved) throw notFound();
      const updated = await repo.get(user.sub, row.id);
      const message = updated ? toChatResponse(updated).messages.find((m) => m.id === version.id) : undefined;
      if (!message) throw notFound();
      return { message };
    },
  );

  app.patch(
    '/history/:id/messages/:messageId',
    {
      schema: {
        tags: ['history'],
        summary: 'Show another version',
        description:
          'Shows version `version` (1-based) of a message on the chat’s path: another answer in its place, or ' +
          'another version of the whole chat for its first request; the chat then shows that version’s newest ' +
          'branch, which follow-ups build on. 404 `not_found:history` for another user’s chat, as for one ' +
          'that does not exist; 404 `not_found:message` for a message off the chat’s path or a version it ' +
          'does not have.',
        params: z.object({ id: z.string(), messageId: z.string() }),
        body: chooseVersionSchema,
        response: { 200: z.object({ history: chatSchema }), ...apiErrors(400, 404) },
      },
    },
    async (request) => {
      const user = request.user;
      const row = await repo.get(user.sub, request.params.id);
      if (!row) throw notFound();
      const current = chooseVersion(
        row.messages,
        row.currentMessageId,
        request.params.messageId,
        request.body.version,
      );
      if (!current) throw new AppError('not_found:message', 'No such message or version in this chat.');
      const status = pathStatus(chatPath(row.messages, current));
      const updated = await repo.setCurrentMessage(user.sub, row.id, { messageId: current, status });
      if (!updated) throw notFound();
      return { history: toChatResponse(updated) };
    },
  );
};

/** The answer `messageId` on the chat's shown path (404 `not_found:message` for anything else). */
function answerOnPath(row: HistoryRow, messageId: string): PathMessage {
  const message = chatPath(row.messages, row.currentMessageId).find((m) => m.id === messageId);
  if (message?.role !== 'assistant') throw new AppError('not_found:message', 'No such answer in this chat.');
  return message;
}

/**
 * The conversation for an answer to `request` after the messages of `before`: a document chat's with its
 * document, whole or its best-matching parts (tools/chat-context.ts `documentConversation`).
 */
async function withChatDocument(
  app: FastifyInstance,
  row: HistoryRow,
  tool: ServerTool,
  before: readonly PathMessage[],
  request: string,
): Promise<{ turns: ModelTurn[]; system?: string }> {
  if (!row.file) return { turns: [...chatTurns(tool, before), { role: 'user', content: request }] };
  const repo = app.historyRepository;
  return documentConversation({
    tool,
    before,
    request,
    fileName: row.file.name,
    maxPromptTokens: app.ai.promptBudget().maxPromptTokens,
    parts: {
      size: () => repo.documentSize(row),
      all: () => repo.documentParts(row),
      ranked: (limit) => repo.rankedDocumentParts(row, request, limit),
    },
  });
}

/**
 * A cover letter (ServerTool.coverLetter), asked anew (its request, marked as one, is added after the
 * chat's path) or made again for the request `parentId`: the model gets the letter's own prompt, from the
 * chat's first request and document, not the chat's conversation.
 */
function coverLetterCall(
  app: FastifyInstance,
  row: HistoryRow,
  tool: ServerTool,
  path: readonly PathMessage[],
  parentId: string | null,
): GenerationCall {
  const answerContext = chatAnswerContext(app.historyRepository, tool, row, path, undefined);
  const { coverLetter } = tool;
  if (!answerContext || !coverLetter) {
    throw new AppError('bad_request:cover_letter', 'Cover letters are written from resume assistant chats.');
  }
  const input = path[0]?.input ?? {};
  const request: ChatMessage | null =
    parentId === null
      ? {
          ...requestMessage(
            path.at(-1)?.id ?? null,
            coverLetter({ input, document: null, ownAddress: null, previous: null }).request,
          ),
          kind: 'cover-letter',
        }
      : null;
  const asked = async () => {
    const letter = coverLetter(await answerContext());
    return { turns: [{ role: 'user' as const, content: letter.prompt }], system: letter.system };
  };
  return continuation(app, row, tool, { request, parentId, asked, answerContext });
}

/**
 * The call for an answer within `row`: its conversation (`asked`), made once the call is admitted and
 * trimmed to the model's prompt (413 when the last request alone does not fit); or, with none, the tool
 * run again on the first request, with the chat's document read again once the call is admitted.
 */
function continuation(
  app: FastifyInstance,
  row: HistoryRow,
  tool: ServerTool,
  answer: {
    request: ChatMessage | null;
    parentId: string | null;
    asked?: () => Promise<{ turns: ModelTurn[]; system?: string }>;
    input?: Record<string, unknown>;
    answerContext?: ChatContinuation['answerContext'];
  },
): GenerationCall {
  const chat = {
    historyId: row.id,
    title: row.title,
    request: answer.request,
    parentId: answer.parentId,
    answerContext: answer.answerContext,
  };
  const input = answer.input ?? {};
  const { asked } = answer;
  if (asked) {
    const loadChat = async () => {
      const { turns, system } = await asked();
      const { maxPromptTokens } = app.ai.promptBudget();
      const fitted = fitTurns(system ?? continuationSystem(tool), turns, maxPromptTokens).turns;
      return { ...chat, turns: fitted, ...(system ? { system } : {}) };
    };
    return { tool, input, document: null, loadChat };
  }
  // The tool runs on the first request again: the chat's document is read once the call is admitted.
  const loadDocument = row.file ? () => storedDocument(app.fileStorage, row) : undefined;
  return {
    tool,
    input,
    document: null,
    ...(loadDocument ? { loadDocument } : {}),
    chat: { ...chat, turns: null },
  };
}
