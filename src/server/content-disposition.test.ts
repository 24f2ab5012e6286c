import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.ts';

describe('attachmentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(attachmentDisposition('report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
  });

  it('gives non-ASCII names an ASCII fallback and the exact name encoded', () => {
    expect(attachmentDisposition('Zürich 東京.docx')).toBe(
      `attachment; filename="Z_rich __.docx"; filename*=UTF-8''Z%C3%BCrich%20%E6%9D%B1%E4%BA%AC.docx`,
    );
  });

  it('cannot be broken out of by quotes, line breaks or header syntax', () => {
    const header = attachmentDisposition('a"; filename=evil.exe\r\nX-Injected: 1\\.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toContain(`filename*=UTF-8''a%22%3B%20filename%3Devil.exeX-Injected%3A%201%5C.pdf`);
  });

  it('names an empty or invisible name "download"', () => {
    expect(attachmentDisposition('\u200b\u0000')).toContain('filename="download"');
  });
});
