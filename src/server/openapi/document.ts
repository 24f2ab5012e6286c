import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserSchema } from '#shared/admin';
import { aiStatusSchema } from '#shared/ai-status';
import { chatSchema, historyPageSchema } from '#shared/history';
import { jobMatchReportSchema } from '#shared/job-match-report';
import { generationUsageSchema, userWithUsageSchema } from '#shared/user-schema';
import { describeResponses, isObject } from './document-responses.ts';
import { type JsonSchema, jsonSchemaOf, zodRouteTransform } from './json-schema.ts';
import { apiErrorSchema } from './route-responses.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Request bodies the handler reads and checks itself (a multipart form, a raw body), by media type:
     * in the OpenAPI document only, never validated by Fastify.
     */
    handlerBody?: Record<string, z.ZodType>;
  }
}

/** The parts of the document read here. */
type OpenApiDocument = Record<string, unknown> & {
  info?: Record<string, unknown> & { description?: string };
  paths?: Record<string, unknown>;
  components?: Record<string, unknown> & { schemas?: Record<string, JsonSchema> };
};

/** What the domains add to the document: paths no route declares, and schemas to show once. */
export interface DocumentExtras {
  /** Markdown added to the document's description: what the extra paths share (better-auth's endpoints). */
  description?: string;
  /** Paths served by one catch-all route (better-auth's endpoints), described one by one. */
  paths?: () => Record<string, unknown>;
  /** More schemas the document shows once, as components, and refers to by name. */
  components?: [z.ZodType, string][];
}

/** Schemas the document shows once, as components, and refers to by name. */
const COMPONENTS: [z.ZodType, string][] = [
  [apiErrorSchema, 'ApiError'],
  [userWithUsageSchema, 'User'],
  [generationUsageSchema, 'GenerationUsage'],
  [chatSchema, 'Chat'],
  [historyPageSchema, 'HistoryPage'],
  [jobMatchReportSchema, 'JobMatchReport'],
  [aiStatusSchema, 'AiStatus'],
  [adminUserSchema, 'AdminUser'],
];

function registerComponents(components: readonly [z.ZodType, string][]) {
  for (const [schema, id] of components) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}
registerComponents(COMPONENTS);

/**
 * @fastify/swagger's per-route transform: the zod schemas as JSON Schema (fastify-type-provider-zod),
 * the bodies a handler reads itself (`handlerBody`), and the responses described.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const { handlerBody, ...schema } = input.schema ?? {};
  const { schema: documented, url } = zodRouteTransform({ ...input, schema });
  if (!documented || documented.hide) return { schema: documented, url };
  if (handlerBody) {
    const content = Object.fromEntries(
      Object.entries(handlerBody).map(([mediaType, body]) => [
        mediaType,
        { schema: jsonSchemaOf(body, 'input') },
      ]),
    );
    documented.body = { content };
  }
  documented.response = describeResponses(documented.response as Record<string, unknown> | undefined);
  return { schema: documented, url };
};

const zodComponents = createJsonSchemaTransformObject({});

/** Every `$ref` to a component under `value`. */
function referencedComponents(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedComponents(item, found);
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/schemas/')) {
        found.add(item.slice('#/components/schemas/'.length));
      } else referencedComponents(item, found);
    }
  }
  return found;
}

/** Only the components the paths use (each registered schema comes as an input and an output variant). */
function usedSchemas(document: OpenApiDocument): Record<string, JsonSchema> {
  const all = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const used = referencedComponents(document.paths);
  for (const name of used) referencedComponents(all[name], used);
  return Object.fromEntries(
    Object.keys(all)
      .filter((name) => used.has(name))
      .sort()
      .map((name) => [name, all[name] as JsonSchema]),
  );
}

/**
 * @fastify/swagger's whole-document transform: the registered zod schemas as components, the extra
 * paths (better-auth's endpoints, which one catch-all route forwards) as their own with what they share
 * added to the description, and only the components in use.
 */
export function documentObject(extras: DocumentExtras = {}): SwaggerTransformObject {
  registerComponents(extras.components ?? []);
  return (input) => {
    const document = zodComponents(input) as OpenApiDocument;
    document.paths = { ...document.paths, ...extras.paths?.() };
    if (extras.description) {
      const described = [document.info?.description, extras.description].filter(Boolean).join('\n\n');
      document.info = { ...document.info, description: described };
    }
    document.components = { ...document.components, schemas: usedSchemas(document) };
    return document as ReturnType<SwaggerTransformObject>;
  };
}
