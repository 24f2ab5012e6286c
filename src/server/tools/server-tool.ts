import type { ModelTurn } from '#server/ai/stream-model-text';
import { AppError } from '#server/errors';
import { type AnswerDetails, answerDetailsSchema, type StoredAnswerDetails } from '#shared/answer-details';
import type { EmailThread } from '#shared/email-thread';
import type { GenerationProgress } from '#shared/generation-progress';
import type { JobMatchReport } from '#shared/job-match-report';
import { TOOL_INPUT_SCHEMAS, type ToolInput } from '#shared/tool-inputs';
import { TOOLS, type ToolSlug } from '#shared/tools';
import { estimateTokens } from './long-document.ts';

export type { GenerationProgress };

/** What a tool's run needs from its generation: the model, the budget, and the two streams to the client. */
export interface GenerationRun {
  input: Record<string, unknown>;
  document: ToolDocument | null;
  signal: AbortSignal;
  readonly stopped: boolean;
  /** The longest prompt the model takes and how many calls may run at once. */
  budget: { maxPromptTokens: number; chunkTokens: number; concurrency: number; checksPromptLength: boolean };
  /**
   * One model call; resolves with its text (what there was when stopped). With `visible`, the text is
   * streamed to the client as it comes (`delta` events): the answer being written.
   */
  ask(
    request: { system: string; prompt: string | readonly ModelTurn[] },
    options?: { visible?: boolean },
  ): Promise<string>;
  progress(event: GenerationProgress): void;
  /** How many parts of the document the answer was written from (1: the whole of it in one call). */
  summarized(parts: number): void;
}

/** A document sent with the request, as read by the extractor (src/server/documents). */
export interface ToolDocument {
  name: string;
  /** Its text as Markdown (tables, lists, headings kept). */
  text: string;
  pages?: number;
  /** An .eml file's thread (the e-mail helper's 'Replying to'), as its headers and parts read. */
  email?: EmailThread;
}

/** '1 page', '236 pages': a document's length as messages and saved chats give it. */
export function pagesText(pages: number): string {
  return pages === 1 ? '1 page' : `${pages.toLocaleString('en')} pages`;
}

/** A tool as the server runs it: its catalogue entry, its input schema, its prompts and how it runs. */
export interface ServerTool<S extends ToolSlug = ToolSlug> {
  definition: (typeof TOOLS)[S];
  schema: (typeof TOOL_INPUT_SCHEMAS)[S];
  /** The model's standing instructions for this tool. */
  system: string;
  /** The request the model answers; a document's text is in `text`, before any pasted text. */
  buildPrompt(input: ToolInput<S>): string;
  /** The user message saved in history: what the user asked, readable (docs/product.md §3 chat). */
  userMessage(input: ToolInput<S>, document?: ToolDocument | null): string;
  /**
   * Produces the answer: one model call streamed to the client unless the tool says otherwise (the doc
   * summarizer reads a long document part by part). Resolves with the text to save, or with several
   * drafts of it (the e-mail helper's variants), the first the one streamed and shown.
   */
  run(run: GenerationRun): Promise<string | readonly string[]>;
  /**
   * Whether its answer about a document cites the document's pages (the doc summarizer): it then reads
   * the text labelled with its pages (`[p. 12]`), told how to cite them. A tool that rewrites the
   * document (the resume assistant) reads it plain; follow-ups on its chats cite pages all the same.
   */
  citesDocument?: boolean;
  /** The resume assistant's job match report, computed from the request and the answer, not by the model. */
  matchReport?(
    input: Record<string, unknown>,
    document: ToolDocument | null,
    answer: string,
  ): JobMatchReport | null;
  /**
   * What every answer of its chats carries beside its text (#shared/answer-details), made from the answer
   * and the chat's first request, not by the model: saved with the answer, whoever made it (the tool,
   * a follow-up, a rewrite, the person's own edit).
   */
  answerDetails?(answer: string, context: AnswerContext): StoredAnswerDetails | null;
  /** The fields of AnswerDetails its answers carry (for the API's schemas and descriptions). */
  detailFields?: readonly (keyof AnswerDetails)[];
  /**
   * The resume assistant's cover letter (issue 34): what the model is asked, from the chat's first request
   * and document (the person's own resume, not the optimized one), written as a follow-up of its chat.
   */
  coverLetter?(context: AnswerContext): { request: string; system: string; prompt: string };
}

/** What an answer's details are made from: the chat's first request, its document and the person. */
export interface AnswerContext {
  /** The first request's fields (a follow-up's chat: those its first request was made with). */
  input: Record<string, unknown>;
  /** The document the chat was made from, as read; null without one. */
  document: ToolDocument | null;
  /** The person's own e-mail address (a reply to all leaves it out). */
  ownAddress: string | null;
  /** The details of the answer this one follows or replaces, if any. */
  previous: StoredAnswerDetails | null;
}

type ToolParts<S extends ToolSlug> = Omit<ServerTool<S>, 'definition' | 'schema' | 'run'> & {
  run?: ServerTool<S>['run'];
};

/** The schema of the details a tool's answers carry (none for a tool without details). */
export function detailsSchemaOf(tool: ServerTool) {
  const fields: Partial<Record<keyof AnswerDetails, true>> = {};
  for (const field of tool.detailFields ?? []) fields[field] = true;
  return answerDetailsSchema.pick(fields);
}

/** Whether the tool writes several drafts of an answer when asked (`variants`, the e-mail helper). */
export function takesVariants(tool: ServerTool): boolean {
  return 'variants' in tool.schema.shape;
}

/** The input a prompt is built from: a document's text first, then any text pasted beside it. */
export function withDocumentText(
  input: Record<string, unknown>,
  document: ToolDocument | null,
): Record<string, unknown> {
  if (!document) return input;
  const pasted = typeof input.text === 'string' ? input.text : '';
  return { ...input, text: pasted ? `${document.text}\n\n${pasted}` : document.text };
}

/**
 * The text a chat's answers are checked against (the resume assistant's `answerDetails`): the document's
 * text, then any text pasted beside it. GET /api/history/:id/source shows the same, so that the line
 * numbers of an answer's `provenance` point into it.
 */
export function checkedText(context: Pick<AnswerContext, 'input' | 'document'>): string {
  const text = withDocumentText(context.input, context.document).text;
  return typeof text === 'string' ? text : '';
}

/**
 * 413 before the model is called for a request that cannot fit the model (a long document sent to a
 * tool that reads it in one call): estimated high, so it errs on the side of refusing.
 */
export function assertFitsModel(system: string, prompt: string, maxPromptTokens: number): void {
  const tokens = estimateTokens(system) + estimateTokens(prompt);
  if (tokens <= maxPromptTokens) return;
  throw new AppError(
    'payload_too_large:model_context',
    `This request is too long for the AI model: about ${tokens.toLocaleString('en')} tokens, and it reads at most ${maxPromptTokens.toLocaleString('en')} at once. Shorten the text or the document.`,
  );
}

/**
 * A tool's prompts (its entry in prompts.ts), joined by slug to its catalogue entry and input schema. Its
 * run is one streamed model call on the prompt unless it brings its own.
 */
export function serverTool<S extends ToolSlug>(slug: S, parts: ToolParts<S>): ServerTool<S> {
  const tool: ServerTool<S> = {
    definition: TOOLS[slug],
    schema: TOOL_INPUT_SCHEMAS[slug],
    ...parts,
    run:
      parts.run ??
      ((run) => {
        const input = withDocumentText(run.input, run.document) as ToolInput<S>;
        const prompt = tool.buildPrompt(input);
        // The local model counts real tokens itself; for a remote one the estimate decides.
        if (!run.budget.checksPromptLength) assertFitsModel(tool.system, prompt, run.budget.maxPromptTokens);
        return run.ask({ system: tool.system, prompt }, { visible: true });
      }),
  };
  return tool;
}
