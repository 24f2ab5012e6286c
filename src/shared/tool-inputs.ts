import { z } from 'zod';
import {
  CODE_LANGUAGES,
  DEFAULT_TONE,
  EMAIL_INTENTS,
  EMAIL_TONES,
  MAX_EMAIL_VARIANTS,
  RESUME_TONES,
  type ToolSlug,
} from './tools.ts';

/** Tool inputs (docs/product.md §5, §9): one zod schema per tool, with the messages users see, and size caps. */

/** Largest accepted code or text field, in characters (about 100 KB of plain text). */
export const MAX_TEXT_CHARS = 100_000;
/** Short fields: article topic, target role. */
export const MAX_SHORT_CHARS = 2_000;

/** Size violations are zod `too_big` issues; the server answers them with 413. */
function tooLong(label: string, max: number): string {
  return `${label} is too long: at most ${max.toLocaleString('en')} characters.`;
}

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, tooLong(label, max));
}

/** Optional text: missing or blank becomes undefined (the web sends such fields only when non-empty). */
function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v));
}

const language = z.enum(CODE_LANGUAGES, { error: `Language must be one of: ${CODE_LANGUAGES.join(', ')}.` });

export const codeInputSchema = z.object({ code: requiredText('Code', MAX_TEXT_CHARS), language });
export const articleInputSchema = z.object({ topic: requiredText('Article topic', MAX_SHORT_CHARS) });
const VARIANTS_RULE = `Drafts must be a whole number from 1 to ${MAX_EMAIL_VARIANTS}.`;

/** The e-mail helper's fields; a reply or forward also needs the thread, pasted here or as an .eml file. */
const emailFields = z.object({
  tone: z
    .enum(EMAIL_TONES, { error: `Tone must be one of: ${EMAIL_TONES.join(', ')}.` })
    .default(DEFAULT_TONE),
  prompt: requiredText('The e-mail prompt', MAX_TEXT_CHARS),
  /** 'Replying to': the thread as pasted from a mail client. */
  thread: optionalText('The thread', MAX_TEXT_CHARS),
  intent: z
    .enum(EMAIL_INTENTS, { error: `Intent must be one of: ${EMAIL_INTENTS.join(', ')}.` })
    .default('new'),
  /** How many drafts to write at once (a form sends it as text). */
  variants: z.coerce
    .number({ error: VARIANTS_RULE })
    .int(VARIANTS_RULE)
    .min(1, VARIANTS_RULE)
    .max(MAX_EMAIL_VARIANTS, VARIANTS_RULE)
    .default(1),
});

export const emailInputSchema = emailFields.superRefine((input, ctx) => {
  if (input.intent !== 'new' && input.thread === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['thread'],
      message: 'Paste the thread you are answering or forwarding, or attach its .eml file.',
    });
  }
});
export const summaryInputSchema = z.object({ text: requiredText('Text to summarize', MAX_TEXT_CHARS) });
export const resumeInputSchema = z.object({
  text: requiredText('Resume text', MAX_TEXT_CHARS),
  jobDescription: optionalText('Job description', MAX_TEXT_CHARS),
  tone: z
    .enum(RESUME_TONES, { error: `Tone must be one of: ${RESUME_TONES.join(', ')}.` })
    .default(DEFAULT_TONE),
  role: optionalText('Target role', MAX_SHORT_CHARS),
});

/**
 * The schemas of the tools that read a document, for a request that carries one: the pasted text is
 * then optional (it is added after the document's text), and the document's own text is not held to
 * the pasted-text limit (the server's document limits apply to it).
 */
export const WITH_DOCUMENT_SCHEMAS = {
  'doc-summarizer': summaryInputSchema.extend({ text: optionalText('Text to summarize', MAX_TEXT_CHARS) }),
  'resume-assistant': resumeInputSchema.extend({ text: optionalText('Resume text', MAX_TEXT_CHARS) }),
  // The .eml file is the thread.
  'email-helper': emailFields,
} as const satisfies { [S in ToolSlug]?: z.ZodObject };

/** Each tool's input schema: the server validates requests with it, the web validates its form. */
export const TOOL_INPUT_SCHEMAS = {
  'code-explainer': codeInputSchema,
  'doc-summarizer': summaryInputSchema,
  'code-refactor': codeInputSchema,
  'article-generator': articleInputSchema,
  'email-helper': emailInputSchema,
  'resume-assistant': resumeInputSchema,
} as const satisfies { [S in ToolSlug]: z.ZodObject };

export type ToolInput<S extends ToolSlug> = z.infer<(typeof TOOL_INPUT_SCHEMAS)[S]>;
