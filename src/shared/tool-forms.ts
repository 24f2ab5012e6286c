import {
  CODE_LANGUAGES,
  DEFAULT_TONE,
  EMAIL_INTENTS,
  EMAIL_TONES,
  MAX_EMAIL_VARIANTS,
  RESUME_TONES,
  type ToolSlug,
} from './tools.ts';

/**
 * Each tool's form (docs/product.md §2, §4, §5): its fields in the order it shows them, the button and
 * busy labels, and whether it empties after a success. Kept apart from the catalogue (tools.ts) so
 * that the pages that only list the tools (menus, the landing page) do not load every form; keyed by
 * `ToolSlug`, so a tool without a form does not compile.
 */

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
  /** A select's options as shown, where the value is not its own label ('reply-all' → 'Reply to all'). */
  optionLabels?: Readonly<Record<string, string>>;
  defaultValue?: string;
  placeholder?: string;
  /** The text a chosen file stands in for: the field is hidden while a file is chosen (docs/product.md §2). */
  replacedByFile?: boolean;
}

export interface ToolForm {
  /** The form, in the order it shows its fields. */
  fields: readonly ToolField[];
  buttonLabel: string;
  /** The button's label while a request runs: busyLabel(buttonLabel), docs/product.md §4. */
  busyLabel: string;
  /** Whether the form empties after a successful run (docs/product.md §4). */
  clearOnSuccess: boolean;
  /**
   * The form in use, for the landing page's scroll-driven showcase: a short, realistic request (what is
   * filled in) and the kind of answer it gets.
   */
  sample: { input: string; output: string };
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

export const TOOL_FORMS = {
  'code-explainer': {
    fields: [languageField, codeField],
    buttonLabel: 'Explain Code',
    busyLabel: 'Explaining...',
    clearOnSuccess: false,
    sample: {
      input: 'const save = useMemo(() => debounce(persist, 500), []);',
      output:
        'Creates one debounced save function per mount. Rapid edits trigger a single persist call, 500 ms after the last change.',
    },
  },
  'doc-summarizer': {
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
    buttonLabel: 'Summarize Now',
    busyLabel: 'Summarizing...',
    clearOnSuccess: true,
    sample: {
      input: 'q3-engineering-report.pdf · 38 pages',
      output:
        'Key points: deploys up 40%, incident count halved, two hiring gaps in platform, budget on track.',
    },
  },
  'code-refactor': {
    fields: [languageField, codeField],
    buttonLabel: 'Refactor Code',
    busyLabel: 'Refactoring...',
    clearOnSuccess: false,
    sample: {
      input: 'if (user) { if (user.active) { if (user.plan) { … } } }',
      output: 'Replaced three nested conditions with early returns and extracted isBillable(user) for reuse.',
    },
  },
  'article-generator': {
    fields: [
      {
        name: 'topic',
        label: 'Article Topic',
        kind: 'text',
        required: true,
        placeholder: 'e.g. How small teams can adopt code review without slowing down',
      },
    ],
    buttonLabel: 'Generate Article',
    busyLabel: 'Generating...',
    clearOnSuccess: false,
    sample: {
      input: 'Topic: Why self-hosting your AI tools matters',
      output:
        '# Why Self-Hosting Your AI Tools Matters\n## 1. Your data stays yours\n## 2. Predictable costs',
    },
  },
  'email-helper': {
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
        name: 'intent',
        label: 'Intent',
        kind: 'select',
        required: true,
        options: EMAIL_INTENTS,
        optionLabels: { new: 'New e-mail', reply: 'Reply', 'reply-all': 'Reply to all', forward: 'Forward' },
        defaultValue: 'new',
      },
      {
        name: 'prompt',
        label: 'What should the email say?',
        kind: 'textarea',
        required: true,
        placeholder: 'e.g. Ask the landlord to fix the heating before Friday, politely but firmly',
      },
      // The thread a reply or forward answers (issue 34): its .eml file, or the thread pasted.
      documentField('Replying to (.eml file)'),
      {
        name: 'thread',
        label: 'Or paste the thread',
        kind: 'textarea',
        required: false,
        placeholder: 'Paste the e-mail you are answering, with the quoted messages below it…',
        replacedByFile: true,
      },
      {
        name: 'variants',
        label: 'Drafts',
        kind: 'select',
        required: true,
        options: Array.from({ length: MAX_EMAIL_VARIANTS }, (_, i) => String(i + 1)),
        defaultValue: '1',
      },
    ],
    buttonLabel: 'Generate Email',
    busyLabel: 'Generating...',
    clearOnSuccess: false,
    sample: {
      input: 'Tone: friendly · Tell the client the launch moves to Monday',
      output:
        'Subject: New launch date — Monday\nHi Sam, quick update: we’re moving the launch to Monday so that…',
    },
  },
  'resume-assistant': {
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
    buttonLabel: 'Optimize Resume',
    busyLabel: 'Optimizing...',
    clearOnSuccess: true,
    sample: {
      input: 'Target role: Senior Frontend Engineer',
      output:
        'Led the migration to a design system used by 6 teams, cutting UI bugs reported per release by 35%.',
    },
  },
} as const satisfies { [S in ToolSlug]: ToolForm };

/** A tool's form, typed as any form (TOOL_FORMS keeps each entry's literal types). */
export function toolFormOf(slug: ToolSlug): ToolForm {
  return TOOL_FORMS[slug];
}
