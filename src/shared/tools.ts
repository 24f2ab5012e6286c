import type { DocumentFormat } from './documents.ts';
import { cutText, REQUEST_TITLE_CUT } from './text.ts';

/**
 * The AI helpers (six in docs/product.md), called tools in the code (docs/product.md §1, §2, §4, §5, §7). The product's
 * words stay in the UI: its pages call them services (`/services/:slug`), and the history API's
 * `service` field holds a tool's slug.
 *
 * One entry per tool holds everything about it but its form, input schema and prompts: names and
 * texts, the route, the icon, the API path, transport and output field, which field names the chat,
 * how its answer is shown, its colour and its landing-page sample; no code branches on a tool's slug.
 * Its form is in tool-forms.ts (kept apart so that the pages that only list the tools do not load
 * every form), its input schema in tool-inputs.ts (so that they load no zod) and its prompts in
 * src/server/tools/prompts.ts; all four are keyed by `ToolSlug`, so a tool missing any of them does not
 * compile (and src/shared/tools.test.ts fails). ARCHITECTURE.md "Adding a tool" says the same.
 */

/** The tools in the product's order: menus, cards, the landing page and `/services`' default. */
export const TOOL_SLUGS = [
  'code-explainer',
  'doc-summarizer',
  'code-refactor',
  'article-generator',
  'email-helper',
  'resume-assistant',
] as const;

export type ToolSlug = (typeof TOOL_SLUGS)[number];

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** How many tools there are, in words ("six"), for the pages' copy: a new tool changes it by itself. */
export const TOOL_COUNT_WORD = COUNT_WORDS[TOOL_SLUGS.length] ?? String(TOOL_SLUGS.length);
/** The same at the start of a sentence ("Six"). */
export const TOOL_COUNT_TITLE = TOOL_COUNT_WORD.charAt(0).toUpperCase() + TOOL_COUNT_WORD.slice(1);

export const CODE_LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'golang', 'rust'] as const;
export const EMAIL_TONES = ['professional', 'friendly', 'informal', 'persuasive', 'apologetic'] as const;
/** What an e-mail is: a new one, a reply to the thread's sender or to all of it, or the thread forwarded. */
export const EMAIL_INTENTS = ['new', 'reply', 'reply-all', 'forward'] as const;
/** How many drafts of an e-mail one request may ask for (`variants`). */
export const MAX_EMAIL_VARIANTS = 3;
export const RESUME_TONES = ['professional', 'confident', 'friendly', 'formal'] as const;
export const DEFAULT_TONE = 'professional';

/** The downloads some tools' answers have beside .docx, .md and .html. */
export type ExtraDownload = 'pdf' | 'eml';

/** The icons tools may use (lucide names); the web maps each to its component (components/tool-icon.tsx). */
export type ToolIconName = 'code' | 'scroll-text' | 'wand' | 'notebook-pen' | 'mail' | 'file-text';

export interface ToolDefinition<S extends ToolSlug = ToolSlug> {
  slug: S;
  /** Display name: the slug's words capitalised (formatToolName, docs/product.md §2). */
  name: string;
  /** The tool screen's tagline (docs/product.md §1). */
  tagline: string;
  /** One sentence for menus and cards. */
  description: string;
  path: `/services/${S}`;
  icon: ToolIconName;
  apiPath: `/api/${string}`;
  /**
   * JSON body, or multipart form with text fields and a file (docs/product.md §7: doc summarizer and resume
   * assistant; the e-mail helper's thread as an .eml, issue 34), which also takes a JSON body.
   */
  transport: 'json' | 'multipart';
  /**
   * The formats its `file` field accepts, when not the documents' (`DOCUMENT_FORMATS`, the default for a
   * multipart tool): the server refuses any other with 415 (`toolDocumentFormats`, src/shared/documents.ts).
   */
  documentFormats?: readonly DocumentFormat[];
  /** The field whose value titles the chat in the history (docs/product.md §3 request display title). */
  titleField: string;
  /** The field of the JSON reply (and the SSE `done` event) that holds the result. */
  outputField: string;
  /**
   * Set when the answer is a document to take away: it then downloads as .docx, .md and .html
   * (GET /api/history/:id/export), under this name for it ('Optimized resume').
   */
  downloadLabel?: string;
  /**
   * What else its answers download as (GET /api/history/:id/export): `pdf` in the resume template (ADR
   * 0031: resumes and the cover letters written in their chats), `eml` a draft for a mail app, with the
   * headers the server made (issue 34: the e-mail helper's).
   */
  extraDownloads?: readonly ExtraDownload[];
  /**
   * How the first answer is shown: Markdown, or (`code-diff`, the refactor) as code compared with the
   * request's `code` field in its `language`, changed lines marked.
   */
  answerView: 'markdown' | 'code-diff';
  /**
   * Set for the writing tools: their answers open in the editor (Edit), where they can be typed over and
   * rewritten in part by the model, each save a new version (issue 33, docs/product.md).
   */
  editableAnswer?: true;
  /**
   * Set for the resume assistant: 'Write a cover letter' on its answers writes one from the person's own
   * resume, as a follow-up of the chat (POST /api/history/:id/cover-letter, issue 34).
   */
  coverLetter?: true;
  /**
   * Set for the e-mail helper: one request may ask for several drafts (`variants`), saved as versions of
   * the answer and shown as tabs (issue 34).
   */
  drafts?: true;
  /**
   * Its colour in charts (the admin's usage chart), as Tailwind classes: a darker shade on light
   * backgrounds and a lighter one on dark, for 3:1 against either.
   */
  chartColor: string;
}

export const TOOLS = {
  'code-explainer': {
    slug: 'code-explainer',
    name: 'Code Explainer',
    tagline: 'Explain your code in seconds with detailed insights and step-by-step clarity',
    description: 'Understand unfamiliar code with a plain-language walk-through, step by step.',
    path: '/services/code-explainer',
    icon: 'code',
    apiPath: '/api/explain-code',
    transport: 'json',
    titleField: 'code',
    outputField: 'explanation',
    answerView: 'markdown',
    chartColor: 'bg-indigo-600 dark:bg-indigo-400',
  },
  'doc-summarizer': {
    slug: 'doc-summarizer',
    name: 'Doc Summarizer',
    tagline: 'Summarize your document in seconds with precise, structured, and easy-to-read output',
    description: 'Turn long documents into a structured summary with the key points first.',
    path: '/services/doc-summarizer',
    icon: 'scroll-text',
    apiPath: '/api/doc-summarizer',
    transport: 'multipart',
    titleField: 'text',
    outputField: 'summary',
    downloadLabel: 'Summary',
    answerView: 'markdown',
    editableAnswer: true,
    chartColor: 'bg-sky-600 dark:bg-sky-400',
  },
  'code-refactor': {
    slug: 'code-refactor',
    name: 'Code Refactor',
    tagline: 'Refactor your code in seconds for cleaner, optimized, and maintainable solutions',
    description: 'Get cleaner, safer, more maintainable code with every change explained.',
    path: '/services/code-refactor',
    icon: 'wand',
    apiPath: '/api/refactor-code',
    transport: 'json',
    titleField: 'code',
    outputField: 'refactoredCode',
    answerView: 'code-diff',
    chartColor: 'bg-emerald-600 dark:bg-emerald-400',
  },
  'article-generator': {
    slug: 'article-generator',
    name: 'Article Generator',
    tagline: 'Generate your article in seconds with AI-powered clarity and creativity',
    description: 'Draft a well-structured article with headings and a conclusion from one topic.',
    path: '/services/article-generator',
    icon: 'notebook-pen',
    apiPath: '/api/generate-article',
    transport: 'json',
    titleField: 'topic',
    outputField: 'article',
    downloadLabel: 'Article',
    answerView: 'markdown',
    editableAnswer: true,
    chartColor: 'bg-amber-600 dark:bg-amber-400',
  },
  'email-helper': {
    slug: 'email-helper',
    name: 'Email Helper',
    tagline: 'Draft your email in seconds with polished, professional, and personalized suggestions',
    description: 'Write clear e-mails in the tone you choose, subject line included.',
    path: '/services/email-helper',
    icon: 'mail',
    apiPath: '/api/email-helper',
    // A form, for the .eml of the thread it replies to (JSON bodies are taken all the same).
    transport: 'multipart',
    // The thread it replies to, as an .eml (issue 34); not the documents.
    documentFormats: ['eml'],
    titleField: 'prompt',
    outputField: 'email',
    drafts: true,
    extraDownloads: ['eml'],
    downloadLabel: 'E-mail',
    answerView: 'markdown',
    editableAnswer: true,
    chartColor: 'bg-rose-600 dark:bg-rose-400',
  },
  'resume-assistant': {
    slug: 'resume-assistant',
    name: 'Resume Assistant',
    tagline: 'Improve your resume in seconds with targeted, impactful, and career-focused enhancements',
    description: 'Tailor your resume to the role and job description you are aiming for.',
    path: '/services/resume-assistant',
    icon: 'file-text',
    apiPath: '/api/resume-assistant',
    transport: 'multipart',
    titleField: 'text',
    outputField: 'optimizedResume',
    coverLetter: true,
    downloadLabel: 'Optimized resume',
    extraDownloads: ['pdf'],
    answerView: 'markdown',
    editableAnswer: true,
    chartColor: 'bg-fuchsia-600 dark:bg-fuchsia-400',
  },
} as const satisfies { [S in ToolSlug]: ToolDefinition<S> };

/** The tools as a list, in the product's order. */
export const TOOL_LIST: readonly ToolDefinition[] = TOOL_SLUGS.map((slug) => TOOLS[slug]);

export function isToolSlug(value: string | undefined): value is ToolSlug {
  return value !== undefined && Object.hasOwn(TOOLS, value);
}

/** Whether a chat of `service` has answers that open in the editor (a writing tool's: `editableAnswer`). */
export function answersEditable(service: string): boolean {
  return isToolSlug(service) && (TOOLS[service] as ToolDefinition).editableAnswer === true;
}

/** What else a chat of `service` downloads its answers as, beside .docx, .md and .html (`extraDownloads`). */
export function extraDownloadsOf(service: string): readonly ExtraDownload[] {
  return isToolSlug(service) ? ((TOOLS[service] as ToolDefinition).extraDownloads ?? []) : [];
}

/** A path segment as a display name: 'code-explainer' → 'Code Explainer'; empty → 'Service' (docs/product.md §2). */
export function formatToolName(segment: string | undefined): string {
  const words = (segment ?? '').split('-').filter(Boolean);
  if (words.length === 0) return 'Service';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** Tagline for a slug; an unknown slug gets the article-generator tagline (docs/product.md §1). */
export function toolTagline(slug: string | undefined): string {
  return (isToolSlug(slug) ? TOOLS[slug] : TOOLS['article-generator']).tagline;
}

/**
 * The request display title (docs/product.md §3) of a validated input: its title field cut to 100
 * characters, else the uploaded file's name (cut the same way), else 'Untitled request'.
 */
export function toolRequestTitle(
  definition: ToolDefinition,
  input: Record<string, unknown>,
  fileName?: string,
): string {
  const value = input[definition.titleField];
  if (typeof value === 'string' && value !== '') return cutText(value, REQUEST_TITLE_CUT);
  return fileName ? cutText(fileName, REQUEST_TITLE_CUT) : 'Untitled request';
}
