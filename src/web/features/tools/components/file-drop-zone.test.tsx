import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FileDropZone } from './file-drop-zone.tsx';

const props = {
  id: 'f',
  label: 'Document (PDF, DOC, DOCX, ODT or TXT)',
  onChange: () => {},
  maxBytes: 20_971_520,
};

describe('FileDropZone', () => {
  it('prompts for one document, labelled by the field and open to the keyboard', () => {
    const html = renderToStaticMarkup(<FileDropZone {...props} value={null} disabled={false} />);
    expect(html).toContain('Select or Drag and drop your files here');
    expect(html).toContain('One file: .txt, .pdf, .doc, .docx, .odt, up to 20\u00a0MB');
    expect(html).toMatch(/role="button"[^>]*aria-labelledby="f-label"/);
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('data-state="idle"');
    expect(html).toMatch(/<input[^>]*type="file"/);
    expect(html).toMatch(/<input accept="[^"]*application\/pdf,\.pdf,[^"]*\.docx,[^"]*\.odt"/);
    expect(html).not.toContain('aria-label="file upload"');
    expect(html).not.toMatch(/<input[^>]*multiple=""/);
  });

  it('shows the chosen file with its details and a Remove file button instead of the zone', () => {
    const file = new File([new Uint8Array(2_621_440)], 'cv.pdf', {
      type: 'application/pdf',
      lastModified: 1_700_000_000_000,
    });
    const html = renderToStaticMarkup(<FileDropZone {...props} value={file} disabled={false} />);
    expect(html).toContain('cv.pdf');
    expect(html).toContain('2.50 MB');
    expect(html).toContain('PDF document');
    expect(html).toContain('Modified');
    expect(html).toContain('aria-label="Remove file"');
    expect(html).not.toContain('Select or Drag and drop your files here');
  });

  it('is disabled while a request runs', () => {
    const html = renderToStaticMarkup(<FileDropZone {...props} value={null} disabled />);
    expect(html).toContain('data-state="disabled"');
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toContain('tabindex="0"');
  });
});
