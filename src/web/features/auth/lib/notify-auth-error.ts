import { ORIGIN_REFUSED, readableAuthError } from '#web/features/auth/api/auth-flow-error.ts';
import { notify } from '#web/lib/notify.ts';

/** Toasts a reply the user should read as it is (readableAuthError); false when the error has none. */
export function notifyReadableAuthError(error: unknown): boolean {
  const message = readableAuthError(error);
  if (!message) return false;
  // Every auth call from a refused address fails alike: one toast for them, not a stack.
  const refused = (error as { code?: unknown }).code === ORIGIN_REFUSED;
  notify.error(message, refused ? { id: ORIGIN_REFUSED } : undefined);
  return true;
}
