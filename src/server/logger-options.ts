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
 * The app's logger: pino at LOG_LEVEL with the redactions above, JSON lines (on a terminal through the
 * start banner, server.ts). `given` adds options (a destination stream) or turns logging off (false).
 */
export function loggerOptions(
  level: LevelWithSilent,
  given: FastifyServerOptions['logger'] = undefined,
): FastifyServerOptions['logger'] {
  if (given === false) return false;
  return {
    level,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    ...(typeof given === 'object' ? given : {}),
  };
}
