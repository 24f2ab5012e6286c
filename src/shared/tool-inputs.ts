import { z } from 'zod';

/** Tool inputs (docs/product.md §5, §9): one zod schema per helper, with the messages users see, and size caps. */

export const CODE_LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'golang', 'rust'] as const;
export const EMAIL_TONES = ['professional', 'friendly', 'informal', 'persuasive', 'apologetic'] as const;
export const RESUME_TONES = ['professional', 'confident', 'friendly', 'formal'] as const;
export const DEFAULT_TONE = 'professional';

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
export const emailInputSchema = z.object({
  tone: z
    .enum(EMAIL_TONES, { error: `Tone must be one of: ${EMAIL_TONES.join(', ')}.` })
    .default(DEFAULT_TONE),
  prompt: requiredText('The e-mail prompt', MAX_TEXT_CHARS),
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

export type CodeInput = z.infer<typeof codeInputSchema>;
export type ArticleInput = z.infer<typeof articleInputSchema>;
export type EmailInput = z.infer<typeof emailInputSchema>;
export type SummaryInput = z.infer<typeof summaryInputSchema>;
export type ResumeInput = z.infer<typeof resumeInputSchema>;
