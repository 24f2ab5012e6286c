import { describe, expect, it } from 'vitest';
import type { DocumentCoverage } from '#shared/documents';
import { coverageSentence, pageRuns, toDocumentCoverage } from './document-coverage.ts';

const coverage = (fields: Partial<DocumentCoverage> = {}): DocumentCoverage => ({
  pages: 3,
  pagesWithText: 3,
  pagesOcr: 0,
  pagesUnreadable: [],
  pagesNotRead: [],
  tables: 0,
  characters: 4_000,
  partsSummarized: 1,
  ...fields,
});

describe('coverageSentence', () => {
  it('says every page was read, with the scanned ones and the tables', () => {
    expect(coverageSentence(coverage())).toBe('Read all 3 pages.');
    expect(coverageSentence(coverage({ pages: 223, pagesOcr: 12, tables: 4 }))).toBe(
      'Read all 223 pages (12 scanned), 4 tables.',
    );
    expect(coverageSentence(coverage({ pages: 1, tables: 1 }))).toBe('Read the one page, 1 table.');
    expect(coverageSentence(coverage({ pages: 1_204, pagesOcr: 1_204 }))).toBe(
      'Read all 1,204 pages (1,204 scanned).',
    );
  });

  it('names the pages it could not read, consecutive ones as a range, one page in the singular', () => {
    expect(
      coverageSentence(coverage({ pages: 223, pagesOcr: 12, tables: 4, pagesUnreadable: [17, 18] })),
    ).toBe('Read 221 of 223 pages (12 scanned), 4 tables. Pages 17 and 18 could not be read.');
    expect(coverageSentence(coverage({ pages: 40, pagesUnreadable: [30, 17, 18, 19] }))).toBe(
      'Read 36 of 40 pages. Pages 17–19 and 30 could not be read.',
    );
    expect(coverageSentence(coverage({ pages: 40, pagesUnreadable: [3, 5, 6, 7, 30] }))).toBe(
      'Read 35 of 40 pages. Pages 3, 5–7 and 30 could not be read.',
    );
    expect(coverageSentence(coverage({ pages: 40, pagesUnreadable: [9] }))).toBe(
      'Read 39 of 40 pages. Page 9 could not be read.',
    );
    expect(coverageSentence(coverage({ pages: 2, pagesUnreadable: [1, 2] }))).toBe(
      'Could not read any of the 2 pages.',
    );
  });

  it('says which scanned pages were not read at all, and why, apart from those that could not be', () => {
    expect(
      coverageSentence(
        coverage({
          pages: 80,
          pagesOcr: 48,
          pagesUnreadable: [3, 4],
          pagesNotRead: [{ reason: 'ocr_limit', pages: Array.from({ length: 30 }, (_, i) => 51 + i) }],
        }),
      ),
    ).toBe(
      'Read 48 of 80 pages (48 scanned). Pages 3 and 4 could not be read. Pages 51–80 were not read (past the most scanned pages this server reads).',
    );
    expect(
      coverageSentence(
        coverage({ pages: 6, pagesOcr: 0, pagesNotRead: [{ reason: 'stopped', pages: [1, 2, 3, 4, 5, 6] }] }),
      ),
    ).toBe('Read none of the 6 pages. Pages 1–6 were not read (the answer was stopped first).');
    expect(
      coverageSentence(coverage({ pages: 10, pagesNotRead: [{ reason: 'text_limit', pages: [10] }] })),
    ).toBe(
      'Read 9 of 10 pages. Page 10 was not read (past the most text this server takes from one document).',
    );
  });

  it('counts the rest when many scattered pages could not be read', () => {
    const scattered = Array.from({ length: 20 }, (_, i) => 2 * i + 1);
    expect(coverageSentence(coverage({ pages: 100, pagesUnreadable: scattered }))).toBe(
      'Read 80 of 100 pages. 20 pages could not be read: 1, 3, 5, 7, 9, 11, 13 and others.',
    );
  });

  it('speaks of the whole document and its characters when it has no page numbers', () => {
    expect(
      coverageSentence(coverage({ pages: null, pagesWithText: null, characters: 12_345, tables: 2 })),
    ).toBe('Read the whole document (12,345 characters), 2 tables.');
    expect(coverageSentence(coverage({ pages: null, pagesWithText: null, characters: 1 }))).toBe(
      'Read the whole document (1 character).',
    );
  });

  it('says how many parts a long summary was written from', () => {
    expect(coverageSentence(coverage({ pages: 223, partsSummarized: 8 }))).toBe(
      'Read all 223 pages. Summarized in 8 parts.',
    );
    expect(coverageSentence(coverage({ partsSummarized: 1 }))).toBe('Read all 3 pages.');
    expect(coverageSentence(coverage({ partsSummarized: 0 }))).toBe('Read all 3 pages.');
  });
});

describe('pageRuns', () => {
  it('joins three or more consecutive pages, sorted, each page once', () => {
    expect(pageRuns([30, 17, 19, 18, 18])).toEqual(['17–19', '30']);
    expect(pageRuns([])).toEqual([]);
    expect(pageRuns([1000, 1001, 1002])).toEqual(['1,000–1,002']);
    expect(pageRuns([4, 5, 9])).toEqual(['4', '5', '9']);
  });
});

describe('toDocumentCoverage', () => {
  it('takes a coverage as the server sends it, and nothing else', () => {
    expect(toDocumentCoverage(coverage())).toEqual(coverage());
    expect(toDocumentCoverage(null)).toBeNull();
    expect(toDocumentCoverage(undefined)).toBeNull();
    expect(toDocumentCoverage({ pages: 3 })).toBeNull();
    expect(toDocumentCoverage('Read all')).toBeNull();
  });
});
