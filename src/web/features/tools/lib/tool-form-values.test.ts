import { describe, expect, it } from 'vitest';
import { TOOLS } from '#shared/tools';
import {
  chosenDocument,
  defaultToolValues,
  documentFieldOf,
  textValuesToSend,
  toolFormResolver,
} from './tool-form-values.ts';

const summarizer = TOOLS['doc-summarizer'];
const resume = TOOLS['resume-assistant'];
const pdf = new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' });
const resolverOptions = { shouldUseNativeValidation: false, fields: {} } as never;

describe('the tool form values', () => {
  it('starts each tool with its defaults and no document', () => {
    expect(defaultToolValues(summarizer)).toEqual({ file: null, text: '' });
    expect(defaultToolValues(resume)).toEqual({
      file: null,
      text: '',
      jobDescription: '',
      tone: 'professional',
      role: '',
    });
    expect(documentFieldOf(TOOLS['article-generator'])).toBeUndefined();
    expect(documentFieldOf(summarizer)?.name).toBe('file');
  });

  it('leaves the pasted text out while a document is chosen, and keeps it otherwise', () => {
    const values = { file: pdf, text: 'hidden text', jobDescription: 'React', tone: 'formal', role: '' };
    expect(chosenDocument(resume, values)).toBe(pdf);
    expect(textValuesToSend(resume, values)).toEqual({ jobDescription: 'React', tone: 'formal', role: '' });
    expect(textValuesToSend(resume, { ...values, file: null })).toEqual({
      text: 'hidden text',
      jobDescription: 'React',
      tone: 'formal',
      role: '',
    });
  });
});

describe('toolFormResolver', () => {
  it('requires the text without a document', async () => {
    const result = await toolFormResolver(summarizer)({ file: null, text: '  ' }, undefined, resolverOptions);
    expect(result.errors.text?.message).toBe('Text to summarize is required.');
  });

  it('accepts a document without text and hands the file to the submit handler', async () => {
    const result = await toolFormResolver(summarizer)({ file: pdf, text: '' }, undefined, resolverOptions);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ file: pdf });
  });

  it('validates the other fields of the resume form with a document, and sends the tone', async () => {
    const values = { file: pdf, text: '', jobDescription: '', tone: 'confident', role: 'Staff Engineer' };
    const result = await toolFormResolver(resume)(values, undefined, resolverOptions);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ file: pdf, tone: 'confident', role: 'Staff Engineer' });
  });

  it('does not hold a hidden over-long text against a chosen document', async () => {
    const values = { file: pdf, text: 'x'.repeat(200_000) };
    expect((await toolFormResolver(summarizer)(values, undefined, resolverOptions)).errors).toEqual({});
  });
});
