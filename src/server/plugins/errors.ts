import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable, isDatabaseOutage } from '#server/db/database-outage';
import { AppError, isAppError } from '#server/errors';
import { completeRequest, REQUEST_ID_HEADER } from './request-log.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error the request was answered with: its log line names it, the metrics count refusals by it. */
    appError: AppError | null;
  }
}

/**
 * One JSON error shape for every failure: `{ error: { code, message } }`. Validation problems become
 * 400s with a readable message; anything unexpected is logged (with its stack) and answered with a
 * generic 500. A refusal (4xx) is named in the request's one log line (plugins/request-log.ts).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('appError', null);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = toAppError(err);
    request.appError = appError;
    if (appError.code === 'unavailable:database') {
      request.log.warn({ code: appError.code, reason: err.message }, 'request refused: database unreachable');
    } else if (appError.statusCode >= 500) {
      request.log.error({ err }, 'request failed');
    }
    reply.headers(appError.headers).status(appError.statusCode).send(appError.toBody());
  });
});

/** Errors the router raises before any route runs (malformed URL encoding, over-long parameters). */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : 'The address is not valid: check its encoding.';
  const error = new AppError('bad_request:url', message);
  request.appError = error;
  reply.header(REQUEST_ID_HEADER, request.id).status(400).send(error.toBody());
  // No hook runs for the router's own refusals: their log line and metrics are written here.
  completeRequest(request, reply);
}

function toAppError(err: FastifyError): AppError {
  if (isAppError(err)) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'The request is not valid.';
    return new AppError('bad_request:validation', message);
  }
  const status = err.statusCode ?? 500;
  if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
    return new AppError('payload_too_large:request', err.message || undefined);
  }
  if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppError('unsupported_media_type:request', 'This content type is not supported here.');
  }
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
    return new AppError('bad_request:json', 'The request body is not valid JSON.');
  }
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new AppError('bad_request:json', 'The request body is empty; JSON was expected.');
  }
  if (status === 429) return new AppError('rate_limit:request', err.message);
  // The database restarting or unreachable: a clear 503 the client may retry, not an unexplained 500.
  if (isDatabaseOutage(err)) return databaseUnavailable(err);
  if (status >= 400 && status < 500) return new AppError('bad_request:request', err.message);
  return new AppError('internal:server', undefined, { cause: err });
}
