/**
 * The tool form's life cycle (spec §4): idle → pending (streaming text as it arrives) → success
 * (output shown, inputs hidden) | failed (banner shown, inputs kept) | stopped (the user pressed
 * Stop: what arrived so far is kept and shown as a stopped result).
 */
export type GenerationState =
  | { status: 'idle' }
  | { status: 'pending'; text: string }
  | { status: 'success'; text: string; historyId: string | null }
  | { status: 'stopped'; text: string; historyId: string | null }
  | { status: 'failed'; error: ToolError };

/** What the red banner says: the spec §8 line, plus the server's own explanation when it sent one. */
export interface ToolError {
  message: string;
  detail?: string;
}

export type GenerationAction =
  | { type: 'start' }
  | { type: 'delta'; text: string }
  | { type: 'done'; text: string; historyId: string | null }
  | { type: 'stopped'; historyId: string | null }
  | { type: 'fail'; error: ToolError }
  | { type: 'reset' };

export const initialGenerationState: GenerationState = { status: 'idle' };

export function generationReducer(state: GenerationState, action: GenerationAction): GenerationState {
  switch (action.type) {
    case 'start':
      return { status: 'pending', text: '' };
    case 'delta':
      return state.status === 'pending' ? { status: 'pending', text: state.text + action.text } : state;
    case 'done':
      // The final result is authoritative: it replaces whatever the deltas assembled.
      return state.status === 'pending'
        ? { status: 'success', text: action.text, historyId: action.historyId }
        : state;
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

/** True once the output has taken the form's place (spec §4: success hides the inputs). */
export function showsOutput(state: GenerationState): boolean {
  return state.status === 'success' || state.status === 'stopped';
}
