import { type Agent, request } from 'node:http';
import { createSseParser } from '#shared/sse-parser';
import { UPSTREAM_HEADER } from './nginx.ts';

/**
 * How a call ended, as the load and fault suite counts it: `ok`; a clear failure the client can act on
 * (`error-response`: an error in the API's shape, `error-event`: an SSE `error` event, `closed`: the
 * connection or stream ended early, which a client retries); or an unclear one (`unclear`: an answer
 * without the error shape, `timeout`: no end within the time allowed).
 */
export type Outcome = 'ok' | 'error-response' | 'error-event' | 'closed' | 'unclear' | 'timeout';

export const CLEAR_FAILURES: readonly Outcome[] = ['error-response', 'error-event', 'closed'];

export interface CallResult {
  outcome: Outcome;
  status: number;
  /** The instance that answered (the suite's proxy names it), when known. */
  upstream: string | null;
  /** The API error's code, when there was one. */
  code: string | null;
  ms: number;
}

export interface StreamResult extends CallResult {
  /** The generation's id (also its chat's), from the `start` event. */
  generationId: string | null;
  /** The text of every `delta` event, in order. */
  text: string;
  /** From the `done` event. */
  historyId: string | null;
  doneStatus: string | null;
}

export interface StreamHead {
  status: number;
  upstream: string | null;
  /** The X-Generation-Id header of a 200 answer. */
  generationId: string | null;
}

export interface StreamCall {
  /** Resolves when the response's head arrived (status 0: none came). */
  response: Promise<StreamHead>;
  /** Resolves when the first `delta` arrived (rejects if the stream ended before one). */
  firstDelta: Promise<void>;
  result: Promise<StreamResult>;
}

interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  agent?: Agent | false;
  timeoutMs?: number;
}

/** A streamed tool call (`Accept: text/event-stream`), read to its end. */
export function streamTool(
  base: string,
  path: string,
  input: unknown,
  options: CallOptions = {},
): StreamCall {
  let markFirstDelta: () => void = () => {};
  let failFirstDelta: (err: Error) => void = () => {};
  const firstDelta = new Promise<void>((resolve, reject) => {
    markFirstDelta = resolve;
    failFirstDelta = reject;
  });
  firstDelta.catch(() => {});
  let markResponse: (head: StreamHead) => void = () => {};
  const response = new Promise<StreamHead>((resolve) => {
    markResponse = resolve;
  });
  const result = new Promise<StreamResult>((resolve) => {
    const started = performance.now();
    const r: StreamResult = {
      outcome: 'closed',
      status: 0,
      upstream: null,
      code: null,
      ms: 0,
      generationId: null,
      text: '',
      historyId: null,
      doneStatus: null,
    };
    let settled = false;
    const settle = (outcome?: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome) r.outcome = outcome;
      r.ms = performance.now() - started;
      failFirstDelta(new Error(`the stream ended (${r.outcome}) before its first delta`));
      markResponse({ status: r.status, upstream: r.upstream, generationId: r.generationId });
      resolve(r);
    };
    const body = JSON.stringify(input);
    const req = request(`${base}${path}`, {
      method: 'POST',
      agent: options.agent,
      headers: {
        ...authorization(options.token),
        ...options.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        accept: 'text/event-stream',
      },
    });
    const timer = setTimeout(() => {
      settle('timeout');
      req.destroy();
    }, options.timeoutMs ?? 60_000);
    req.on('error', () => settle('closed'));
    req.on('response', (res) => {
      r.status = res.statusCode ?? 0;
      r.upstream = headerText(res.headers[UPSTREAM_HEADER]);
      r.generationId = headerText(res.headers['x-generation-id']);
      markResponse({ status: r.status, upstream: r.upstream, generationId: r.generationId });
      res.setEncoding('utf8');
      if (r.status !== 200) {
        let text = '';
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          r.code = errorCode(text);
          settle(r.code ? 'error-response' : 'unclear');
        });
        res.on('error', () => settle('closed'));
        return;
      }
      const parser = createSseParser();
      let ended: Outcome | null = null;
      res.on('data', (chunk: string) => {
        for (const { event, data } of parser.feed(chunk)) {
          const value = JSON.parse(data);
          if (event === 'start') r.generationId = value.generationId;
          else if (event === 'delta') {
            r.text += value.text;
            markFirstDelta();
          } else if (event === 'done') {
            r.historyId = value.historyId;
            r.doneStatus = value.status;
            ended = 'ok';
          } else if (event === 'error') {
            r.code = value.code;
            ended = 'error-event';
          }
        }
      });
      // An aborted response ('aborted', then 'close' without 'end') is a closed stream too.
      res.on('end', () => settle(ended ?? 'closed'));
      res.on('close', () => settle(ended ?? 'closed'));
      res.on('error', () => settle(ended ?? 'closed'));
    });
    req.end(body);
  });
  return { response, firstDelta, result };
}

export interface JsonResult extends CallResult {
  // biome-ignore lint/suspicious/noExplicitAny: the callers read the fields they asked for
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/** One JSON call; a 2xx is `ok`, an answer in the API's error shape `error-response`, else `unclear`. */
export function callJson(
  base: string,
  method: string,
  path: string,
  options: CallOptions & { body?: unknown } = {},
): Promise<JsonResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    let settled = false;
    const settle = (r: Omit<JsonResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: performance.now() - started });
    };
    const failed = (outcome: Outcome): Omit<JsonResult, 'ms'> => ({
      outcome,
      status: 0,
      upstream: null,
      code: null,
      body: null,
      headers: {},
    });
    const req = request(`${base}${path}`, {
      method,
      agent: options.agent,
      headers: {
        ...authorization(options.token),
        ...options.headers,
        ...(payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      },
    });
    const timer = setTimeout(() => {
      settle(failed('timeout'));
      req.destroy();
    }, options.timeoutMs ?? 30_000);
    req.on('error', () => settle(failed('closed')));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('error', () => settle(failed('closed')));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const code = status >= 400 ? errorCode(text) : null;
        let body: unknown = null;
        try {
          body = text === '' ? null : JSON.parse(text);
        } catch {
          body = text;
        }
        settle({
          outcome: status < 400 ? 'ok' : code ? 'error-response' : 'unclear',
          status,
          upstream: headerText(res.headers[UPSTREAM_HEADER]),
          code,
          body,
          headers: res.headers,
        });
      });
    });
    req.end(payload);
  });
}

/** The `code` of a body in the API's error shape `{error: {code, message}}`, else null. */
export function errorCode(text: string): string | null {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof error?.code === 'string' && typeof error.message === 'string' ? error.code : null;
  } catch {
    return null;
  }
}

function authorization(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

function headerText(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export interface Account {
  uid: string;
  email: string;
  password: string;
  /** The session cookie of the sign-up. */
  cookie: string;
  /** A bearer token (POST /api/jwt). */
  token: string;
}

/** Signs up a new account through `base` (its own page as Origin) and trades the session for a token. */
export async function signUpAccount(base: string, options: { agent?: Agent | false } = {}): Promise<Account> {
  const id = crypto.randomUUID().slice(0, 8);
  const email = `scale-${id}@example.test`;
  const password = 'Secret#123';
  const signUp = await callJson(base, 'POST', '/api/auth/sign-up/email', {
    ...options,
    headers: { origin: base },
    body: { name: `scale-${id}`, email, password },
  });
  if (signUp.outcome !== 'ok')
    throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const cookie = cookieHeader(signUp.headers['set-cookie']);
  const jwt = await callJson(base, 'POST', '/api/jwt', {
    ...options,
    headers: { origin: base, cookie },
    body: { email },
  });
  if (jwt.outcome !== 'ok') throw new Error(`token failed: ${jwt.status} ${JSON.stringify(jwt.body)}`);
  return { uid: signUp.body.user.id, email, password, cookie, token: jwt.body.token };
}

/** `name=value` pairs of Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair !== '' && !pair.endsWith('='))
    .join('; ');
}
