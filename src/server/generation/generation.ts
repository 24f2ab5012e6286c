import type { FastifyBaseLogger } from 'fastify';
import type { AiRuntime } from '#server/ai/ai-runtime';
import { queueTicketOptions } from '#server/ai/generation-limiter';
import { type ModelTurn, streamModelText, type TokenUsage } from '#server/ai/stream-model-text';
import type { ChatMessage } from '#server/db/schema';
import { AppError, isAppError } from '#server/errors';
import type { ChatWriter } from '#server/history/chat-writer';
import { continuationSystem } from '#server/tools/chat-context';
import { citationRule, partsText } from '#server/tools/document-parts';
import { estimateTokens } from '#server/tools/long-document';
import {
  type AnswerContext,
  type GenerationProgress,
  type GenerationRun,
  pagesText,
  type ServerTool,
  type ToolDocument,
} from '#server/tools/server-tool';
import type { StoredAnswerDetails } from '#shared/answer-details';
import type { DocumentCoverage } from '#shared/documents';
import type { ChatStatus } from '#shared/history';
import type { JobMatchReport } from '#shared/job-match-report';
import { toolRequestTitle } from '#shared/tools';
import {
  type DocumentForGeneration,
  type GenerationDocument,
  labelledDocument,
  readForGeneration,
  type ScannedPageReader,
} from './document-reading.ts';
import { retryWhileBusy } from './retry-busy.ts';

export type { GenerationDocument } from './document-reading.ts';

export interface GenerationOutcome {
  status: ChatStatus;
  text: string;
  historyId: string;
  /** The id of the answer's message in the chat. */
  messageId: string;
  matchReport: JobMatchReport | null;
  /** What was read of the document the answer is about (a new chat's, or a regenerated first answer's). */
  coverage: DocumentCoverage | null;
  /** The answer's details (#shared/answer-details), for the tools that make them. */
  details: StoredAnswerDetails | null;
  /** With several drafts (the e-mail helper's variants): each, the answer's own first. */
  drafts: { messageId: string; text: string; details: StoredAnswerDetails | null }[];
}

export interface GenerationDeps {
  ai: AiRuntime;
  /** Where its chat is written (history/chat-writer.ts), through a database outage too. */
  chats: ChatWriter;
  /** SUMMARY_CHUNK_TOKENS and SUMMARY_CONCURRENCY: how long documents are read part by part. */
  summary: { chunkTokens: number; concurrency: number };
  /** Reads a PDF's scanned pages by OCR (`app.documents`). */
  scans: ScannedPageReader;
  log: FastifyBaseLogger;
}

export interface GenerationRequest {
  /** Also the history id of the chat it saves, unless it answers within an existing one (`chat`). */
  id: string;
  userId: string;
  tool: ServerTool;
  input: Record<string, unknown>;
  document?: GenerationDocument | null;
  /** Set for an answer within an existing chat: a follow-up, a regenerated answer, an edited request. */
  chat?: ChatContinuation;
  /** The person's e-mail address, for the answer's details (a reply to all leaves it out). */
  ownAddress?: string | null;
}

/** Where an answer within an existing chat goes, and what the model is given for it. */
export interface ChatContinuation {
  historyId: string;
  /** The chat's title. */
  title: string;
  /** A request saved with the answer (a follow-up, an edited first request); null: it answers `parentId`. */
  request: ChatMessage | null;
  /** The message the answer follows when there is no new request (a regenerated answer). */
  parentId: string | null;
  /** The conversation the model continues, ending with the request; null: the tool's own run on `input`. */
  turns: ModelTurn[] | null;
  /** The model's instructions for `turns`, when not the tool's own for a chat (a document chat's, with citations). */
  system?: string;
  /**
   * A rewrite of part of the answer `messageId` (issue 33): the model's text goes between `before` and
   * `after`, saved as another version of that answer; stopped, nothing is saved (or counted).
   */
  replace?: { before: string; after: string; messageId: string };
  /**
   * What the answer's details are made from, for a tool that makes them (ServerTool.answerDetails) and an
   * answer written from `turns`: read once the answer is written (a chat's first request, its document).
   */
  answerContext?: () => Promise<AnswerContext>;
}

/**
 * One tool run. It streams the model's text to whoever listens and, when the model is done, writes the
 * chat to history itself (with the document it was made from), so nothing is lost when the client goes
 * away. `stop()` ends it early and saves what was produced as 'stopped'; a failure saves nothing. The id
 * doubles as the history id. One still waiting for the local model when its client leaves is dropped
 * instead (`abandon`): no model call, nothing saved.
 */
export class Generation {
  readonly id: string;
  /** The chat it saves: its own id for a new chat, else the chat it answers in. */
  readonly historyId: string;
  /** The chat's title (a new chat's as it will be saved), for the list of running generations. */
  readonly title: string;
  readonly userId: string;
  readonly tool: ServerTool;
  /** Settles when the chat is saved (or the generation failed); never rejects unhandled. */
  readonly outcome: Promise<GenerationOutcome>;
  /** The answer streamed so far. */
  text = '';
  private readonly stopper = new AbortController();
  private readonly ai: AiRuntime;
  private readonly deltaListeners = new Set<(text: string) => void>();
  private readonly progressListeners = new Set<(event: GenerationProgress) => void>();
  /** Whether a model call has produced text yet. */
  private answered = false;
  /** Every progress event so far, replayed to a listener that comes after them. */
  private readonly progressLog: GenerationProgress[] = [];
  /** When it started and when the model's first token came (performance.now()), for the metrics. */
  readonly startedAt = performance.now();
  firstTokenAt: number | null = null;
  /** How many parts of its document the answer was written from (GenerationRun.summarized). */
  private partsSummarized = 0;
  /** The tokens its model calls used, summed, where the provider reported them (null: none reported). */
  tokens: { input: number; output: number } | null = null;

  constructor(deps: GenerationDeps, request: GenerationRequest) {
    this.id = request.id;
    this.historyId = request.chat?.historyId ?? request.id;
    this.title =
      request.chat?.title ?? toolRequestTitle(request.tool.definition, request.input, request.document?.name);
    this.userId = request.userId;
    this.tool = request.tool;
    this.ai = deps.ai;
    const { document } = request;
    if (document) {
      this.progressLog.push({
        stage: 'extracting',
        done: 1,
        total: 1,
        message: `Read “${document.name}”${document.pages ? ` (${pagesText(document.pages)})` : ''}`,
      });
    }
    this.outcome = this.run(deps, request);
    this.outcome.catch(() => {}); // observed by the route; a client that left must not crash the process
  }

  get stopped(): boolean {
    return this.stopper.signal.aborted;
  }

  /** Whether anyone listens to it now (the request that started it, or a follower after a reload). */
  get followed(): boolean {
    return this.deltaListeners.size > 0;
  }

  /**
   * Receives each piece of the answer as it is generated (the request that started it, and whoever
   * follows it after a reload); returns the unsubscribe.
   */
  onDelta(listener: (text: string) => void): () => void {
    this.deltaListeners.add(listener);
    return () => this.deltaListeners.delete(listener);
  }

  /** Receives the progress of a long run (reading the document, its parts), the events so far first. */
  onProgress(listener: (event: GenerationProgress) => void): () => void {
    this.progressListeners.add(listener);
    for (const event of this.progressLog) listener(event);
    return () => this.progressListeners.delete(listener);
  }

  stop(): void {
    this.stopper.abort(new Error('stopped by the user'));
  }

  /**
   * The client went away. Still waiting for the model: dropped (the outcome rejects, nothing is saved,
   * its place is freed). Already started: nothing changes, it finishes and saves its chat.
   */
  abandon(): void {
    // A run of several calls (a long document) that has had an answer from the model goes on: its
    // later calls wait in the local model's line too, and dropping one would lose the parts done.
    if (this.answered) return;
    this.ai.dropQueued(
      this.id,
      new AppError('client_closed:generation', 'The client left before the generation started.'),
    );
  }

  private async run(deps: GenerationDeps, request: GenerationRequest): Promise<GenerationOutcome> {
    const { tool } = this;
    const { input } = request;
    const document = request.document ?? null;
    let read: DocumentForGeneration | null = null;
    let answers: readonly string[] = [''];
    try {
      // A scanned PDF's pages are read by OCR first (progress events; a Stop there saves the chat as
      // stopped, with the document, before any answer).
      if (document) {
        read = await readForGeneration(document, {
          scans: deps.scans,
          userId: this.userId,
          signal: this.stopper.signal,
          progress: (event) => this.report(event),
        });
      }
      // A local model still downloading or loading is waited for here, before the provider watchdog
      // of streamModelText starts: the wait may be minutes, and the request goes on once it is ready.
      if (!this.stopped) {
        await deps.ai
          .waitForModel({ userId: this.userId, id: this.id }, this.stopper.signal)
          .catch((err: unknown) => {
            if (!this.stopped) throw err;
          });
      }
      if (!this.stopped) {
        const turns = request.chat?.turns;
        const system = request.chat?.system ?? continuationSystem(tool);
        const written = turns
          ? await this.askModel(deps, { system, prompt: turns }, { visible: true })
          : await tool.run(this.runFor(deps, input, read));
        answers = typeof written === 'string' ? [written] : written.length > 0 ? written : [''];
      }
    } catch (err) {
      throw isAppError(err) ? err : new AppError('internal:generation', undefined, { cause: err });
    }
    const status: ChatStatus = this.stopped ? 'stopped' : 'complete';
    // A stopped run keeps the drafts it has (the last one part-written); an empty one is not a draft.
    const [answer = '', ...others] = answers;
    const drafts = others.filter((draft) => draft.trim() !== '');
    if (status === 'complete' && answers.some((draft) => draft.trim() === '')) {
      throw new AppError('bad_gateway:ai_empty', 'The AI model returned an empty answer. Please try again.');
    }
    const { chat } = request;
    const plain = read?.plain ?? null;
    // Checked against the document as its saved parts give it back, as every later answer of the chat is.
    const checked = read && plain ? { ...plain, text: partsText(read.parts) } : null;
    const context = await this.answerContext(deps, request, checked);
    const detailsOf = (text: string) => (context ? (tool.answerDetails?.(text, context) ?? null) : null);
    if (chat?.replace) return this.saveRewrite(deps, chat, chat.replace, status, answer, detailsOf);
    const matchReport = tool.matchReport?.(input, plain, answer) ?? null;
    const coverage = read ? { ...read.coverage, partsSummarized: this.partsSummarized } : null;
    const details = detailsOf(answer);
    const draftsToSave = drafts.map((text) => ({ answer: text, details: detailsOf(text) }));
    const written = [{ answer, details }, ...draftsToSave];
    const saved = chat
      ? await deps.chats.saveInChat(this.id, {
          userId: this.userId,
          historyId: chat.historyId,
          request: chat.request,
          parentId: chat.parentId,
          answer,
          status,
          matchReport,
          details,
          drafts: draftsToSave,
          coverage,
        })
      : await deps.chats.saveNewChat({
          id: this.id,
          userId: this.userId,
          service: tool.definition.slug,
          title: toolRequestTitle(tool.definition, input, document?.name),
          request: (
            tool.userMessage as (input: Record<string, unknown>, document: ToolDocument | null) => string
          )(input, plain),
          input,
          document:
            document && read && coverage
              ? {
                  name: document.name,
                  format: document.format,
                  bytes: document.bytes,
                  parts: read.parts,
                  coverage,
                }
              : null,
          answer,
          status,
          matchReport,
          details,
          drafts: draftsToSave,
        });
    const { draftIds, ...ids } = saved;
    return {
      status,
      text: answer,
      matchReport,
      coverage,
      details,
      // The saved messages, in the order of the drafts written: the answer's first.
      drafts:
        draftIds.length > 1
          ? draftIds.map((messageId, i) => ({
              messageId,
              text: written[i]!.answer,
              details: written[i]!.details,
            }))
          : [],
      ...ids,
    };
  }

  /**
   * What the answer's details are made from (ServerTool.answerDetails): the request's own fields and
   * document when the tool ran on them, else what the chat's continuation reads. Null for a tool without
   * details, or when it could not be read (the database blinking): the answer is saved all the same.
   */
  private async answerContext(
    deps: GenerationDeps,
    request: GenerationRequest,
    document: ToolDocument | null,
  ): Promise<AnswerContext | null> {
    if (!this.tool.answerDetails) return null;
    const ownAddress = request.ownAddress ?? null;
    const { chat } = request;
    if (!chat?.turns && !chat?.replace) return { input: request.input, document, ownAddress, previous: null };
    if (!chat.answerContext) return null;
    try {
      return { ...(await chat.answerContext()), ownAddress };
    } catch (err) {
      deps.log.warn({ err, generationId: this.id }, 'could not read what an answer is checked against');
      return null;
    }
  }

  /**
   * A rewritten part of an answer, saved as another version of it: the text before the part, the
   * model's, and the text after. A stopped rewrite saves nothing: the answer stays as it was, and
   * nothing is counted (its outcome has no text).
   */
  private async saveRewrite(
    deps: GenerationDeps,
    chat: ChatContinuation,
    replace: NonNullable<ChatContinuation['replace']>,
    status: ChatStatus,
    answer: string,
    detailsOf: (text: string) => StoredAnswerDetails | null,
  ): Promise<GenerationOutcome> {
    const unchanged = { matchReport: null, coverage: null, historyId: chat.historyId, drafts: [] };
    if (status === 'stopped') {
      return { ...unchanged, status, text: '', details: null, messageId: replace.messageId };
    }
    const text = `${replace.before}${answer}${replace.after}`;
    const details = detailsOf(text);
    const { draftIds: _, ...saved } = await deps.chats.saveInChat(this.id, {
      userId: this.userId,
      historyId: chat.historyId,
      request: null,
      parentId: chat.parentId,
      answer: text,
      status,
      matchReport: null,
      details,
    });
    return { ...unchanged, status, text, details, ...saved };
  }

  /** A progress event to whoever follows the generation, and kept for those who come later. */
  private report(event: GenerationProgress): void {
    this.progressLog.push(event);
    for (const listener of this.progressListeners) listener(event);
  }

  private runFor(
    deps: GenerationDeps,
    input: Record<string, unknown>,
    read: DocumentForGeneration | null,
  ): GenerationRun {
    const generation = this;
    const { maxPromptTokens, parallelCalls, checksPromptLength } = deps.ai.promptBudget();
    // A tool that cites the document reads it labelled with its pages, and is told how to cite them.
    const cites = read !== null && this.tool.citesDocument === true && read.parts.length > 0;
    const citing = cites ? `\n\n${citationRule(read.parts[0]?.page !== null)}` : '';
    return {
      input,
      document: read ? (cites ? labelledDocument(read) : read.plain) : null,
      signal: this.stopper.signal,
      get stopped() {
        return generation.stopped;
      },
      budget: {
        maxPromptTokens,
        // Room left beside the standing instructions, with a margin for the estimate's error.
        chunkTokens: Math.max(
          500,
          Math.min(
            deps.summary.chunkTokens,
            Math.floor(maxPromptTokens * 0.8) - estimateTokens(this.tool.system),
          ),
        ),
        concurrency: Math.max(1, Math.min(deps.summary.concurrency, parallelCalls)),
        checksPromptLength,
      },
      // Once the model has answered, a later call of the run (a long document's next part) waits for a
      // place in the local model's line rather than failing the run: up to a minute, 5 s apart.
      ask: (question, options = {}) => {
        const request = { ...question, system: `${question.system}${citing}` };
        return this.answered
          ? retryWhileBusy(() => this.askModel(deps, request, options), {
              signal: this.stopper.signal,
              attempts: 12,
              delayMs: 5000,
            })
          : this.askModel(deps, request, options);
      },
      progress: (event) => this.report(event),
      summarized: (parts) => {
        this.partsSummarized = parts;
      },
    };
  }

  /** One model call (see GenerationRun.ask). */
  private async askModel(
    deps: GenerationDeps,
    { system, prompt }: { system: string; prompt: string | readonly ModelTurn[] },
    options: { visible?: boolean },
  ): Promise<string> {
    let text = '';
    const stream = streamModelText({
      model: deps.ai.languageModel(),
      system,
      prompt,
      settings: deps.ai.settings,
      signal: this.stopper.signal,
      providerOptions: queueTicketOptions({ userId: this.userId, id: this.id }),
      onUsage: (usage) => this.countTokens(usage),
    });
    for await (const delta of stream) {
      this.firstTokenAt ??= performance.now();
      this.answered = true;
      text += delta;
      if (options.visible) {
        this.text += delta;
        for (const listener of this.deltaListeners) listener(delta);
      }
    }
    return text;
  }

  private countTokens({ inputTokens, outputTokens }: TokenUsage): void {
    if (inputTokens === undefined && outputTokens === undefined) return;
    this.tokens ??= { input: 0, output: 0 };
    this.tokens.input += inputTokens ?? 0;
    this.tokens.output += outputTokens ?? 0;
  }
}
