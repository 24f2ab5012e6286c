import type { AnswerDetails } from '#shared/answer-details';
import type { DocumentCoverage } from '#shared/documents';
import type { GenerationProgress } from '#shared/generation-progress';
import type { JobMatchReport } from '#shared/job-match-report';
import type { RefactorSource } from '#web/components/code-diff/refactor-view.tsx';
import type { ToolError } from '#web/lib/tool-error.ts';

/**
 * The tool form's life cycle (docs/product.md §4): idle → pending (streaming text as it arrives) → success
 * (output shown, inputs hidden) | failed (banner shown, inputs kept) | stopped (the user pressed
 * Stop: what arrived so far is kept and shown as a stopped result).
 *
 * A request with a document waits before its stream starts while the server reads the file
 * (`streamStarted` false: "Reading <name>…"), then may report `progress` (the parts of a long
 * document) before and while its answer streams.
 */
export type GenerationState =
  | { status: 'idle' }
  | {
      status: 'pending';
      text: string;
      stopping: boolean;
      request: GenerationRequest;
      /** The server answered and its event stream began (a document has been read by then). */
      streamStarted: boolean;
      /** The latest `progress` event, or null. */
      progress: GenerationProgress | null;
    }
  | ({ status: 'success' | 'stopped' } & GenerationResult)
  | { status: 'failed'; error: ToolError };

/** What the request was, for the screen: the document's name (while it is read) and the chat's title. */
export interface GenerationRequest {
  fileName: string | null;
  /** A code refactor's submitted code, which its answer's diff compares against. */
  refactorSource?: RefactorSource | null;
  /** The chat's title as the server makes it (toolRequestTitle): names the downloaded answer. */
  title: string;
}

/**
 * A settled run: its answer, the saved chat (null when it could not be saved), the job match report and
 * what was read of its document (null without one).
 */
export interface GenerationResult {
  text: string;
  historyId: string | null;
  matchReport: JobMatchReport | null;
  coverage: DocumentCoverage | null;
  /** What the answer carries beside its text (a resume's check, an e-mail's headers), or null. */
  details: AnswerDetails | null;
  /** Several drafts asked for at once (the e-mail helper's `variants`): each, the first the answer's. */
  drafts: AnswerDraft[];
  request: GenerationRequest;
}

/** One draft of an answer: its message in the saved chat (a version of the answer), text and details. */
export interface AnswerDraft {
  messageId: string;
  text: string;
  details: AnswerDetails | null;
}

export type GenerationAction =
  | { type: 'start'; request: GenerationRequest }
  /** The server's `start` event: the stream is open (any document was read). */
  | { type: 'streamStarted' }
  | { type: 'progress'; progress: GenerationProgress }
  | { type: 'delta'; text: string }
  | { type: 'stopRequested' }
  /** The final result; `stopped` when the server ended it early because the user pressed Stop. */
  | {
      type: 'done';
      text: string;
      historyId: string | null;
      stopped: boolean;
      matchReport?: JobMatchReport | null;
      coverage?: DocumentCoverage | null;
      details?: AnswerDetails | null;
      drafts?: AnswerDraft[];
    }
  /** Stopped on this side only (the server could not be asked): keep what arrived. */
  | { type: 'stopped'; historyId: string | null }
  | { type: 'fail'; error: ToolError }
  | { type: 'reset' };

export const initialGenerationState: GenerationState = { status: 'idle' };

export function generationReducer(state: GenerationState, action: GenerationAction): GenerationState {
  switch (action.type) {
    case 'start':
      return {
        status: 'pending',
        text: '',
        stopping: false,
        request: action.request,
        streamStarted: false,
        progress: null,
      };
    case 'streamStarted':
      return state.status === 'pending' ? { ...state, streamStarted: true } : state;
    case 'progress':
      return state.status === 'pending'
        ? { ...state, streamStarted: true, progress: action.progress }
        : state;
    case 'delta':
      return state.status === 'pending'
        ? { ...state, streamStarted: true, text: state.text + action.text }
        : state;
    case 'stopRequested':
      return state.status === 'pending' ? { ...state, stopping: true } : state;
    case 'done':
      // The final result is authoritative: it replaces whatever the deltas assembled (for a long
      // document Stopped during its parts, it is the summary of the parts read so far).
      if (state.status !== 'pending') return state;
      return {
        status: action.stopped ? 'stopped' : 'success',
        text: action.text,
        historyId: action.historyId,
        matchReport: action.matchReport ?? null,
        coverage: action.coverage ?? null,
        details: action.details ?? null,
        drafts: action.drafts ?? [],
        request: state.request,
      };
    case 'stopped':
      return state.status === 'pending'
        ? {
            status: 'stopped',
            text: state.text,
            historyId: action.historyId,
            matchReport: null,
            coverage: null,
            details: null,
            drafts: [],
            request: state.request,
          }
        : state;
    case 'fail':
      return state.status === 'pending' ? { status: 'failed', error: action.error } : state;
    case 'reset':
      return initialGenerationState;
  }
}

export function isBusy(state: GenerationState): boolean {
  return state.status === 'pending';
}

/** True once the output has taken the form's place (docs/product.md §4: success hides the inputs). */
export function showsOutput(state: GenerationState): boolean {
  return state.status === 'success' || state.status === 'stopped';
}

/**
 * The document being read before the stream starts (the server reads a file before it answers), for
 * the "Reading <name>…" line; null once the stream is open or without a document.
 */
export function readingFileName(state: GenerationState): string | null {
  return state.status === 'pending' && !state.streamStarted ? state.request.fileName : null;
}
