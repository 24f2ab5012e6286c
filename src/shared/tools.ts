import type { z } from 'zod';
import type { ServiceSlug } from './services.ts';
import { busyLabel, requestDisplayTitle } from './text.ts';
import {
  articleInputSchema,
  CODE_LANGUAGES,
  codeInputSchema,
  DEFAULT_TONE,
  EMAIL_TONES,
  emailInputSchema,
  RESUME_TONES,
  resumeInputSchema,
  summaryInputSchema,
} from './tool-inputs.ts';

/**
 * The six AI helpers as data (docs/product.md §2, §5, §7, §9): input schema, form fields, button, output field and
 * API path. The server's route factory and the web's form component both read this catalogue.
 */

export interface ToolField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'select';
  required: boolean;
  options?: readonly string[];
  defaultValue?: string;
  placeholder?: string;
}

interface ToolShape<S extends ServiceSlug, Schema extends z.ZodType, Output extends string> {
  slug: S;
  apiPath: `/api/${string}`;
  /** JSON body, or multipart form with text fields (docs/product.md §7: doc summarizer and resume assistant). */
  transport: 'json' | 'multipart';
  schema: Schema;
  fields: readonly ToolField[];
  buttonLabel: string;
  busyLabel: string;
  outputField: Output;
}

function tool<S extends ServiceSlug, Schema extends z.ZodType, Output extends string>(
  t: Omit<ToolShape<S, Schema, Output>, 'busyLabel'>,
): ToolShape<S, Schema, Output> {
  return { ...t, busyLabel: busyLabel(t.buttonLabel) };
}

const languageField: ToolField = {
  name: 'language',
  label: 'Language',
  kind: 'select',
  required: true,
  options: CODE_LANGUAGES,
  defaultValue: 'javascript',
};
const codeField: ToolField = { name: 'code', label: 'Your Code', kind: 'textarea', required: true };

export const TOOLS = {
  'code-explainer': tool({
    slug: 'code-explainer',
    apiPath: '/api/explain-code',
    transport: 'json',
    schema: codeInputSchema,
    fields: [languageField, codeField],
    buttonLabel: 'Explain Code',
    outputField: 'explanation',
  }),
  'code-refactor': tool({
    slug: 'code-refactor',
    apiPath: '/api/refactor-code',
    transport: 'json',
    schema: codeInputSchema,
    fields: [languageField, codeField],
    buttonLabel: 'Refactor Code',
    outputField: 'refactoredCode',
  }),
  'article-generator': tool({
    slug: 'article-generator',
    apiPath: '/api/generate-article',
    transport: 'json',
    schema: articleInputSchema,
    fields: [{ name: 'topic', label: 'Article Topic', kind: 'text', required: true }],
    buttonLabel: 'Generate Article',
    outputField: 'article',
  }),
  'email-helper': tool({
    slug: 'email-helper',
    apiPath: '/api/email-helper',
    transport: 'json',
    schema: emailInputSchema,
    fields: [
      {
        name: 'tone',
        label: 'Tone',
        kind: 'select',
        required: true,
        options: EMAIL_TONES,
        defaultValue: DEFAULT_TONE,
      },
      { name: 'prompt', label: 'What should the email say?', kind: 'textarea', required: true },
    ],
    buttonLabel: 'Generate Email',
    outputField: 'email',
  }),
  'doc-summarizer': tool({
    slug: 'doc-summarizer',
    apiPath: '/api/doc-summarizer',
    transport: 'multipart',
    schema: summaryInputSchema,
    fields: [{ name: 'text', label: 'Paste your text', kind: 'textarea', required: true }],
    buttonLabel: 'Summarize Now',
    outputField: 'summary',
  }),
  'resume-assistant': tool({
    slug: 'resume-assistant',
    apiPath: '/api/resume-assistant',
    transport: 'multipart',
    schema: resumeInputSchema,
    fields: [
      { name: 'text', label: 'Resume (PDF, DOCX or TXT) or pasted text', kind: 'textarea', required: true },
      { name: 'jobDescription', label: 'Job Description', kind: 'textarea', required: false },
      {
        name: 'tone',
        label: 'Tone',
        kind: 'select',
        required: true,
        options: RESUME_TONES,
        defaultValue: DEFAULT_TONE,
      },
      { name: 'role', label: 'Target Role', kind: 'text', required: false },
    ],
    buttonLabel: 'Optimize Resume',
    outputField: 'optimizedResume',
  }),
} as const;

export type ToolCatalogue = typeof TOOLS;
export type ToolDefinition = ToolCatalogue[ServiceSlug];
export type ToolInput<S extends ServiceSlug> = z.infer<ToolCatalogue[S]['schema']>;
export type ToolOutputField = ToolDefinition['outputField'];

/** The request display title (docs/product.md §3) of a validated tool input, as the tool's transport sends it. */
export function toolRequestTitle(definition: ToolDefinition, input: Record<string, unknown>): string {
  const ordered = definition.fields
    .map((f) => [f.name, input[f.name]] as const)
    .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  if (definition.transport === 'multipart' && typeof FormData !== 'undefined') {
    const form = new FormData();
    for (const [name, value] of ordered) form.append(name, value);
    return requestDisplayTitle(form);
  }
  // JSON bodies are sent in the spec's field order: code before language, tone before prompt.
  const specOrder: Record<string, number> = { code: 0, language: 1, topic: 0, tone: 0, prompt: 1 };
  const sorted = [...ordered].sort((a, b) => (specOrder[a[0]] ?? 9) - (specOrder[b[0]] ?? 9));
  return requestDisplayTitle(Object.fromEntries(sorted));
}
