import { z } from 'zod';
import { apiErrorSchema } from '#server/openapi/route-responses';
import { detailsSchemaOf, type ServerTool, takesVariants } from '#server/tools/server-tool';
import { GENERATION_STAGES, type GenerationProgress } from '#shared/generation-progress';
import { chatMessageResponseSchema, chatStatusSchema, documentCoverageSchema } from '#shared/history';
import { jobMatchReportSchema } from '#shared/job-match-report';

/**
 * What a tool call answers (routes/tools.ts `result`): the JSON reply and the data of the SSE `done`
 * event, `{<outputField>, historyId, status}` and the resume assistant's `matchReport`.
 */
export function toolResultSchema(tool: ServerTool) {
  return z.object({
    [tool.definition.outputField]: z.string().meta({ description: 'The answer (Markdown).' }),
    historyId: z.string().meta({ description: 'The saved chat (GET /api/history/item/{id}).' }),
    status: chatStatusSchema.meta({ description: '`stopped` when a Stop ended it early.' }),
    ...(tool.matchReport ? { matchReport: jobMatchReportSchema.nullable() } : {}),
    ...detailsSchemaOf(tool).shape,
    ...(takesVariants(tool)
      ? {
          variants: z
            .array(
              z.object({
                messageId: z.string().meta({
                  description:
                    'The draft’s message in the chat (PATCH …/messages/{id} `{version}` shows it).',
                }),
                [tool.definition.outputField]: z.string(),
                ...detailsSchemaOf(tool).shape,
              }),
            )
            .meta({
              description:
                'Every draft asked for (`variants`), the first the one above: saved as versions of the answer, the chat showing the first.',
            }),
        }
      : {}),
    ...(tool.definition.transport === 'multipart'
      ? {
          coverage: documentCoverageSchema.nullable().meta({
            description:
              'What was read of the document: its pages (null without page numbers), those with a text layer, those read by OCR, those OCR could not read (`pagesUnreadable`), the scanned pages not read at all and why (`pagesNotRead`: `ocr_limit` past OCR_MAX_PAGES, `text_limit` past DOCUMENT_MAX_CHARS, `stopped`), its tables and characters, and how many parts the summary was written from. Null without a document.',
          }),
        }
      : {}),
  });
}

/** The data of each event sse-reply.ts writes, for the OpenAPI document. */
export const generationStartSchema = z.object({
  generationId: z.string().meta({ description: 'For POST /api/generations/{id}/stop.' }),
  historyId: z.string().meta({
    description: 'The chat the generation saves: the same id for a new chat, else the chat it answers in.',
  }),
});
export const generationDeltaSchema = z.object({ text: z.string() });
export const generationProgressSchema = z.object({
  stage: z.enum(GENERATION_STAGES),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  message: z.string().meta({ description: 'A line for the screen, e.g. “Summarizing part 3 of 12”.' }),
}) satisfies z.ZodType<GenerationProgress>;

const event = (name: string, data: z.ZodType, description: string) =>
  z.object({ event: z.literal(name), data }).meta({ description });

/**
 * A tool's `text/event-stream` reply, one object per event: each is written as an `event: <name>` line and
 * a `data: <JSON>` line, then a blank line. `progress` comes only with a document (the multipart tools).
 */
export function toolEventStreamSchema(tool: ServerTool) {
  const withDocument = tool.definition.transport === 'multipart';
  return z
    .union([
      event('start', generationStartSchema, 'First, once the generation started.'),
      ...(withDocument
        ? [
            event(
              'progress',
              generationProgressSchema,
              'A document read, a long one summarized part by part.',
            ),
          ]
        : []),
      event('delta', generationDeltaSchema, 'The next piece of the answer.'),
      event('done', toolResultSchema(tool), 'Last, once the chat is saved: the JSON reply’s object.'),
      event('error', apiErrorSchema.shape.error, 'Last, instead of `done`: the generation failed.'),
    ])
    .meta({ description: 'Server-sent events, in this order.' });
}

/** What an answer within a chat answers (routes/history-generations.ts): the JSON reply and `done`'s data. */
export const chatAnswerSchema = z.object({
  message: chatMessageResponseSchema.meta({ description: 'The new answer, as the chat now shows it.' }),
  historyId: z.string(),
  status: chatStatusSchema.meta({ description: '`stopped` when a Stop ended it early.' }),
  matchReport: jobMatchReportSchema.nullable().optional(),
  coverage: documentCoverageSchema.nullable().optional().meta({
    description:
      'For a chat made from a document: what was read of it (as the chat’s `coverage`; a regenerated first answer’s own reading).',
  }),
});

/** The `text/event-stream` reply of an answer within a chat. */
export const chatAnswerEventStreamSchema = z
  .union([
    event('start', generationStartSchema, 'First, once the generation started.'),
    event('progress', generationProgressSchema, 'The chat’s document read again, a long one part by part.'),
    event('delta', generationDeltaSchema, 'The next piece of the answer.'),
    event('done', chatAnswerSchema, 'Last, once the answer is saved in the chat: the JSON reply’s object.'),
    event('error', apiErrorSchema.shape.error, 'Last, instead of `done`: the generation failed.'),
  ])
  .meta({ description: 'Server-sent events, in this order.' });
