/** Marks, across the OAuth round trip, that a social sign-in was started from this tab. */
const SOCIAL_PENDING_KEY = 'social-sign-in-pending';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const socialPending = {
  mark: () => storage()?.setItem(SOCIAL_PENDING_KEY, '1'),
  isSet: () => storage()?.getItem(SOCIAL_PENDING_KEY) === '1',
  clear: () => storage()?.removeItem(SOCIAL_PENDING_KEY),
};
