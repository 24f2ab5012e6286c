import { cutText, REQUEST_TITLE_CUT } from './text.ts';

/**
 * The six AI helpers, called tools in the code (docs/product.md §1, §2, §4, §5, §7). The product's
 * words stay in the UI: its pages call them services (`/services/:slug`), and the history API's
 * `service` field holds a tool's slug.
 *
 * One entry per tool holds everything that describes it: names and texts, the route, the icon, the
 * form (fields, placeholders, button and busy labels, what clears after a success), the API path,
 * transport and output field, and which field names the chat. Its input schema is in tool-inputs.ts
 * (kept apart so that pages listing the tools load no zod) and its prompts in
 * src/server/tools/prompts/<slug>.ts; both are keyed by `ToolSlug`, so a tool missing either does
 * not compile. ARCHITECTURE.md "Adding a tool" lists every step.
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

export const CODE_LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'golang', 'rust'] as const;
export const EMAIL_TONES = ['professional', 'friendly', 'informal', 'persuasive', 'apologetic'] as const;
export const RESUME_TONES = ['professional', 'confident', 'friendly', 'formal'] as const;
export const DEFAULT_TONE = 'professional';

/** The icons tools may use (lucide names); the web maps each to its component (components/tool-icon.tsx). */
export type ToolIconName = 'code' | 'scroll-text' | 'wand' | 'notebook-pen' | 'mail' | 'file-text';

export interface ToolField {
  /** The request field it sends, as the tool's input schema names it. */
  name: string;
  label: string;
  /**
   * `code` is a textarea in a monospace font, without spell checking; `file` is the document drop zone
   * (one .txt, .pdf, .doc, .docx or .odt file, src/shared/documents.ts), sent as a multipart file part.
   */
  kind: 'text' | 'textarea' | 'code' | 'select' | 'file';
  required: boolean;
  options?: readonly string[];
  defaultValue?: string;
  placeholder?: string;
  /** The text a chosen file stands in for: the field is hidden while a file is chosen (docs/product.md §2). */
  replacedByFile?: boolean;
}

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
  /** JSON body, or multipart form with text fields (docs/product.md §7: doc summarizer and resume assistant). */
  transport: 'json' | 'multipart';
  /** The form, in the order it shows its fields. */
  fields: readonly ToolField[];
  /** The field whose value titles the chat in the history (docs/product.md §3 request display title). */
  titleField: string;
  buttonLabel: string;
  /** The button's label while a request runs: busyLabel(buttonLabel), docs/product.md §4. */
  busyLabel: string;
  /** The field of the JSON reply (and the SSE `done` event) that holds the result. */
  outputField: string;
  /** Whether the form empties after a successful run (docs/product.md §4). */
  clearOnSuccess: boolean;
  /**
   * Set when the answer is a document to take away: it then downloads as .docx and .md
   * (GET /api/history/:id/export), under this name for it ('Optimized resume').
   */
  downloadLabel?: string;
}

const languageField = {
  name: 'language',
  label: 'Language',
  kind: 'select',
  required: true,
  options: CODE_LANGUAGES,
  defaultValue: 'javascript',
} as const satisfies ToolField;
const codeField = {
  name: 'code',
  label: 'Your Code',
  kind: 'code',
  required: true,
  placeholder: 'Paste the code here…',
} as const satisfies ToolField;

/** The document drop zone of the multipart tools: the request's `file` part. */
function documentField(label: string) {
  return { name: 'file', label, kind: 'file', required: false } as const satisfies ToolField;
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
    fields: [languageField, codeField],
    titleField: 'code',
    buttonLabel: 'Explain Code',
    busyLabel: 'Explaining...',
    outputField: 'explanation',
    clearOnSuccess: false,
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
    fields: [
      documentField('Document (PDF, DOC, DOCX, ODT or TXT)'),
      {
        name: 'text',
        label: 'Or paste your text',
        kind: 'textarea',
        required: true,
        placeholder: 'Paste the text here…',
        replacedByFile: true,
      },
    ],
    titleField: 'text',
    buttonLabel: 'Summarize Now',
    busyLabel: 'Summarizing...',
    outputField: 'summary',
    clearOnSuccess: true,
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
    fields: [languageField, codeField],
    titleField: 'code',
    buttonLabel: 'Refactor Code',
    busyLabel: 'Refactoring...',
    outputField: 'refactoredCode',
    clearOnSuccess: false,
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
    fields: [
      {
        name: 'topic',
        label: 'Article Topic',
        kind: 'text',
        required: true,
        placeholder: 'e.g. How small teams can adopt code review without slowing down',
      },
    ],
    titleField: 'topic',
    buttonLabel: 'Generate Article',
    busyLabel: 'Generating...',
    outputField: 'article',
    clearOnSuccess: false,
  },
  'email-helper': {
    slug: 'email-helper',
    name: 'Email Helper',
    tagline: 'Draft your email in seconds with polished, professional, and personalized suggestions',
    description: 'Write clear e-mails in the tone you choose, subject line included.',
    path: '/services/email-helper',
    icon: 'mail',
    apiPath: '/api/email-helper',
    transport: 'json',
    fields: [
      {
        name: 'tone',
        label: 'Tone',
        kind: 'select',
        required: true,
        options: EMAIL_TONES,
        defaultValue: DEFAULT_TONE,
      },
      {
        name: 'prompt',
        label: 'What should the email say?',
        kind: 'textarea',
        required: true,
        placeholder: 'e.g. Ask the landlord to fix the heating before Friday, politely but firmly',
      },
    ],
    titleField: 'prompt',
    buttonLabel: 'Generate Email',
    busyLabel: 'Generating...',
    outputField: 'email',
    clearOnSuccess: false,
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
    fields: [
      documentField('Resume (PDF, DOCX or TXT)'),
      {
        name: 'text',
        label: 'Or paste your resume',
        kind: 'textarea',
        required: true,
        placeholder: 'Paste the text here…',
        replacedByFile: true,
      },
      {
        name: 'jobDescription',
        label: 'Job Description',
        kind: 'textarea',
        required: false,
        placeholder: 'Paste the job description to tailor the resume to it (optional)',
      },
      {
        name: 'tone',
        label: 'Tone',
        kind: 'select',
        required: true,
        options: RESUME_TONES,
        defaultValue: DEFAULT_TONE,
      },
      {
        name: 'role',
        label: 'Target Role',
        kind: 'text',
        required: false,
        placeholder: 'e.g. Senior Frontend Engineer (optional)',
      },
    ],
    titleField: 'text',
    buttonLabel: 'Optimize Resume',
    busyLabel: 'Optimizing...',
    outputField: 'optimizedResume',
    clearOnSuccess: true,
    downloadLabel: 'Optimized resume',
  },
} as const satisfies { [S in ToolSlug]: ToolDefinition<S> };

/** The tools as a list, in the product's order. */
export const TOOL_LIST: readonly ToolDefinition[] = TOOL_SLUGS.map((slug) => TOOLS[slug]);

export function isToolSlug(value: string | undefined): value is ToolSlug {
  return value !== undefined && Object.hasOwn(TOOLS, value);
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
