import { isApiErrorBody } from '../../shared/api-error.ts';
import { tokenStore } from './token-store.ts';

/** A failed API call: the HTTP status plus the `{error: {code, message}}` the server sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Screens where a 401/403 must not bounce the browser: the sign-in flow itself handles them. */
const AUTH_SCREENS = ['/signin', '/signup'];

let unauthorizedInFlight = false;

/**
 * Spec §6: any 401/403 drops the token and sends the browser to /signin. The cookie session is ended
 * too, so the sign-in screen does not silently mint a new token for the same session.
 */
export async function handleUnauthorized() {
  tokenStore.clear();
  if (typeof window === 'undefined' || unauthorizedInFlight) return;
  if (AUTH_SCREENS.includes(window.location.pathname)) return;
  unauthorizedInFlight = true;
  const signOut = fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
  await Promise.race([signOut, new Promise((resolve) => setTimeout(resolve, 2000))]);
  window.location.assign('/signin');
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  /** Attach the bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls `/api<path>` and returns status and parsed JSON; throws ApiError for any non-2xx reply. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, auth = true, signal } = options;
  const headers = new Headers({ accept: 'application/json' });
  if (auth) await tokenStore.ensureFresh();
  const token = auth ? tokenStore.get() : null;
  if (token) headers.set('authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }

  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: payload,
    credentials: 'include',
    signal,
  });
  const data = await readBody(response);
  if (response.ok) return { status: response.status, data: data as T };

  if (response.status === 401 || response.status === 403) void handleUnauthorized();
  if (isApiErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message);
  throw new ApiError(
    response.status,
    'unknown',
    response.statusText || `Request failed (${response.status})`,
  );
}

export async function apiGet<T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) {
  return (await apiRequest<T>(path, options)).data;
}
