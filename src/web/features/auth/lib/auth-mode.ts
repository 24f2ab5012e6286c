export type AuthMode = 'signin' | 'signup';

/** docs/product.md §2: a path containing "signup" selects sign-up, anything else sign-in. */
export function authModeFromPath(pathname: string): AuthMode {
  return pathname.includes('signup') ? 'signup' : 'signin';
}

/** A same-site path to return to; anything else (or nothing) falls back to the home page. */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'object' || from === null) return '/';
  const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return '/';
  if (pathname === '/signin' || pathname === '/signup') return '/';
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
