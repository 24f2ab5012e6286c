import { ERROR_DESCRIPTIONS, type ErrorStatus } from './route-responses.ts';

/** The ApiError component, as the route transform refers to `apiErrorSchema`. */
export const API_ERROR_REF = '#/components/schemas/ApiError';

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'OK', 201: 'Created', 302: 'Redirect' };
const RETRY_AFTER = { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again.' };

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One error status as the document shows it: the ApiError shape, what it means, `Retry-After` for 429
 * and 503. A route's response (`in: 'route'`) gives its headers as JSON Schemas, which @fastify/swagger
 * turns into header objects; a path written by hand (`in: 'document'`) gives header objects.
 */
export function errorResponse(status: ErrorStatus, where: 'route' | 'document'): Record<string, unknown> {
  const retryAfter =
    where === 'route'
      ? RETRY_AFTER
      : { description: RETRY_AFTER.description, schema: { type: 'integer', minimum: 1 } };
  return {
    description: ERROR_DESCRIPTIONS[status],
    ...(status === 429 || status === 503 ? { headers: { 'Retry-After': retryAfter } } : {}),
    content: { 'application/json': { schema: { $ref: API_ERROR_REF } } },
  };
}

/**
 * A route's responses (as the zod transform wrote them) as the document shows them: each error status
 * as `errorResponse`, a 500 for every route, and a description for every reply that lacks one.
 */
export function describeResponses(
  responses: Record<string, unknown> = {},
  where: 'route' | 'document' = 'route',
): Record<string, unknown> {
  const described: Record<string, unknown> = {};
  const all: Record<string, unknown> = { ...responses, 500: { $ref: API_ERROR_REF } };
  for (const [status, response] of Object.entries(all)) {
    if (!isObject(response)) continue;
    const fallback = SUCCESS_DESCRIPTIONS[status] ?? 'Reply';
    if (response.$ref === API_ERROR_REF)
      described[status] = errorResponse(Number(status) as ErrorStatus, where);
    else if ('content' in response) described[status] = { description: fallback, ...response };
    else {
      const description = typeof response.description === 'string' ? response.description : fallback;
      described[status] = { description, content: { 'application/json': { schema: response } } };
    }
  }
  return described;
}
