import { describe, expect, it } from 'vitest';
import { DocxBody } from './docx-body.ts';
import { MarkdownWriter } from './markdown-writer.ts';
import { parseXml } from './xml-stream.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const p = (...runs: string[]) => `<w:p>${runs.map((run) => `<w:r>${run}</w:r>`).join('')}</w:p>`;
const t = (text: string) => `<w:t xml:space="preserve">${text}</w:t>`;
const RENDERED = '<w:lastRenderedPageBreak/>';
const HARD = '<w:br w:type="page"/>';

async function read(body: string) {
  const writer = new MarkdownWriter(100_000);
  await parseXml(
    `<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    new DocxBody(writer, new Map(), new Map()),
  );
  const text = writer.text();
  const starts = writer.pageStarts();
  return {
    text,
    pages: starts.map((start, i) => text.slice(start, starts[i + 1] ?? text.length).trim()),
    hasPageBreaks: writer.hasPageBreaks,
    tables: writer.tables,
  };
}

describe('DocxBody pages', () => {
  it('starts a page with the paragraph whose first run holds Word’s rendered page break', async () => {
    const { pages } = await read(p(t('One.')) + p(RENDERED, t('Two.')) + p(t('Still two.')));
    expect(pages).toEqual(['One.', 'Two.\n\nStill two.']);
  });

  it('gives a paragraph that runs over a page break to the page it starts on', async () => {
    const { pages, text } = await read(p(t('Starts here and '), RENDERED, t('ends there.')) + p(t('Next.')));
    expect(text).toBe('Starts here and ends there.\n\nNext.');
    expect(pages).toEqual(['Starts here and ends there.', 'Next.']);
  });

  it('counts an author’s page break, and Word’s rendered mark right after it as the same break', async () => {
    const { pages } = await read(
      p(t('One.')) + p(HARD) + p(RENDERED, t('Two.')) + p(HARD) + p(HARD) + p(t('Four.')),
    );
    expect(pages).toEqual(['One.', 'Two.', '', 'Four.']);
  });

  it('starts the page after a table in which a page break fell, and counts the table', async () => {
    const table = `<w:tbl><w:tr><w:tc>${p(t('a'))}</w:tc><w:tc>${p(t('b'))}</w:tc></w:tr><w:tr><w:tc>${p(RENDERED, t('c'))}</w:tc><w:tc>${p(t('d'))}</w:tc></w:tr></w:tbl>`;
    const { pages, tables } = await read(p(t('Before.')) + table + p(t('After.')));
    expect(tables).toBe(1);
    expect(pages).toEqual(['Before.\n\n| a | b |\n| --- | --- |\n| c | d |', 'After.']);
  });

  it('leaves a document without page breaks without pages', async () => {
    const { hasPageBreaks } = await read(p(t('One.'), '<w:br/>', t('Same paragraph.')));
    expect(hasPageBreaks).toBe(false);
  });
});
