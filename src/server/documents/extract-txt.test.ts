import { describe, expect, it } from 'vitest';
import { pagesOfText } from './extract-txt.ts';

describe('pagesOfText', () => {
  it('is the trimmed text, one page, without a form feed', () => {
    expect(pagesOfText('\n  Plain text.\n\nTwo paragraphs. \n')).toEqual({
      text: 'Plain text.\n\nTwo paragraphs.',
      pageStarts: [0],
    });
  });

  it('ends a page at each form feed, the pages trimmed and a blank line apart', () => {
    const { text, pageStarts } = pagesOfText('Page one.\n\fPage two,\nsecond line.\n\f  Page three.');
    expect(text).toBe('Page one.\n\nPage two,\nsecond line.\n\nPage three.');
    expect(pageStarts).toEqual([0, 11, 35]);
    expect(text.slice(pageStarts[1], pageStarts[2])).toBe('Page two,\nsecond line.\n\n');
  });

  it('gives an empty page the next page’s start, and does not count a form feed that ends the file', () => {
    expect(pagesOfText('\fOne.\f\f Two. \f\n')).toEqual({ text: 'One.\n\nTwo.', pageStarts: [0, 0, 6, 6] });
    expect(pagesOfText('One.\f\f')).toEqual({ text: 'One.', pageStarts: [0, 4] });
  });
});
