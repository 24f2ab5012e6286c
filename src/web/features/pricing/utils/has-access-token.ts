/**
 * Whether the browser holds an access token (spec §4 stores it under 'access-token').
 * Stand-in until the app shell's auth state exists; features may not import each other.
 */
export function hasAccessToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem('access-token'));
  } catch {
    return false;
  }
}
