import { describe, expect, it } from 'vitest';
import { busyLabel } from './text.ts';
import { TOOL_FORMS } from './tool-forms.ts';
import { MAX_TEXT_CHARS, TOOL_INPUT_SCHEMAS } from './tool-inputs.ts';
import {
  formatToolName,
  isToolSlug,
  TOOL_LIST,
  TOOL_SLUGS,
  TOOLS,
  toolRequestTitle,
  toolTagline,
} from './tools.ts';

describe('tool catalogue', () => {
  it('defines all six tools with the product paths, buttons and output fields', () => {
    expect(Object.keys(TOOLS).sort()).toEqual([...TOOL_SLUGS].sort());
    const summary = TOOL_SLUGS.map((s) => [
      s,
      TOOLS[s].apiPath,
      TOOL_FORMS[s].buttonLabel,
      TOOLS[s].outputField,
    ]);
    expect(summary).toEqual([
      ['code-explainer', '/api/explain-code', 'Explain Code', 'explanation'],
      ['doc-summarizer', '/api/doc-summarizer', 'Summarize Now', 'summary'],
      ['code-refactor', '/api/refactor-code', 'Refactor Code', 'refactoredCode'],
      ['article-generator', '/api/generate-article', 'Generate Article', 'article'],
      ['email-helper', '/api/email-helper', 'Generate Email', 'email'],
      ['resume-assistant', '/api/resume-assistant', 'Optimize Resume', 'optimizedResume'],
    ]);
  });

  it('lists the tools in the product order with their /services routes', () => {
    expect(TOOL_LIST.map((t) => t.path)).toEqual([
      '/services/code-explainer',
      '/services/doc-summarizer',
      '/services/code-refactor',
      '/services/article-generator',
      '/services/email-helper',
      '/services/resume-assistant',
    ]);
  });

  it('has the busy labels of docs/product.md §4', () => {
    expect(TOOL_SLUGS.map((s) => TOOL_FORMS[s].busyLabel)).toEqual([
      'Explaining...',
      'Summarizing...',
      'Refactoring...',
      'Generating...',
      'Generating...',
      'Optimizing...',
    ]);
  });

  it('labels the form fields as docs/product.md §2 does', () => {
    const labels = (slug: keyof typeof TOOLS) => TOOL_FORMS[slug].fields.map((f) => f.label);
    expect(labels('article-generator')).toEqual(['Article Topic']);
    expect(labels('code-explainer')).toContain('Your Code');
    // Tone and 'What should the email say?' (§2), and what issue 34 adds: a reply's thread, several drafts.
    expect(labels('email-helper')).toEqual([
      'Tone',
      'Intent',
      'What should the email say?',
      'Replying to (.eml file)',
      'Or paste the thread',
      'Drafts',
    ]);
    expect(labels('resume-assistant')).toEqual(
      expect.arrayContaining(['Job Description', 'Tone', 'Target Role']),
    );
    expect(TOOLS['doc-summarizer'].transport).toBe('multipart');
    expect(TOOLS['resume-assistant'].transport).toBe('multipart');
    expect(TOOLS['email-helper'].transport).toBe('multipart');
  });

  it('empties the form after a success only for the document tools (docs/product.md §4)', () => {
    expect(TOOL_SLUGS.filter((s) => TOOL_FORMS[s].clearOnSuccess)).toEqual([
      'doc-summarizer',
      'resume-assistant',
    ]);
  });
});

describe('every catalogue entry is complete and consistent', () => {
  describe.each(TOOL_SLUGS)('%s', (slug) => {
    const tool = TOOLS[slug];
    const form = TOOL_FORMS[slug];
    const schema = TOOL_INPUT_SCHEMAS[slug];
    const inputs = Object.keys(schema.shape);

    it('is keyed by its own slug, named and routed from it', () => {
      expect(tool.slug).toBe(slug);
      expect(tool.name).toBe(formatToolName(slug));
      expect(tool.path).toBe(`/services/${slug}`);
      expect(isToolSlug(slug)).toBe(true);
      expect(toolTagline(slug)).toBe(tool.tagline);
    });

    it('has every text users see', () => {
      for (const text of [tool.tagline, tool.description, form.buttonLabel, tool.icon, tool.outputField]) {
        expect(text.trim()).not.toBe('');
      }
      expect(form.busyLabel).toBe(busyLabel(form.buttonLabel));
    });

    it('has a unique API path and output field', () => {
      expect(TOOL_LIST.filter((t) => t.apiPath === tool.apiPath)).toHaveLength(1);
      expect(tool.apiPath).toMatch(/^\/api\/[a-z-]+$/);
    });

    it('has one form field per input of its schema (and the drop zone for its file part), and no other', () => {
      const typed = form.fields.filter((f) => f.kind !== 'file');
      expect(typed.map((f) => f.name).sort()).toEqual([...inputs].sort());
      const files = form.fields.filter((f) => f.kind === 'file');
      expect(files.map((f) => f.name)).toEqual(tool.transport === 'multipart' ? ['file'] : []);
    });

    it('titles chats by a required field', () => {
      const field = form.fields.find((f) => f.name === tool.titleField);
      expect(field?.required).toBe(true);
    });

    it('gives every typed field a placeholder (the drop zone has its own prompt) and every select its schema options', () => {
      for (const field of form.fields) {
        if (field.kind === 'select') {
          const accepted = field.options.filter((o) => schema.safeParse(sampleWith(field.name, o)).success);
          expect(accepted).toEqual([...field.options]);
          expect(field.options).toContain(field.defaultValue);
        } else if (field.kind !== 'file') {
          expect(field.placeholder?.trim()).toBeTruthy();
        }
      }
    });

    /** A valid input of this tool with one field set to `value`. */
    function sampleWith(name: string, value: string): Record<string, string> {
      const sample: Record<string, string> = {};
      for (const field of form.fields) {
        sample[field.name] = field.kind === 'select' ? (field.defaultValue ?? '') : 'sample';
      }
      return { ...sample, [name]: value };
    }
  });

  it('rejects what is not a slug', () => {
    for (const value of ['', 'Code-Explainer', 'toString', '__proto__', undefined])
      expect(isToolSlug(value)).toBe(false);
  });
});

describe('tool input schemas', () => {
  it('requires the code and accepts only the six languages', () => {
    const schema = TOOL_INPUT_SCHEMAS['code-explainer'];
    expect(schema.safeParse({ code: 'x = 1', language: 'python' }).success).toBe(true);
    const missing = schema.safeParse({ code: '   ', language: 'python' });
    expect(missing.error?.issues[0]?.message).toBe('Code is required.');
    const badLanguage = schema.safeParse({ code: 'x', language: 'cobol' });
    expect(badLanguage.error?.issues[0]?.message).toMatch(/^Language must be one of: javascript, typescript/);
  });

  it('defaults the e-mail and resume tones to professional and rejects unknown tones', () => {
    expect(TOOL_INPUT_SCHEMAS['email-helper'].parse({ prompt: 'Ask for a day off' }).tone).toBe(
      'professional',
    );
    expect(TOOL_INPUT_SCHEMAS['resume-assistant'].parse({ text: 'CV' }).tone).toBe('professional');
    expect(TOOL_INPUT_SCHEMAS['email-helper'].safeParse({ prompt: 'x', tone: 'confident' }).success).toBe(
      false,
    );
    expect(TOOL_INPUT_SCHEMAS['resume-assistant'].safeParse({ text: 'x', tone: 'apologetic' }).success).toBe(
      false,
    );
  });

  it('drops blank optional resume fields and trims the rest', () => {
    const parsed = TOOL_INPUT_SCHEMAS['resume-assistant'].parse({
      text: ' CV ',
      jobDescription: '  ',
      role: ' Dev ',
    });
    expect(parsed).toEqual({ text: 'CV', jobDescription: undefined, tone: 'professional', role: 'Dev' });
  });

  it('reports oversize text as a too_big issue with a readable message', () => {
    const result = TOOL_INPUT_SCHEMAS['doc-summarizer'].safeParse({ text: 'a'.repeat(MAX_TEXT_CHARS + 1) });
    expect(result.error?.issues[0]?.code).toBe('too_big');
    expect(result.error?.issues[0]?.message).toBe(
      'Text to summarize is too long: at most 100,000 characters.',
    );
  });
});

describe('toolRequestTitle (docs/product.md §3)', () => {
  it('uses the code for code tools, the prompt for e-mails and the topic for articles', () => {
    expect(toolRequestTitle(TOOLS['code-explainer'], { language: 'python', code: 'print(1)' })).toBe(
      'print(1)',
    );
    expect(toolRequestTitle(TOOLS['email-helper'], { tone: 'friendly', prompt: 'Invite the team' })).toBe(
      'Invite the team',
    );
    expect(toolRequestTitle(TOOLS['article-generator'], { topic: 'Rust' })).toBe('Rust');
  });

  it('uses the text field of multipart tools, cut at 100 characters plus ...', () => {
    const long = 'w'.repeat(150);
    expect(toolRequestTitle(TOOLS['resume-assistant'], { text: long, tone: 'formal' })).toBe(
      `${'w'.repeat(100)}...`,
    );
    expect(toolRequestTitle(TOOLS['doc-summarizer'], { text: 'Short doc' })).toBe('Short doc');
  });
});
