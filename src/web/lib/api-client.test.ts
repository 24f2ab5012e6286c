import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let storage: ReturnType<typeof memoryStorage>;
let assign: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

function setUp(pathname: string) {
  storage = memoryStorage({ 'access-token': 'a.b.c' });
  assign = vi.fn();
  fetchMock = vi.fn();
  vi.stubGlobal('window', { localStorage: storage, location: { pathname, assign } });
  vi.stubGlobal('fetch', fetchMock);
}

// A fresh module per test: the client remembers that a redirect is already under way.
const load = () => import('./api-client.ts');

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends the bearer token and a JSON body under /api', async () => {
    setUp('/');
    fetchMock.mockResolvedValue(json(201, { user: { uid: 'u1' } }));
    const { apiRequest } = await load();
    const result = await apiRequest('/users', { method: 'POST', body: { username: 'ada' } });
    expect(result).toEqual({ status: 201, data: { user: { uid: 'u1' } } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users');
    expect(init.headers.get('authorization')).toBe('Bearer a.b.c');
    expect(init.headers.get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"username":"ada"}');
  });

  it('leaves the token off when auth is false and sends FormData untouched', async () => {
    setUp('/');
    fetchMock.mockResolvedValue(json(200, {}));
    const { apiRequest } = await load();
    const form = new FormData();
    form.append('photo', new Blob(['x']), 'x.png');
    await apiRequest('/jwt', { method: 'PUT', body: form, auth: false });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers.get('authorization')).toBeNull();
    expect(init.headers.get('content-type')).toBeNull();
    expect(init.body).toBe(form);
  });

  it('turns the error shape into a typed ApiError', async () => {
    setUp('/');
    fetchMock.mockResolvedValue(
      json(429, { error: { code: 'rate_limited:auth', message: 'Try again in 30 s' } }),
    );
    const { apiRequest, ApiError } = await load();
    const error = await apiRequest('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited:auth', message: 'Try again in 30 s' });
    expect(storage.map.has('access-token')).toBe(true);
  });

  it('falls back to the status text for a body without the error shape', async () => {
    setUp('/');
    fetchMock.mockResolvedValue(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    const { apiRequest } = await load();
    await expect(apiRequest('/users')).rejects.toMatchObject({
      status: 502,
      code: 'unknown',
      message: 'Bad Gateway',
    });
  });

  it.each([401, 403])('a %i drops the token, ends the session and goes to /signin', async (status) => {
    setUp('/services/code-explainer');
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/sign-out' ? json(200, {}) : json(status, { error: { code: 'x', message: 'no' } }),
    );
    const { apiRequest } = await load();
    await expect(apiRequest('/users/u1')).rejects.toMatchObject({ status });
    expect(storage.map.has('access-token')).toBe(false);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/signin'));
    expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/auth/sign-out');
  });

  it('a 403 for an unverified address keeps the session and the token', async () => {
    setUp('/services/code-explainer');
    const error = {
      code: 'forbidden:email_unverified',
      message: 'Verify your e-mail address to use the tools.',
    };
    fetchMock.mockResolvedValue(json(403, { error }));
    const { apiRequest } = await load();
    await expect(apiRequest('/explain-code', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
      ...error,
    });
    expect(storage.map.get('access-token')).toBe('a.b.c');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(assign).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('on the sign-in screen a 401 only drops the token', async () => {
    setUp('/signin');
    fetchMock.mockResolvedValue(json(401, { error: { code: 'unauthorized:session', message: 'no' } }));
    const { apiRequest } = await load();
    await expect(apiRequest('/jwt', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(storage.map.has('access-token')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(assign).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('apiFetch', () => {
  it('is the core streamed calls share: their accept header, the bearer, the 2xx reply unread', async () => {
    setUp('/');
    fetchMock.mockResolvedValue(
      new Response('event: done\ndata: {}\n\n', { headers: { 'content-type': 'text/event-stream' } }),
    );
    const { apiFetch } = await load();
    const response = await apiFetch('/api/explain-code', {
      method: 'POST',
      body: { code: 'x' },
      accept: 'text/event-stream',
    });
    expect(await response.text()).toBe('event: done\ndata: {}\n\n');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/explain-code');
    expect(init.headers.get('accept')).toBe('text/event-stream');
    expect(init.headers.get('authorization')).toBe('Bearer a.b.c');
  });
});

describe('network time-out (docs/product.md §9)', () => {
  afterEach(() => vi.useRealTimers());

  /** A fetch that answers only when its signal aborts (the way a dead network behaves). */
  const hanging = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (init.signal?.aborted) abort();
      init.signal?.addEventListener('abort', abort);
    });

  it('gives a call up after 30 s with a clear message, 60 s on a narrow screen', async () => {
    for (const [narrow, seconds] of [
      [false, 30],
      [true, 60],
    ] as const) {
      vi.resetModules();
      setUp('/');
      vi.stubGlobal('window', {
        localStorage: storage,
        location: { pathname: '/', assign },
        matchMedia: () => ({ matches: narrow }),
      });
      vi.useFakeTimers();
      fetchMock.mockImplementation(hanging);
      const { apiRequest } = await load();
      const call = apiRequest('/users/u1');
      const outcome = expect(call).rejects.toMatchObject({
        code: 'timeout:network',
        message: `The server did not answer within ${seconds} seconds. Check your connection and try again.`,
      });
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      vi.useRealTimers();
    }
  });

  it('does not cut a stream once it has begun, nor an upload, and keeps the caller’s own abort', async () => {
    setUp('/');
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(new Response('event: done\ndata: {}\n\n'));
    const { apiFetch, apiRequest } = await load();
    const response = await apiFetch('/api/explain-code', {
      method: 'POST',
      body: {},
      accept: 'text/event-stream',
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await response.text()).toBe('event: done\ndata: {}\n\n');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.signal.aborted).toBe(false);

    fetchMock.mockImplementation(hanging);
    const form = new FormData();
    const upload = apiRequest('/users/u1/photo', { method: 'PUT', body: form });
    let settled = false;
    upload
      .catch(() => undefined)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(settled).toBe(false);

    const mine = new AbortController();
    const stopped = apiRequest('/users/u1', { signal: mine.signal });
    mine.abort();
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
  });
});
