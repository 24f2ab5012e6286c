/**
 * The tool form's life cycle (docs/product.md §4): idle → pending (streaming text as it arrives) → success
 * (output shown, inputs hidden) | failed (banner shown, inputs kept) | stopped (the user pressed
 * Stop: what arrived so far is kept and shown as a stopped result).
 */
export type GenerationState =
  | { status: 'idle' }
  | { status: 'pending'; text: string; stopping: boolean }
  | { status: 'success'; text: string; historyId: string | null }
  | { status: 'stopped'; text: string; historyId: string | null }
  | { status: 'failed'; error: ToolError };

/** What the red banner says: the docs/product.md §8 line, plus the server's own explanation when it sent one. */
export interface ToolError {
  message: string;
  detail?: string;
}

export type GenerationAction =
  | { type: 'start' }
  | { type: 'delta'; text: string }
  | { type: 'stopRequested' }
  /** The final result; `stopped` when the server ended it early because the user pressed Stop. */
  | { type: 'done'; text: string; historyId: string | null; stopped: boolean }
  /** Stopped on this side only (the server could not be asked): keep what arrived. */
  | { type: 'stopped'; historyId: string | null }
  | { type: 'fail'; error: ToolError }
  | { type: 'reset' };

export const initialGenerationState: GenerationState = { status: 'idle' };

export function generationReducer(state: GenerationState, action: GenerationAction): GenerationState {
  switch (action.type) {
    case 'start':
      return { status: 'pending', text: '', stopping: false };
    case 'delta':
      return state.status === 'pending' ? { ...state, text: state.text + action.text } : state;
    case 'stopRequested':
      return state.status === 'pending' ? { ...state, stopping: true } : state;
    case 'done':
      // The final result is authoritative: it replaces whatever the deltas assembled.
      if (state.status !== 'pending') return state;
      return {
        status: action.stopped ? 'stopped' : 'success',
        text: action.text,
        historyId: action.historyId,
      };
    case 'stopped':
      return state.status === 'pending'
        ? { status: 'stopped', text: state.text, historyId: action.historyId }
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
