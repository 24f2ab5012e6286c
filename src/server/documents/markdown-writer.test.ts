import { describe, expect, it } from 'vitest';
import { MarkdownWriter, TextLimitReached } from './markdown-writer.ts';

/** The text of each page, as the page starts cut it. */
function pagesOf(writer: MarkdownWriter): string[] {
  const text = writer.text();
  const starts = writer.pageStarts();
  return starts.map((start, i) => text.slice(start, starts[i + 1] ?? text.length));
}

describe('MarkdownWriter page starts', () => {
  it('starts each page at its first block, after the blank line before it', () => {
    const writer = new MarkdownWriter(10_000);
    writer.heading(1, 'Report');
    writer.paragraph('First page.');
    writer.pageBreak();
    writer.paragraph('Second page.');
    writer.pageBreak();
    writer.listItem({ depth: 0, ordered: false }, 'An item');
    expect(writer.text()).toBe('# Report\n\nFirst page.\n\nSecond page.\n\n- An item');
    expect(writer.pageStarts()).toEqual([0, 23, 37]);
    expect(pagesOf(writer)).toEqual(['# Report\n\nFirst page.\n\n', 'Second page.\n\n', '- An item']);
    expect(writer.pages).toBe(3);
    expect(writer.hasPageBreaks).toBe(true);
  });

  it('gives a page without text the start of the next one, or the end of the text', () => {
    const writer = new MarkdownWriter(10_000);
    writer.pageBreak(); // page 1 is empty: page 2 starts the text
    writer.paragraph('Page two.');
    writer.pageBreak();
    writer.paragraph('   '); // nothing written
    writer.pageBreak();
    writer.paragraph('Page four.');
    writer.pageBreak();
    writer.pageBreak();
    expect(writer.text()).toBe('Page two.\n\nPage four.');
    expect(writer.pageStarts()).toEqual([0, 0, 11, 11, 21, 21]);
    expect(pagesOf(writer)).toEqual(['', 'Page two.\n\n', '', 'Page four.', '', '']);
  });

  it('keeps a list that runs on over a page break together, its page starting at its next item', () => {
    const writer = new MarkdownWriter(10_000);
    writer.listItem({ depth: 0, ordered: true, number: 1 }, 'One');
    writer.pageBreak();
    writer.listItem({ depth: 0, ordered: true, number: 2 }, 'Two');
    expect(writer.text()).toBe('1. One\n2. Two');
    expect(writer.pageStarts()).toEqual([0, 7]);
  });

  it('has one page starting at 0 and no page breaks until told', () => {
    const writer = new MarkdownWriter(10_000);
    writer.paragraph('Only text.');
    expect(writer.pageStarts()).toEqual([0]);
    expect(writer.pages).toBe(1);
    expect(writer.hasPageBreaks).toBe(false);
  });

  it('still stops at the character limit', () => {
    const writer = new MarkdownWriter(20);
    writer.paragraph('Twelve chars');
    writer.pageBreak();
    expect(() => writer.paragraph('and more than eight')).toThrow(TextLimitReached);
  });
});

describe('MarkdownWriter tables', () => {
  it('counts the pipe tables it writes, not one-column layout boxes or empty tables', () => {
    const writer = new MarkdownWriter(10_000);
    writer.table([
      ['City', 'Staff'],
      ['Zürich', '12'],
    ]);
    writer.table([['A layout box'], ['read as paragraphs']]);
    writer.table([['', '']]);
    writer.table([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(writer.tables).toBe(2);
    expect(writer.text()).toContain('| City | Staff |\n| --- | --- |\n| Zürich | 12 |');
  });
});
