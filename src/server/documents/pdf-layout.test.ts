import { describe, expect, it } from 'vitest';
import { MarkdownWriter } from './markdown-writer.ts';
import { type PlacedText, writePdfPage } from './pdf-layout.ts';

/** A run at 11 pt on line `row` (14 pt apart, from the top of the page down), starting at `x`. */
const at = (str: string, row: number, x = 50): PlacedText => ({
  str,
  x,
  y: 800 - row * 14,
  width: str.length * 5.5,
  size: 11,
});

/** One run per line, from the top of the page down. */
const lines = (...texts: string[]) => texts.map((text, row) => at(text, row));

function page(items: PlacedText[]) {
  const writer = new MarkdownWriter(100_000);
  const chars = writePdfPage(items, writer);
  return { text: writer.text(), chars };
}

describe('writePdfPage', () => {
  it('joins the lines of a paragraph, mending a lower-case word hyphenated at the end of a line', () => {
    expect(page(lines('The naïve infor-', 'mation from Zürich-', 'Basel.')).text).toBe(
      'The naïve information from Zürich- Basel.',
    );
  });

  it('reads aligned columns on consecutive lines as a table, and "1." lines as a numbered list', () => {
    const items = [
      ...lines('City', 'Zürich', '東京'),
      at('Staff', 0, 210),
      at('12', 1, 210),
      at('30', 2, 210),
      at('1. Sign the lease', 4),
    ];
    expect(page(items).text).toBe(
      '| City | Staff |\n| --- | --- |\n| Zürich | 12 |\n| 東京 | 30 |\n\n1. Sign the lease',
    );
  });

  it('counts the characters of the text it read, and none on a page of blanks', () => {
    expect(page(lines('Zürich', '東京')).chars).toBe(8);
    expect(page(lines(' ', '\t')).chars).toBe(0);
  });
});

describe('MarkdownWriter', () => {
  it('makes each run of spaces, tabs and no-break spaces one space, and leaves single spaces alone', () => {
    const writer = new MarkdownWriter(1000);
    writer.paragraph('  Zürich  and\t東京\u00a0 and \u00a0naïve \t ');
    expect(writer.text()).toBe('Zürich and 東京 and naïve');
  });
});
