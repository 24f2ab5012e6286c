import { z } from 'zod';
import { answerDetailsSchema } from './answer-details.ts';
import { type DocumentCoverage, FILE_FORMATS, PAGES_NOT_READ_REASONS } from './documents.ts';
import { jobMatchReportSchema } from './job-match-report.ts';
import { EMAIL_TONES, TOOL_SLUGS } from './tools.ts';

/** History chats (docs/product.md §3, §7): the payloads of the history API, shared by server and web. */

export const HISTORY_TITLE_MAX = 200;
export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 100;
/** One message's content; generous enough for a 100 KB input plus a long answer. */
export const HISTORY_MESSAGE_MAX = 400_000;
/** A follow-up question's longest text: the tools' own text limit. */
export const FOLLOW_UP_MAX = 100_000;

export const chatStatusSchema = z.enum(['complete', 'stopped']);
export type ChatStatus = z.infer<typeof chatStatusSchema>;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(HISTORY_MESSAGE_MAX, 'A message is too long.'),
});

export const historyTitleSchema = z
  .string({ error: 'Title is required.' })
  .trim()
  .min(1, 'Title is required.')
  .max(HISTORY_TITLE_MAX, `Title must be at most ${HISTORY_TITLE_MAX} characters.`);

export const toolSlugSchema = z.enum(TOOL_SLUGS, { error: 'Unknown service.' });

/** PATCH /api/history/:id */
export const renameHistorySchema = z.object({ title: historyTitleSchema });

/** POST /api/history, for clients that save their own results. */
export const createHistorySchema = z.object({
  uid: z.string().min(1, 'uid is required.'),
  service: toolSlugSchema,
  title: historyTitleSchema,
  messages: z
    .array(chatMessageSchema)
    .min(1, 'At least one message is required.')
    .max(50, 'Too many messages.'),
});

/**
 * A message of the path the chat shows (docs/product.md §3): a request or an answer, with its version
 * among the others made in its place (regenerated answers, edited first requests) and how many there
 * are; `PATCH /api/history/:id/messages/:messageId {version}` shows another.
 */
export const chatMessageResponseSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  version: z.number().int().min(1),
  versions: z.number().int().min(1),
  /** An answer's ending; requests have none. */
  status: chatStatusSchema.optional(),
  /** When it was written (ISO 8601); null for messages saved before this was kept. */
  createdAt: z.string().nullable(),
  /** A request made by a button, not typed: `cover-letter` (POST /api/history/{id}/cover-letter). */
  kind: z.enum(['cover-letter']).optional(),
  ...answerDetailsSchema.shape,
});
export type ChatMessageResponse = z.infer<typeof chatMessageResponseSchema>;

/** PATCH /api/history/:id/messages/:messageId: show another version of a message. */
export const chooseVersionSchema = z.object({
  version: z
    .number({ error: 'version must be a number.' })
    .int('version must be a whole number.')
    .min(1, 'version starts at 1.'),
});

/** PUT /api/history/:id/messages/:messageId: an answer as the person edited it, saved as another version. */
export const editAnswerSchema = z.object({
  content: z
    .string({ error: 'content is required.' })
    .refine((content) => content.trim() !== '', 'Write the answer first: it cannot be empty.')
    .pipe(
      z
        .string()
        .max(
          HISTORY_MESSAGE_MAX,
          `An answer can be at most ${HISTORY_MESSAGE_MAX.toLocaleString('en')} characters.`,
        ),
    ),
});

/** What a rewrite of an answer (or of part of it) asks for, besides a tone and a free instruction. */
export const REWRITE_ACTIONS = [
  'improve',
  'shorter',
  'longer',
  'simpler',
  'fix-grammar',
  'continue',
] as const;
/** The longest free instruction (`custom:<text>`). */
export const REWRITE_CUSTOM_MAX = 1000;

export type RewriteInstruction =
  | (typeof REWRITE_ACTIONS)[number]
  | `tone:${(typeof EMAIL_TONES)[number]}`
  | `custom:${string}`;

function isRewriteInstruction(value: string): value is RewriteInstruction {
  if ((REWRITE_ACTIONS as readonly string[]).includes(value)) return true;
  if (value.startsWith('tone:')) return (EMAIL_TONES as readonly string[]).includes(value.slice(5));
  if (value.startsWith('custom:')) {
    const text = value.slice('custom:'.length).trim();
    return text !== '' && text.length <= REWRITE_CUSTOM_MAX;
  }
  return false;
}

/** POST /api/history/:id/messages/:messageId/rewrite: the model rewrites the answer, or part of it. */
export const rewriteSchema = z.object({
  instruction: z
    .string({ error: 'instruction is required.' })
    .refine(
      isRewriteInstruction,
      `instruction must be one of ${REWRITE_ACTIONS.join(', ')}, tone:<${EMAIL_TONES.join('|')}> or custom:<text> (1–${REWRITE_CUSTOM_MAX.toLocaleString('en')} characters).`,
    )
    .transform((value) => value as RewriteInstruction),
  selection: z
    .object({
      start: z.number().int('start must be a whole number.').min(0, 'start cannot be negative.'),
      end: z.number().int('end must be a whole number.').min(0, 'end cannot be negative.'),
    })
    .optional(),
});

/** POST /api/history/:id/messages: a follow-up question. */
export const followUpSchema = z.object({
  content: z
    .string({ error: 'content is required.' })
    .trim()
    .min(1, 'Write a question first.')
    .max(FOLLOW_UP_MAX, `A follow-up can be at most ${FOLLOW_UP_MAX.toLocaleString('en')} characters.`),
});

/** What was read of a chat's document (src/shared/documents.ts `DocumentCoverage`). */
export const documentCoverageSchema = z.object({
  pages: z.number().int().nullable(),
  pagesWithText: z.number().int().nullable(),
  pagesOcr: z.number().int(),
  pagesUnreadable: z.array(z.number().int()),
  pagesNotRead: z.array(
    z.object({ reason: z.enum(PAGES_NOT_READ_REASONS), pages: z.array(z.number().int()) }),
  ),
  tables: z.number().int(),
  characters: z.number().int(),
  partsSummarized: z.number().int(),
}) satisfies z.ZodType<DocumentCoverage>;

/**
 * GET /api/history/:id/document/passage: the text of the pages (or the part) a citation names, for
 * the side panel beside the answer.
 */
export const documentPassageSchema = z.object({
  /** 'p. 12', 'pp. 12–13' or 'part 3', as the answer cites it. */
  label: z.string(),
  pages: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  /** The passage as Markdown (tables kept). */
  text: z.string(),
  fileName: z.string(),
  format: z.enum(FILE_FORMATS),
});
export type DocumentPassage = z.infer<typeof documentPassageSchema>;

/** A history chat as the API returns it; `_id` and `id` carry the same value. */
export const chatSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  service: z.string(),
  // No length limit here: what the server saved (a long stopped summary, say) is always returned.
  messages: z.array(chatMessageResponseSchema),
  /** The first request's form fields, which Edit starts from (null for a chat saved without them). */
  input: z.record(z.string(), z.string()).nullable(),
  uid: z.string(),
  status: chatStatusSchema,
  createdAt: z.string(),
  /** The uploaded document the chat was made from (docs/product.md §3 File), or null. */
  file: z.object({ name: z.string(), size: z.number(), type: z.string(), url: z.string() }).nullable(),
  /** The resume assistant's job match report, or null. */
  matchReport: jobMatchReportSchema.nullable(),
  /** What was read of the chat's document, or null: no document (or a chat saved before this was kept). */
  coverage: documentCoverageSchema.nullable(),
  /** The team the chat is shared with (POST /api/history/:id/team-share), or null: private. */
  teamShare: z.object({ organizationId: z.string(), sharedAt: z.string() }).nullable(),
  /** Who wrote the chat, for a team member reading a chat another member shared (absent: the caller's own). */
  author: z.object({ uid: z.string(), name: z.string() }).optional(),
});
export type Chat = z.infer<typeof chatSchema>;

export const historyPageSchema = z.object({
  history: z.array(chatSchema),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** A chat's public link (POST /api/history/:id/share): its token and the page that shows it. */
export const chatShareSchema = z.object({
  token: z.string(),
  /** The page, on this server: `/share/<token>`. */
  url: z.string(),
  createdAt: z.string(),
});
export type ChatShareLink = z.infer<typeof chatShareSchema>;

/**
 * A shared chat as its public link shows it (GET /api/shared/:token): the title, the tool, when it was
 * made and the requests and answers the owner's chat shows, nothing else of the owner's.
 */
export const sharedChatSchema = z.object({
  title: z.string(),
  service: z.string(),
  createdAt: z.string(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
});
export type SharedChat = z.infer<typeof sharedChatSchema>;

export const HISTORY_SEARCH_MAX = 200;
export const HISTORY_SEARCH_PAGE = 20;

/** GET /api/history/search: what to look for, in one tool or in all. */
export const historySearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(HISTORY_SEARCH_MAX, `A search can be at most ${HISTORY_SEARCH_MAX} characters.`)
    .refine((q) => !/\p{Cc}/u.test(q), 'A search cannot hold control characters.'),
  service: toolSlugSchema.optional(),
  cursor: z.string().max(100).optional(),
});

/** A piece of a found chat's text; `match` pieces are the words searched for. */
export const textPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type TextPart = z.infer<typeof textPartSchema>;

/** One chat found, best first: its title and an excerpt of its messages, the matching words marked. */
export const historySearchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  service: z.string(),
  createdAt: z.string(),
  titleParts: z.array(textPartSchema),
  snippet: z.array(textPartSchema).meta({
    description:
      'An excerpt of the messages around the words (up to two pieces joined by “ … ”), as plain text: ' +
      'Markdown’s code fences, heading and list marks, emphasis and link URLs taken out.',
  }),
});
export type HistorySearchHit = z.infer<typeof historySearchHitSchema>;

export const historySearchSchema = z.object({
  results: z.array(historySearchHitSchema),
  nextCursor: z.string().nullable(),
});
export type HistorySearchPage = z.infer<typeof historySearchSchema>;

/** A generation of the caller still being written (GET /api/generations), for the sidebar and a reload. */
export const runningGenerationSchema = z.object({
  id: z.string().meta({ description: 'The generation (GET /api/generations/{id}/stream, Stop).' }),
  historyId: z.string().meta({ description: 'The chat it saves: new, or the one it answers in.' }),
  service: z.string(),
  title: z.string(),
  kind: z.enum(['new', 'follow-up', 'regenerate', 'edit', 'rewrite']).meta({
    description:
      'A new chat’s answer, a follow-up’s, another version of the last answer, an edited chat’s, or an answer rewritten in part in the editor (its text is the replacement only).',
  }),
  question: z.string().nullable().meta({ description: 'A follow-up’s question (saved with its answer).' }),
  startedAt: z.string(),
});
export type RunningGeneration = z.infer<typeof runningGenerationSchema>;
