import { describe, expect, it } from 'vitest';
import { OCR_PAGE_MAX_CHARS, ocrParagraphs } from './ocr-text.ts';

describe('ocrParagraphs', () => {
  it('joins each block’s lines into a paragraph, mending words hyphenated at a line’s end', () => {
    const text = 'THE COMMITTEE MET\nIN ZURICH AND re-\nviewed   the budget.\n\n\nPAGE 2 OF THE REPORT\n \n';
    expect(ocrParagraphs(text)).toBe(
      'THE COMMITTEE MET IN ZURICH AND reviewed the budget.\n\nPAGE 2 OF THE REPORT',
    );
  });

  it('is empty for a page that gave no text', () => {
    expect(ocrParagraphs(' \n\n \n')).toBe('');
  });

  it('keeps at most OCR_PAGE_MAX_CHARS of a page, cut at a word', () => {
    const noise = Array.from({ length: 8000 }, (_, i) => `word${i}`).join(' ');
    const kept = ocrParagraphs(`${noise}\n\n${noise}`);
    expect(kept.length).toBeLessThanOrEqual(OCR_PAGE_MAX_CHARS);
    expect(kept.length).toBeGreaterThan(OCR_PAGE_MAX_CHARS - 20);
    expect(noise.startsWith(kept)).toBe(true);
    expect(kept).toMatch(/word\d+$/);
  });
});
