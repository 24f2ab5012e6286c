import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DocumentCoverageLine } from './document-coverage-line.tsx';

const coverage = {
  pages: 223,
  pagesWithText: 211,
  pagesOcr: 12,
  pagesUnreadable: [] as number[],
  pagesNotRead: [],
  tables: 4,
  characters: 400_000,
  partsSummarized: 8,
};

describe('DocumentCoverageLine', () => {
  it('says what was read in words, named for screen readers, its icon hidden from them', () => {
    const html = renderToStaticMarkup(<DocumentCoverageLine coverage={coverage} />);
    expect(html).toContain('<span class="sr-only">What was read of the document: </span>');
    expect(html).toContain('Read all 223 pages (12 scanned), 4 tables. Summarized in 8 parts.');
    expect(html).toContain('lucide-file-check');
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
  });

  it('shows a warning sign beside pages that could not be read, and says so in words', () => {
    const html = renderToStaticMarkup(
      <DocumentCoverageLine coverage={{ ...coverage, pagesUnreadable: [17, 18], partsSummarized: 1 }} />,
    );
    expect(html).toContain('lucide-file-exclamation-point');
    expect(html).toContain(
      'Read 221 of 223 pages (12 scanned), 4 tables. Pages 17 and 18 could not be read.',
    );
  });
});
