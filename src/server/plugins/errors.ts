import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '#server/errors';

/**
 * One JSON error shape for every failure: `{ error: { code, message } }`. Validation problems become
 * 400s with a readable message; anything unexpected is logged and answered with a generic 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = toAppError(err);
    if (appError.statusCode >= 500) {
      request.log.error({ err }, 'request failed');
    } else {
      request.log.info({ code: appError.code, msg: appError.message }, 'request rejected');
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
  request.log.info({ code: err.code }, 'request rejected by the router');
  reply.status(400).send(new AppError('bad_request:url', message).toBody());
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
  if (status >= 400 && status < 500) return new AppError('bad_request:request', err.message);
  return new AppError('internal:server', undefined, { cause: err });
}
