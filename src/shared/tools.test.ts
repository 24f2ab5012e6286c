import { describe, expect, it } from 'vitest';
import { SERVICE_SLUGS } from './services.ts';
import { MAX_TEXT_CHARS } from './tool-inputs.ts';
import { TOOLS, toolRequestTitle } from './tools.ts';

describe('tool catalogue', () => {
  it('defines all six services with the spec paths, buttons and output fields', () => {
    expect(Object.keys(TOOLS).sort()).toEqual([...SERVICE_SLUGS].sort());
    const summary = SERVICE_SLUGS.map((s) => [
      s,
      TOOLS[s].apiPath,
      TOOLS[s].buttonLabel,
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

  it('derives the busy labels of docs/product.md §4 from the button wording', () => {
    expect(SERVICE_SLUGS.map((s) => TOOLS[s].busyLabel)).toEqual([
      'Explaining...',
      'Summarizing...',
      'Refactoring...',
      'Generating...',
      'Generating...',
      'Optimizing...',
    ]);
  });

  it('labels the form fields as docs/product.md §2 does', () => {
    const labels = (slug: keyof typeof TOOLS) => TOOLS[slug].fields.map((f) => f.label);
    expect(labels('article-generator')).toEqual(['Article Topic']);
    expect(labels('code-explainer')).toContain('Your Code');
    expect(labels('email-helper')).toEqual(['Tone', 'What should the email say?']);
    expect(labels('resume-assistant')).toEqual(
      expect.arrayContaining(['Job Description', 'Tone', 'Target Role']),
    );
    expect(TOOLS['doc-summarizer'].transport).toBe('multipart');
    expect(TOOLS['resume-assistant'].transport).toBe('multipart');
  });
});

describe('tool input schemas', () => {
  it('requires the code and accepts only the six languages', () => {
    const schema = TOOLS['code-explainer'].schema;
    expect(schema.safeParse({ code: 'x = 1', language: 'python' }).success).toBe(true);
    const missing = schema.safeParse({ code: '   ', language: 'python' });
    expect(missing.error?.issues[0]?.message).toBe('Code is required.');
    const badLanguage = schema.safeParse({ code: 'x', language: 'cobol' });
    expect(badLanguage.error?.issues[0]?.message).toMatch(/^Language must be one of: javascript, typescript/);
  });

  it('defaults the e-mail and resume tones to professional and rejects unknown tones', () => {
    expect(TOOLS['email-helper'].schema.parse({ prompt: 'Ask for a day off' }).tone).toBe('professional');
    expect(TOOLS['resume-assistant'].schema.parse({ text: 'CV' }).tone).toBe('professional');
    expect(TOOLS['email-helper'].schema.safeParse({ prompt: 'x', tone: 'confident' }).success).toBe(false);
    expect(TOOLS['resume-assistant'].schema.safeParse({ text: 'x', tone: 'apologetic' }).success).toBe(false);
  });

  it('drops blank optional resume fields and trims the rest', () => {
    const parsed = TOOLS['resume-assistant'].schema.parse({
      text: ' CV ',
      jobDescription: '  ',
      role: ' Dev ',
    });
    expect(parsed).toEqual({ text: 'CV', jobDescription: undefined, tone: 'professional', role: 'Dev' });
  });

  it('reports oversize text as a too_big issue with a readable message', () => {
    const result = TOOLS['doc-summarizer'].schema.safeParse({ text: 'a'.repeat(MAX_TEXT_CHARS + 1) });
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
