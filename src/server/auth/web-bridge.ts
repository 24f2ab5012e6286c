import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';

/**
 * Fastify ⇄ Fetch API for better-auth's handler. Bodies arrive parsed (JSON or form-encoded) and are
 * forwarded as JSON; every Set-Cookie header of the answer is passed through, and better-auth's error
 * bodies (`{code, message}`) are rewritten to the API's `{error: {code, message}}` shape.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'content-type',
  'expect',
]);
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection']);

/** The request's headers as Fetch API Headers; values a Headers object refuses (not Latin-1) are dropped. */
export function toWebHeaders(request: FastifyRequest, dropped: ReadonlySet<string> = new Set()): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || dropped.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(name, v);
      } catch {
        request.log.debug({ header: name }, 'dropped a header that is not valid Latin-1');
      }
    }
  }
  return headers;
}

/** `url` is the resolved address better-auth routes on (auth-endpoint.ts), not the raw spelling. */
export function toWebRequest(request: FastifyRequest, url: URL): Request {
  const headers = toWebHeaders(request, DROPPED_REQUEST_HEADERS);
  // better-auth reads the client address from this header; never trust the caller's copy.
  headers.set('x-forwarded-for', request.ip);

  let body: string | undefined;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody && request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object') {
      throw new AppError('unsupported_media_type:auth', 'Send the request body as JSON or as a form.');
    }
    body = JSON.stringify(request.body);
    headers.set('content-type', 'application/json');
  }
  return new Request(url, { method: request.method, headers, body });
}

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'bad_request',
  429: 'rate_limit',
};

function toErrorBody(status: number, raw: string): { error: { code: string; message: string } } {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(raw) ?? {};
  } catch {}
  const type = TYPE_BY_STATUS[status] ?? 'bad_request';
  const detail = typeof parsed.code === 'string' && parsed.code ? parsed.code.toLowerCase() : 'auth';
  const message =
    typeof parsed.message === 'string' && parsed.message ? parsed.message : 'The request was refused.';
  return { error: { code: `${type}:${detail}`, message } };
}

export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  if (response.status >= 500) {
    const detail = await response.text().catch(() => '');
    throw new AppError('internal:auth', undefined, {
      cause: new Error(`better-auth ${response.status}: ${detail}`),
    });
  }
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (response.status >= 400 && (isJson || text === '')) {
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send(toErrorBody(response.status, text));
  }
  return reply.send(text === '' ? null : text);
}
