import { describe, expect, it } from 'vitest';
import { MarkdownWriter } from './markdown-writer.ts';
import type { ExtractedDocument } from './read-document.ts';
import { mergeScannedText } from './scanned-text.ts';

/** A PDF's extraction from its pages' blocks ([] for a page without text) and its scanned pages. */
function pdf(pages: string[][], scannedPages: number[]): ExtractedDocument {
  const writer = new MarkdownWriter(1_000_000);
  pages.forEach((blocks, i) => {
    if (i > 0) writer.pageBreak();
    for (const block of blocks) writer.paragraph(block);
  });
  const text = writer.text();
  return {
    text,
    format: 'pdf',
    pages: pages.length,
    pageStarts: writer.pageStarts(),
    tables: 0,
    scannedPages,
    chars: text.length,
  };
}

/** Each page's text as the page starts cut it, without the blank lines between pages. */
function pageTexts(document: ExtractedDocument): string[] {
  const starts = document.pageStarts ?? [];
  return starts.map((start, i) => document.text.slice(start, starts[i + 1] ?? document.text.length).trim());
}

describe('mergeScannedText', () => {
  it('puts each page’s OCR text at its page, a paragraph apart, and moves the later pages’ starts', () => {
    const document = pdf([['Intro.'], [], ['Middle.'], [], []], [2, 4, 5]);
    const merged = mergeScannedText(
      document,
      new Map([
        [2, 'Scanned two.'],
        [4, 'Scanned four.'],
      ]),
    );
    expect(merged.text).toBe('Intro.\n\nScanned two.\n\nMiddle.\n\nScanned four.');
    expect(pageTexts(merged)).toEqual(['Intro.', 'Scanned two.', 'Middle.', 'Scanned four.', '']);
    expect(merged.pageStarts).toEqual([0, 8, 22, 31, 44]);
    expect(merged.chars).toBe(merged.text.length);
    expect(merged.scannedPages).toEqual([5]);
    expect(merged.pages).toBe(5);
  });

  it('puts OCR text after the few characters a scanned page’s own text layer had', () => {
    const document = pdf([['p. 1'], ['Text page.']], [1]);
    const merged = mergeScannedText(document, new Map([[1, 'The scan reads this.']]));
    expect(merged.text).toBe('p. 1\n\nThe scan reads this.\n\nText page.');
    expect(pageTexts(merged)).toEqual(['p. 1\n\nThe scan reads this.', 'Text page.']);
    expect(merged).not.toHaveProperty('scannedPages');
  });

  it('reads a PDF of nothing but scans, whose text was empty', () => {
    const document = pdf([[], [], []], [1, 2, 3]);
    expect(document.text).toBe('');
    const merged = mergeScannedText(
      document,
      new Map([
        [1, 'One.'],
        [3, 'Three.'],
      ]),
    );
    expect(merged.text).toBe('One.\n\nThree.');
    expect(merged.pageStarts).toEqual([0, 6, 6]);
    expect(merged.scannedPages).toEqual([2]);
  });

  it('keeps a blank line before OCR text that follows a list running on into the next page', () => {
    const writer = new MarkdownWriter(10_000);
    writer.listItem({ depth: 0, ordered: false }, 'one');
    writer.pageBreak();
    writer.pageBreak();
    writer.listItem({ depth: 0, ordered: false }, 'two');
    const text = writer.text();
    const document: ExtractedDocument = {
      text,
      format: 'pdf',
      pages: 3,
      pageStarts: writer.pageStarts(),
      tables: 0,
      scannedPages: [2],
      chars: text.length,
    };
    expect(document.text).toBe('- one\n- two');
    const merged = mergeScannedText(document, new Map([[2, 'Scanned.']]));
    expect(merged.text).toBe('- one\n\nScanned.\n\n- two');
    expect(pageTexts(merged)).toEqual(['- one', 'Scanned.', '- two']);
  });

  it('stays within maxChars: the first page that does not fit and every page after are left out and stay listed', () => {
    const document = pdf([['Intro.'], [], [], []], [2, 3, 4]);
    const texts = new Map([
      [2, 'a'.repeat(10)],
      [3, 'b'.repeat(100)],
      [4, 'c'.repeat(5)],
    ]);
    const merged = mergeScannedText(document, texts, 40);
    expect(merged.text).toBe(`Intro.\n\n${'a'.repeat(10)}`);
    expect(merged.text.length).toBeLessThanOrEqual(40);
    expect(merged.scannedPages).toEqual([3, 4]);
    expect(pageTexts(merged)).toEqual(['Intro.', 'a'.repeat(10), '', '']);
  });

  it('ignores blank texts and pages outside the document, and gives the document back when nothing is put in', () => {
    const document = pdf([['Only.'], []], [2]);
    expect(
      mergeScannedText(
        document,
        new Map([
          [2, '  \n '],
          [7, 'Nowhere.'],
        ]),
      ),
    ).toBe(document);
  });

  it('refuses a document without page starts', () => {
    const text = 'Plain.';
    expect(() =>
      mergeScannedText({ text, format: 'txt', tables: 0, chars: text.length }, new Map([[1, 'x']])),
    ).toThrow(/page starts/);
  });
});
