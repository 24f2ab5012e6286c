import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { DOCUMENT_ERROR_CODES, type DocumentErrorCode } from '#server/documents/document-errors';
import { AppError } from '#server/errors';
import { toolEventStreamSchema, toolResultSchema } from '#server/generation/sse-event-schemas';
import { apiErrors } from '#server/openapi/route-responses';
import { type ServerTool, takesVariants } from '#server/tools/server-tool';
import { documentExtensionsText, toolDocumentFormats } from '#shared/documents';
import { MAX_TEXT_CHARS, WITH_DOCUMENT_SCHEMAS } from '#shared/tool-inputs';

/** The tool's file formats as the docs write them: '.txt, .pdf, .doc, .docx or .odt', or '.eml'. */
const formatsText = (tool: ServerTool) => documentExtensionsText(toolDocumentFormats(tool.definition));

/** The multipart `file` part: the document, read and checked by the server (src/server/documents). */
const documentPart = (tool: ServerTool) =>
  z.string().meta({
    format: 'binary',
    description: `One file (${formatsText(tool)}), within DOCUMENT_MAX_BYTES (GET /api/config).`,
  });

/** What a file stands in for: the pasted text, or the e-mail helper's pasted thread. */
const replacedField = (tool: ServerTool) => ('thread' in tool.schema.shape ? 'thread' : 'text');

/** The body of a tool call as readToolRequest reads it: JSON, or a form with the document (multipart tools). */
function requestBodies(tool: ServerTool): Record<string, z.ZodType> {
  const { slug, transport } = tool.definition;
  if (transport !== 'multipart') return { 'application/json': tool.schema };
  const withDocument = WITH_DOCUMENT_SCHEMAS[slug as keyof typeof WITH_DOCUMENT_SCHEMAS];
  return {
    'application/json': tool.schema,
    'multipart/form-data': withDocument.extend({ file: documentPart(tool).optional() }).meta({
      description: `The same fields as form fields; with a \`file\`, the pasted \`${replacedField(tool)}\` is optional.`,
    }),
  };
}

/*
 * The refusal order of the generation routes (generation/admission.ts), for their descriptions: what
 * `admission.start` refuses once a route has read its request, and how a started generation fails. The
 * tool routes' order is below (toolRefusals); the chats' follow-ups, regenerated answers and edits
 * build theirs from the same two (routes/history-generations.ts).
 */

/** What `admission.start` refuses, in its order, once the route has read and checked its request. */
export const ADMISSION_REFUSALS: readonly string[] = [
  '429 `rate_limit:tool_calls` past AI_RATE_LIMIT_PER_USER calls a minute (the tools and the chats’ ' +
    'answers together, counted once the request is valid).',
  '413 `payload_too_large:history_quota` when the caller’s saved chats are at HISTORY_MAX_CHATS_PER_USER ' +
    'or HISTORY_MAX_BYTES_PER_USER (“… Delete old chats from your history to save new ones.”).',
  '503 when the model cannot take it: `unavailable:model_downloading` (`Retry-After: 30`) or ' +
    '`unavailable:model_loading` (`Retry-After: 5`) while the local model is on its way and its line ' +
    '(AI_QUEUE_LIMIT) is full, `unavailable:model_busy` (`Retry-After: 5`) when the line is full, ' +
    '`unavailable:model_missing` when no model can be had (the reason and what to configure).',
  '429 `rate_limit:generations` (`Retry-After: 5`) when AI_MAX_IN_FLIGHT_PER_USER (2) generations are ' +
    'already running (“You already have 2 generations running. Wait for one to finish, or stop it, then ' +
    'try again.”).',
  '402 `payment_required:quota` when the plan that counts it (the team’s paid plan in a team’s workspace, ' +
    'else the caller’s own) has no generation left this period.',
];

/** How a generation fails once it has started: the JSON error, or the stream's last event. */
export const RUN_FAILURES =
  'Once it has started, a failure ends it and saves nothing (the JSON error, or the stream’s `error` ' +
  'event `{code, message}`): 503 `unavailable:ai_rate_limited` (the provider’s 429 after the retries, ' +
  '`Retry-After: 30`) or `unavailable:ai_unreachable`, 502 `bad_gateway:ai_credentials` (the provider ' +
  'refused the server’s key) or `bad_gateway:ai`, 504 `timeout:ai` (no data for AI_TIMEOUT_MS), 413 ' +
  '`payload_too_large:model_context` (the request does not fit the model), and the 503s above for one ' +
  'that waited for the local model.';

/** A Markdown list numbered from 1. */
export const numbered = (items: readonly string[]) => items.map((item, i) => `${i + 1}. ${item}`).join('\n');

/** When each document error answers (document-errors.ts); TypeScript makes the list complete. */
const DOCUMENT_REFUSALS = {
  'unsupported_media_type:file_type': 'not one of the formats above',
  'unsupported_media_type:file_signature': 'the bytes are not the format the name says',
  'bad_request:file_empty': 'an empty file',
  'bad_request:file_unreadable': 'damaged or incomplete (also when reading it crashed)',
  'bad_request:file_encrypted': 'protected by a password',
  'bad_request:file_not_text': 'a .txt that is not plain text',
  'unprocessable:file_scanned': 'a PDF of scanned images without text while OCR is off (`OCR_MAX_PAGES=0`)',
  'unprocessable:file_no_text': 'no text to read',
  'payload_too_large:file': 'over DOCUMENT_MAX_BYTES',
  'payload_too_large:file_pages': 'a PDF of more than DOCUMENT_MAX_PAGES pages',
  'payload_too_large:file_text': 'more than DOCUMENT_MAX_CHARS characters of text',
  'payload_too_large:file_entries': 'a .docx or .odt of more than DOCUMENT_ZIP_MAX_ENTRIES entries',
  'payload_too_large:file_unpacked':
    'an entry unpacks past DOCUMENT_ZIP_MAX_ENTRY_BYTES, or all past DOCUMENT_ZIP_MAX_TOTAL_BYTES',
  'payload_too_large:file_time_limit': 'reading took longer than DOCUMENT_EXTRACTION_TIMEOUT_MS',
  'payload_too_large:file_memory_limit': 'reading needed more than DOCUMENT_EXTRACTION_MEMORY_MB',
  'unavailable:document_busy': 'the line of files waiting to be read is full (`Retry-After: 5`)',
  'unavailable:document_extraction': 'documents cannot be read right now',
} satisfies Record<DocumentErrorCode, string>;

const documentRefusals = () =>
  DOCUMENT_ERROR_CODES.map(
    (code) => `- ${new AppError(code).statusCode} \`${code}\`: ${DOCUMENT_REFUSALS[code]}`,
  ).join('\n');

/** The tool routes' refusals, in their order (generation/admission.ts), for a JSON or a multipart tool. */
function toolRefusals(multipart: boolean): string {
  const fields =
    '400 `bad_request:validation` with the field’s message, 413 `payload_too_large:input` past ' +
    `${MAX_TEXT_CHARS.toLocaleString('en')} characters of a field`;
  const request = multipart
    ? `${fields}; in a form, 413 \`payload_too_large:file\` for a \`file\` over DOCUMENT_MAX_BYTES as it ` +
      'streams in, 400 `bad_request:file_upload` for a file in another field, `bad_request:file_count` ' +
      'for a second one.'
    : `${fields}; 415 \`unsupported_media_type:tool\` for a form (this tool takes JSON).`;
  return numbered([
    '401 without a valid access token or API key, before the body is read; 413 `payload_too_large:request` ' +
      'for a JSON body over 1 MB. A request must arrive whole within 2 minutes.',
    '503 `unavailable:draining` (`Retry-After: 5`) while the server shuts down; 403 ' +
      '`forbidden:email_unverified` for an unverified address while REQUIRE_EMAIL_VERIFICATION is on' +
      (multipart
        ? '; for a form, the in-flight place (429 `rate_limit:generations`, below) is taken before it is read.'
        : '.'),
    request,
    ...ADMISSION_REFUSALS,
    ...(multipart ? ['Reading the document, once every check above has passed: its refusals below.'] : []),
  ]);
}

function description(tool: ServerTool): string {
  const { outputField, transport } = tool.definition;
  const extras = [
    ...(tool.matchReport ? ['matchReport'] : []),
    ...(transport === 'multipart' ? ['coverage'] : []),
    // The answer's details (#shared/answer-details) the tool makes, and its drafts.
    ...(tool.detailFields ?? []),
    ...(takesVariants(tool) ? ['variants'] : []),
  ];
  const reply = `{${[outputField, 'historyId', 'status', ...extras].join(', ')}}`;
  const rows = [
    '- `start` `{generationId, historyId}`: first (also the `X-Generation-Id` header)',
    ...(transport === 'multipart'
      ? [
          '- `progress` `{stage, done, total, message}`: with a document, once it is read (`extracting`), per scanned page read by OCR (`ocr`), then per part of a long one (`summarizing`, `combining`)',
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
      'stop it: it runs to the end and is saved.',
    '',
    '**Refusals**, in this order (JSON errors; a stream starts only once the generation has):',
    '',
    toolRefusals(transport === 'multipart'),
    '',
    RUN_FAILURES,
    ...(transport === 'multipart'
      ? [
          '',
          `**Documents**: one \`file\` of ${formatsText(tool)}; with it, the pasted \`${replacedField(tool)}\` is optional and its ` +
            `${MAX_TEXT_CHARS.toLocaleString('en')} characters do not apply to the file’s text. Its refusals:`,
          '',
          documentRefusals(),
        ]
      : []),
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
