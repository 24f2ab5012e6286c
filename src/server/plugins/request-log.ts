import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The request id's header: taken from a proxy when safe, and returned on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The route label of a request no route matched: the not-found handlers (404s, the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Status of a request whose client left before its answer began (nginx's "client closed request"). */
const CLIENT_CLOSED = 499;

/** Query parameters whose values are never logged (links' tokens, OAuth codes and states, keys). */
const SECRET_PARAM = /token|key|secret|pass|code|state|sig|session|auth|jwt|ticket|otp|nonce/i;
const MAX_LOGGED_URL = 1000;
/** The `msg` of every request line (the terminal's log leaves these lines to the log file). */
export const REQUEST_LOG_MESSAGE = 'request';
/** Log levels that leave the request lines out (nothing to build for them). */
const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/** Fastify's genReqId: the caller's (a proxy's) `x-request-id` when short and safe, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The URL as logged: the path, and the query with the values of secret-looking parameters masked. */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  const cut = (text: string) => (text.length > MAX_LOGGED_URL ? `${text.slice(0, MAX_LOGGED_URL)}…` : text);
  if (mark < 0) return cut(url);
  const params = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_PARAM.test(decodedName(name)) ? `${name}=[redacted]` : pair;
    });
  return cut(`${url.slice(0, mark)}?${params.join('&')}`);
}

function decodedName(name: string): string {
  if (!name.includes('%')) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return 'undecodable: treated as a secret';
  }
}

const kReply = Symbol('reply');

type RawReply = ServerResponse & { [kReply]?: FastifyReply };

/**
 * The connection closed: before the answer ended, the client left (no onResponse comes), whether the
 * handler was still working or a stream was under way. One function for every request (no closure).
 */
function onConnectionClosed(this: RawReply): void {
  const reply = this[kReply];
  if (reply && !this.writableEnded) completeRequest(reply.request, reply, true);
}

/**
 * One JSON line per request at `info` (Fastify's own two lines are off: disableRequestLogging), written
 * when the answer has gone out, or when the client left before: method, URL (secrets in the query
 * masked), route pattern, status, duration, the caller's id when known, size, and the error code and
 * message it was answered with. The line carries `reqId`, which every answer returns as `x-request-id`.
 * The same moment feeds the request metrics (app.metrics). Headers and bodies are never logged here.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      const raw: RawReply = reply.raw;
      raw[kReply] = reply;
      raw.on('close', onConnectionClosed);
    });
    app.addHook('onResponse', async (request, reply) => completeRequest(request, reply));
  },
  { name: 'request-log', dependencies: ['metrics'] },
);

/** The request's log line and metrics; the router's own refusals (errors.ts) call it themselves. */
export function completeRequest(request: FastifyRequest, reply: FastifyReply, aborted = false): void {
  const status = aborted && !reply.raw.headersSent ? CLIENT_CLOSED : reply.statusCode;
  const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
  const ms = reply.elapsedTime;
  request.server.metrics.observeRequest(request.method, route, status, ms / 1000, request.appError?.code);
  if (ABOVE_INFO.has(request.log.level)) return;
  const error = request.appError;
  const userId = (request.user as { sub?: string } | undefined)?.sub;
  const length = reply.getHeader('content-length');
  request.log.info(
    {
      method: request.method,
      url: loggedUrl(request.url),
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      ip: request.ip,
      ...(userId ? { userId } : {}),
      ...(length !== undefined ? { bytes: Number(length) } : {}),
      ...(aborted ? { aborted } : {}),
      ...(error ? { error: { code: error.code, message: error.message } } : {}),
    },
    REQUEST_LOG_MESSAGE,
  );
}
