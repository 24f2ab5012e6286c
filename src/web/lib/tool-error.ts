import { ApiError, NO_ERROR_BODY } from './api-client.ts';

/** What the red banner says: the docs/product.md §8 line, plus the server's own explanation when it sent one. */
export interface ToolError {
  message: string;
  detail?: string;
  /**
   * The plan has no generations left: the banner says where more come from (components/more-generations.tsx:
   * Upgrade when the server sells plans online, else the administrator).
   */
  upgrade?: true;
  /** No AI model can be had (503 `unavailable:model_missing`): the model's banner says it, once. */
  modelMissing?: true;
}

/** The server's refusal when the user's plan has no generations left this month (402). */
const PLAN_USED_UP = 'payment_required:quota';
/** The server's refusal when no AI model can be had (503): the same as the model's failed state. */
const MODEL_MISSING = 'unavailable:model_missing';

/**
 * docs/product.md §8: a non-2xx reply → 'Failed to fetch results'; a thrown error → 'An error occurred: ' plus
 * its message; anything else → 'Unknown error'. The server's message for a non-2xx (e.g. "AI model is
 * downloading (40 %)") is kept as a second line so the user learns what to do; a reply without the
 * API's error body (e.g. a proxy's 502) has none. A plan with no generations left also offers more; a
 * missing model is marked, for the model's banner to say it instead of a second banner.
 */
export function toToolError(error: unknown): ToolError {
  if (error instanceof ApiError && error.code === PLAN_USED_UP) {
    return { message: 'Failed to fetch results', detail: error.message, upgrade: true };
  }
  if (error instanceof ApiError && error.code === MODEL_MISSING) {
    return { message: 'Failed to fetch results', detail: error.message, modelMissing: true };
  }
  if (error instanceof ApiError) {
    return error.code !== NO_ERROR_BODY && error.message
      ? { message: 'Failed to fetch results', detail: error.message }
      : { message: 'Failed to fetch results' };
  }
  if (error instanceof Error && error.message) return { message: `An error occurred: ${error.message}` };
  return { message: 'Unknown error' };
}
