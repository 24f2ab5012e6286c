import { isApiErrorBody } from '#shared/api-error';
import { tokenStore } from './token-store.ts';

/** The code of an ApiError whose reply did not carry the API's `{error: {code, message}}` body. */
export const NO_ERROR_BODY = 'unknown';

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

/**
 * 403s that are about the call, not the session: the signed-in user stays signed in and reads the
 * message (the tools' answer to an unverified address while REQUIRE_EMAIL_VERIFICATION is on; a team's
 * usage asked for by someone who is no longer its owner or admin).
 */
export const KEEPS_SESSION = new Set(['forbidden:email_unverified', 'forbidden:organization']);

let unauthorizedInFlight = false;

/**
 * docs/product.md §6: any 401/403 drops the token and sends the browser to /signin. The cookie session is ended
 * too, so the sign-in screen does not silently mint a new token for the same session.
 */
async function handleUnauthorized() {
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

export interface ApiFetchInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  /** What the reply should be (default JSON; the tools ask for `text/event-stream`). */
  accept?: string;
  /** Attach the bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /**
   * How long to wait for the server's answer to begin (not for a stream to end): networkTimeoutMs() by
   * default, none for uploads (FormData bodies), whose sending time depends on the file.
   */
  timeoutMs?: number | null;
}

/** docs/product.md §9: a network call is given up after 30 s, 60 s on a narrow (mobile) screen. */
export const NETWORK_TIMEOUT_MS = 30_000;
export const NETWORK_TIMEOUT_NARROW_MS = 60_000;

export function networkTimeoutMs(): number {
  const narrow =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(max-width: 767px)').matches;
  return narrow ? NETWORK_TIMEOUT_NARROW_MS : NETWORK_TIMEOUT_MS;
}

/** The ApiError of a call the server did not begin to answer in time. */
export function networkTimeoutError(ms: number): ApiError {
  return new ApiError(
    0,
    'timeout:network',
    `The server did not answer within ${Math.round(ms / 1000)} seconds. Check your connection and try again.`,
  );
}

/**
 * fetch with a deadline for the answer to begin: the timer stops once the headers are in, so a long
 * stream (a generation) is never cut. The caller's own signal still aborts it as before.
 */
async function fetchWithDeadline(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number | null,
): Promise<Response> {
  if (timeoutMs === null) return fetchImpl(url, init);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
  try {
    return await fetchImpl(url, { ...init, signal });
  } catch (error) {
    if (deadline.signal.aborted && !init.signal?.aborted) throw networkTimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
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

async function toApiError(response: Response): Promise<ApiError> {
  // An unreadable error body still gives an ApiError with the status.
  const data = await readBody(response).catch(() => null);
  if (isApiErrorBody(data)) return new ApiError(response.status, data.error.code, data.error.message);
  const message = response.statusText || `Request failed (${response.status})`;
  return new ApiError(response.status, NO_ERROR_BODY, message);
}

/**
 * The one request core, for JSON and streamed calls alike: renews a stale token first (the timer may
 * have run late, e.g. after the computer slept), sends the bearer token, and returns the 2xx Response
 * unread. Any other reply throws ApiError; a 401/403 also drops the token, ends the session and goes
 * to /signin.
 */
export async function apiFetch(path: `/api/${string}`, init: ApiFetchInit = {}): Promise<Response> {
  const { method = 'GET', body, accept = 'application/json', auth = true, signal } = init;
  const fetchImpl = init.fetchImpl ?? fetch;
  const headers = new Headers({ accept });
  if (auth) await tokenStore.ensureFresh();
  const token = auth ? tokenStore.get() : null;
  if (token) headers.set('authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }

  const timeoutMs =
    init.timeoutMs !== undefined ? init.timeoutMs : body instanceof FormData ? null : networkTimeoutMs();
  const response = await fetchWithDeadline(
    fetchImpl,
    path,
    { method, headers, body: payload, credentials: 'include', signal },
    timeoutMs,
  );
  if (response.ok) return response;
  const error = await toApiError(response);
  if ((response.status === 401 || response.status === 403) && !KEEPS_SESSION.has(error.code)) {
    void handleUnauthorized();
  }
  throw error;
}

export type ApiRequestOptions = Omit<ApiFetchInit, 'accept' | 'fetchImpl'>;

export interface ApiResponse<T> {
  status: number;
  data: T;
}

/** Calls `/api<path>` and returns status and parsed JSON; throws ApiError for any non-2xx reply. */
export async function apiRequest<T>(
  path: `/${string}`,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const response = await apiFetch(`/api${path}`, options);
  return { status: response.status, data: (await readBody(response)) as T };
}

export async function apiGet<T>(
  path: `/${string}`,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
) {
  return (await apiRequest<T>(path, options)).data;
}
