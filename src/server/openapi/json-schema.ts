import type { SwaggerTransform } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses) in the document. */
export type JsonSchema = Record<string, unknown>;

/**
 * fastify-type-provider-zod's route transform: a route's zod schemas as JSON Schema, the ones registered
 * with an id (document.ts) as `$ref`s to their component (`<id>` as answered, `<id>Input` as sent).
 * No skip list: hidden routes say so in their schema (`hide: true`).
 */
export const zodRouteTransform: SwaggerTransform = createJsonSchemaTransform({ skipList: [] });

const OPENAPI_3_1 = { openapi: '3.1.0' };

/**
 * One zod schema as the route transform writes it, for the parts of the document no route schema holds
 * (bodies a handler reads itself, better-auth's endpoints): `input` as a client sends it, `output` as
 * the server answers it.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const routeSchema = io === 'input' ? { body: schema } : { response: { 200: schema } };
  const { schema: converted } = zodRouteTransform({
    schema: routeSchema,
    url: '/',
    route: {} as RouteOptions,
    openapiObject: OPENAPI_3_1,
  });
  const json = io === 'input' ? converted.body : (converted.response as Record<number, unknown>)[200];
  return json as JsonSchema;
}
