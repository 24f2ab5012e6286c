import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { ErrorType } from '#server/errors';
import type { ApiErrorBody } from '#shared/api-error';

/*
 * What routes answer, for their `response` schemas: errors in the API's one shape, and files.
 */

/**
 * The API's one error shape (src/shared/api-error.ts) as a zod schema: routes list the error statuses
 * they can answer with it (`apiErrors(400, 404)` in their `response`), so the reply serializer holds
 * every error body to it and the OpenAPI document shows it (one `ApiError` component).
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string().meta({
      description: '`type:surface`, e.g. `unauthorized:auth`: the type decides the HTTP status.',
      examples: ['bad_request:validation'],
    }),
    message: z.string().meta({ description: 'What went wrong, in words a user may read.' }),
  }),
}) satisfies z.ZodType<ApiErrorBody>;

/** The HTTP statuses an AppError answers with (src/server/errors.ts), 499 aside: it is only ever logged. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

/** Each error status's meaning in the document, by the `type` of the codes that answer it. */
export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Bad request (`bad_request:*`): a field, parameter or body is not valid; the message says which.',
  401: 'Unauthorized (`unauthorized:*`): no valid access token, API key or session.',
  402: 'Payment required (`payment_required:quota`): the plan has no generations left this period.',
  403: 'Forbidden (`forbidden:*`): not the caller’s to see or do.',
  404: 'Not found (`not_found:*`).',
  409: 'Conflict (`conflict:*`).',
  413: 'Too large (`payload_too_large:*`).',
  415: 'Unsupported media type (`unsupported_media_type:*`).',
  422: 'Unprocessable (`unprocessable:*`): well-formed, but nothing can be done with it.',
  429: 'Too many requests (`rate_limit:*`): `Retry-After` says when to try again.',
  500: 'Unexpected server error (`internal:*`): the details are only logged.',
  502: 'An outside service failed (`bad_gateway:*`: the AI provider, Stripe).',
  503: 'Unavailable for now (`unavailable:*`): the server is restarting or busy, the database or the AI model is not ready; often with `Retry-After`.',
  504: 'Timeout (`timeout:*`): the AI provider did not answer in time.',
};

/** The `type` of the codes behind each status (errors.ts STATUS, read the other way). */
export const ERROR_TYPES: Record<ErrorStatus, ErrorType> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limit',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'timeout',
};

/** A route's error replies for its `response` schema: each status answers `{error: {code, message}}`. */
export function apiErrors<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/**
 * A reply that is a file (a stream or a buffer, which the serializer never touches), for a route's
 * `response`: what it is and its media types, for the OpenAPI document.
 */
export function fileReply(description: string, mediaTypes: readonly string[]) {
  const file = z.custom<Readable | Buffer>().meta({ type: 'string', format: 'binary' });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: file }])),
  };
}
