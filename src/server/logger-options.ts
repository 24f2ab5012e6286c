import type { FastifyServerOptions } from 'fastify';
import type { LevelWithSilent } from 'pino';

const CREDENTIALS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'apiKey',
  'secret',
  'clientSecret',
];

/**
 * Never written to the log, whoever logs an object holding them: credentials in headers (a request's
 * or a response's), in a body or one level inside any object, and what an AI provider's error carries
 * (the request with the prompt, the answer's body). Request lines (plugins/request-log.ts) hold no
 * headers or bodies at all; this is the net under every other log call.
 */
export const REDACTED_PATHS: readonly string[] = [
  ...['req.headers', 'res.headers', 'headers'].flatMap((at) => [
    `${at}.authorization`,
    `${at}.cookie`,
    `${at}["set-cookie"]`,
    `${at}["x-api-key"]`,
  ]),
  ...CREDENTIALS.flatMap((key) => [key, `*.${key}`]),
  ...['requestBodyValues', 'responseBody', 'prompt'].map((key) => `err.${key}`),
];

/**
 * What a database error may carry of the data it was given, never logged: the query's parameters
 * (Drizzle's and PGlite's `params`, also written into Drizzle's message), a duplicate key's value
 * (`detail`), a function's arguments (`where`). The SQL text (with placeholders), the SQLSTATE `code`,
 * the `constraint`, `table` and `column` stay: they say what failed without saying about whom.
 */
const DATA_FIELDS = new Set([
  'params',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
  // What an AI provider's error carries at any depth of its causes: the request with the prompt (the
  // user's text) and the answer's body (REDACTED_PATHS covers the top level only).
  'requestBodyValues',
  'responseBody',
  'prompt',
]);

type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

/** Causes followed at most this deep. */
const MAX_CAUSES = 8;

/**
 * An error as the log writes it, at every level of its causes: its type, message, stack and own fields
 * (an AI provider's status, a database error's code and constraint), without the data of database
 * errors (DATA_FIELDS).
 */
export function errorForLog(err: Error): SerializedError;
export function errorForLog(err: unknown): unknown;
export function errorForLog(err: unknown): unknown {
  return err instanceof Error ? serializeError(err, 0) : err;
}

function serializeError(err: Error, depth: number): SerializedError {
  const { params, query } = err as { params?: unknown; query?: unknown };
  // Drizzle's message is `Failed query: <sql>\nparams: <values>`, and its stack starts with the message.
  const message =
    params !== undefined && err.message.startsWith('Failed query:') && typeof query === 'string'
      ? `Failed query: ${query}`
      : err.message;
  const serialized: SerializedError = {
    type: err.constructor?.name || err.name,
    message,
    stack: (err.stack ?? '').replace(err.message, message),
  };
  for (const [field, value] of Object.entries(err)) {
    if (field === 'cause' || DATA_FIELDS.has(field) || typeof value === 'function') continue;
    serialized[field] = value;
  }
  if (err.cause instanceof Error && depth < MAX_CAUSES) {
    serialized.cause = serializeError(err.cause, depth + 1);
  } else if (err.cause !== undefined && typeof err.cause !== 'object') {
    serialized.cause = err.cause;
  }
  return serialized;
}

/**
 * The app's logger: pino at LOG_LEVEL with the redactions above, JSON lines (on a terminal into the log
 * file and, readably, the terminal: startup/log-output.ts). `given` adds options (a destination stream)
 * or turns logging off (false).
 */
export function loggerOptions(
  level: LevelWithSilent,
  given: FastifyServerOptions['logger'] = undefined,
): FastifyServerOptions['logger'] {
  if (given === false) return false;
  return {
    level,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    serializers: { err: errorForLog, error: errorForLog },
    ...(typeof given === 'object' ? given : {}),
  };
}
