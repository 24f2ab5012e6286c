import { ApiError, NO_ERROR_BODY } from '#web/lib/api-client.ts';
import type { ToolError } from './generation-state.ts';

/** The server reported a failure inside the event stream (`event: error`). */
export class ToolStreamError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'ToolStreamError';
    this.code = code;
  }
}

/** The server's refusal when the user's plan has no generations left this month (402). */
const PLAN_USED_UP = 'payment_required:quota';

/**
 * docs/product.md §8: a non-2xx reply → 'Failed to fetch results'; a thrown error → 'An error occurred: ' plus
 * its message; anything else → 'Unknown error'. The server's message for a non-2xx (e.g. "AI model is
 * downloading (40 %)") is kept as a second line so the user learns what to do; a reply without the
 * API's error body (e.g. a proxy's 502) has none. A plan with no generations left also offers Upgrade.
 */
export function toToolError(error: unknown): ToolError {
  if (error instanceof ApiError && error.code === PLAN_USED_UP) {
    return { message: 'Failed to fetch results', detail: error.message, upgrade: true };
  }
  if (error instanceof ApiError) {
    return error.code !== NO_ERROR_BODY && error.message
      ? { message: 'Failed to fetch results', detail: error.message }
      : { message: 'Failed to fetch results' };
  }
  if (error instanceof Error && error.message) return { message: `An error occurred: ${error.message}` };
  return { message: 'Unknown error' };
}
