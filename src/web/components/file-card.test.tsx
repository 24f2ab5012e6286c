import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { documentTypeLabel, formatFileDate } from '#web/lib/file-details.ts';
import { FileCard } from './file-card.tsx';

describe('FileCard', () => {
  it('shows the name, the size in MB with two decimals, the type in words and the action', () => {
    const html = renderToStaticMarkup(
      <FileCard
        name="Zürich report.docx"
        size={3_300_000}
        type="application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        action={<button type="button">Download</button>}
      />,
    );
    expect(html).toContain('Zürich report.docx');
    expect(html).toContain('3.15 MB');
    expect(html).toContain('Word document (.docx)');
    expect(html).toContain('<button type="button">Download</button>');
    expect(html).not.toContain('Modified');
  });

  it('shows the last-modified date of a chosen file', () => {
    const when = Date.UTC(2024, 4, 17, 9, 30);
    const html = renderToStaticMarkup(
      <FileCard name="a.pdf" size={1024} type="application/pdf" lastModified={when} />,
    );
    expect(html).toContain('Modified');
    expect(html).toContain(formatFileDate(when));
    expect(html).toContain('0.00 MB');
  });
});

describe('documentTypeLabel', () => {
  it('names each accepted format, from the extension first', () => {
    expect(documentTypeLabel('a.pdf', 'application/pdf')).toBe('PDF document');
    expect(documentTypeLabel('a.ODT', '')).toBe('OpenDocument text (.odt)');
    expect(documentTypeLabel('a.doc', 'application/msword')).toBe('Word 97–2003 document (.doc)');
    expect(documentTypeLabel('notes', 'text/plain')).toBe('Plain text (.txt)');
    expect(documentTypeLabel('a.png', 'image/png')).toBe('image/png');
    expect(documentTypeLabel('a.bin', '')).toBe('Unknown type');
  });

  it('writes no date for an unknown time', () => {
    expect(formatFileDate(0)).toBe('');
    expect(formatFileDate(Number.NaN)).toBe('');
  });
});
