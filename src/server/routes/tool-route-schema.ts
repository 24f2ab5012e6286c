import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { toolEventStreamSchema, toolResultSchema } from '#server/generation/sse-event-schemas';
import { apiErrors } from '#server/openapi/route-responses';
import type { ServerTool } from '#server/tools/server-tool';
import { DOCUMENT_EXTENSIONS_TEXT } from '#shared/documents';
import { WITH_DOCUMENT_SCHEMAS } from '#shared/tool-inputs';

/** The multipart `file` part: the document, read and checked by the server (src/server/documents). */
const documentPart = z.string().meta({
  format: 'binary',
  description: `One document (${DOCUMENT_EXTENSIONS_TEXT}), within DOCUMENT_MAX_BYTES (GET /api/config).`,
});

/** The body of a tool call as readToolRequest reads it: JSON, or a form with the document (multipart tools). */
function requestBodies(tool: ServerTool): Record<string, z.ZodType> {
  const { slug, transport } = tool.definition;
  if (transport !== 'multipart') return { 'application/json': tool.schema };
  const withDocument = WITH_DOCUMENT_SCHEMAS[slug as keyof typeof WITH_DOCUMENT_SCHEMAS];
  return {
    'application/json': tool.schema,
    'multipart/form-data': withDocument
      .extend({ file: documentPart.optional() })
      .meta({ description: 'The same fields as form fields; with a `file`, the pasted `text` is optional.' }),
  };
}

function description(tool: ServerTool): string {
  const { outputField, transport } = tool.definition;
  const reply = `{${outputField}, historyId, status${tool.matchReport ? ', matchReport' : ''}}`;
  const rows = [
    '- `start` `{generationId, historyId}`: first (also the `X-Generation-Id` header)',
    ...(transport === 'multipart'
      ? [
          '- `progress` `{stage, done, total, message}`: with a document, once it is read (`extracting`), then per part of a long one (`summarizing`, `combining`)',
        ]
      : []),
    '- `delta` `{text}`: the next piece of the answer',
    `- \`done\` \`${reply}\`: last, once the chat is saved`,
    '- `error` `{code, message}`: last, instead of `done`, when the generation failed (nothing is saved)',
  ];
  return [
    `${tool.definition.description} The answer and the request are saved as a chat in the caller’s history.`,
    '',
    `**JSON** (by default): the reply comes once the answer is complete: \`${reply}\`.`,
    '',
    '**Server-sent events** with `Accept: text/event-stream`: the answer as it is written, one event at a time:',
    '',
    ...rows,
    '',
    'A comment line (`: keep-alive`) comes every 15 seconds. `POST /api/generations/{id}/stop` ends it early: ' +
      '`done` then has `status: "stopped"` and what was written so far. A client that disconnects does not ' +
      'stop it: it runs to the end and is saved. Refusals come before the stream starts, as JSON errors.',
    '',
    'Each call counts one generation of the caller’s plan (402 when none is left) and against ' +
      'AI_RATE_LIMIT_PER_USER and AI_MAX_IN_FLIGHT_PER_USER (429).',
  ].join('\n');
}

/**
 * A tool route's schema for the OpenAPI document and the reply serializer. The body is read and checked
 * by the handler (readToolRequest: JSON or a multipart form, 413 for sizes), so it is only documented
 * (`handlerBody`), never validated by Fastify; the JSON reply and the error replies are held to their
 * schemas. The event stream is written by sse-reply.ts past the serializer.
 */
export function toolRouteSchema(tool: ServerTool): FastifySchema {
  return {
    tags: ['tools'],
    summary: tool.definition.name,
    description: description(tool),
    handlerBody: requestBodies(tool),
    response: {
      200: {
        description: 'The answer, as JSON or as server-sent events (`Accept: text/event-stream`).',
        content: {
          'application/json': { schema: toolResultSchema(tool) },
          'text/event-stream': { schema: toolEventStreamSchema(tool) },
        },
      },
      ...apiErrors(400, 402, 403, 413, 415, 422, 429, 502, 503, 504),
    },
  };
}
