import { describe, expect, it } from 'vitest';
import {
  acceptedFormatsPhrase,
  claimedFormat,
  containerOf,
  DOCUMENT_FORMATS,
  signatureMismatch,
} from './document-formats.ts';
import { decodeText } from './extract-txt.ts';
import { MarkdownWriter, TextLimitReached } from './markdown-writer.ts';

const PDF = Buffer.from('%PDF-1.7\n');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);

describe('claimedFormat', () => {
  it('takes the extension, in any case, and the declared type only when there is none', () => {
    expect(claimedFormat('Report.PDF')).toBe('pdf');
    expect(claimedFormat('cv.final.docx', 'application/pdf')).toBe('docx');
    expect(claimedFormat('notes', 'text/plain; charset=utf-8')).toBe('txt');
    expect(claimedFormat('.odt')).toBeNull(); // a dot file, not an extension
    expect(claimedFormat('photo.png', 'application/pdf')).toBeNull();
    expect(claimedFormat('noextension')).toBeNull();
  });

  it("claims only among a tool's formats when given them", () => {
    expect(claimedFormat('thread.eml')).toBe('eml');
    expect(claimedFormat('thread.eml', undefined, DOCUMENT_FORMATS)).toBeNull();
    expect(claimedFormat('thread', 'message/rfc822', ['eml'])).toBe('eml');
    expect(claimedFormat('thread', 'message/rfc822', DOCUMENT_FORMATS)).toBeNull();
    expect(claimedFormat('report.pdf', undefined, ['eml'])).toBeNull();
  });
});

describe('acceptedFormatsPhrase', () => {
  it('lists the extensions with their article, or names the one format', () => {
    expect(acceptedFormatsPhrase(DOCUMENT_FORMATS)).toBe('a .txt, .pdf, .doc, .docx or .odt file');
    expect(acceptedFormatsPhrase(['odt', 'pdf'])).toBe('an .odt or .pdf file');
    expect(acceptedFormatsPhrase(['eml'])).toBe('an e-mail message (.eml)');
  });
});

describe('signatureMismatch', () => {
  it('accepts each format in its own container', () => {
    expect(containerOf(PDF)).toBe('pdf');
    expect(signatureMismatch('pdf', PDF)).toBeNull();
    expect(signatureMismatch('docx', ZIP)).toBeNull();
    expect(signatureMismatch('odt', ZIP)).toBeNull();
    expect(signatureMismatch('doc', OLE)).toBeNull();
    expect(signatureMismatch('txt', Buffer.from('Zürich'))).toBeNull();
  });

  it('accepts a PDF header after a little junk, as readers do', () => {
    expect(signatureMismatch('pdf', Buffer.concat([Buffer.alloc(100, 0x20), PDF]))).toBeNull();
  });

  it('says what the contents look like when they do not fit the name', () => {
    expect(signatureMismatch('pdf', ZIP)).toBe(
      'The file is named .pdf but its contents are not a PDF: they look like a zip archive (such as a .docx or .odt file). Choose the original file, or save it again as .pdf.',
    );
    expect(signatureMismatch('txt', PDF)).toMatch(/named \.txt but its contents are a PDF/);
    expect(signatureMismatch('docx', OLE)).toMatch(/password-protected/);
    expect(signatureMismatch('doc', Buffer.from('hello'))).toMatch(/neither a PDF nor an Office document/);
  });
});

describe('decodeText', () => {
  const text = 'Zürich, naïve, 東京\r\nline two';
  it('reads UTF-8 with or without a byte-order mark, and UTF-16 by its mark', () => {
    const expected = { text: 'Zürich, naïve, 東京\nline two' };
    expect(decodeText(Buffer.from(text))).toEqual(expected);
    expect(decodeText(Buffer.from(`\ufeff${text}`))).toEqual(expected);
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual(
      expected,
    );
    const be = Buffer.from(text, 'utf16le').swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual(expected);
  });

  it('refuses bytes that are not UTF-8, and binary content', () => {
    expect(decodeText(Buffer.from([0x5a, 0xfc, 0x72]))).toEqual({ problem: 'encoding' }); // Latin-1 "Zür"
    expect(decodeText(Buffer.from([0x41, 0x00, 0x42]))).toEqual({ problem: 'binary' });
    expect(decodeText(Buffer.from('bell\u0007'))).toEqual({ problem: 'binary' });
    expect(decodeText(Buffer.from('tab\tand\fform feed'))).toEqual({ text: 'tab\tand\fform feed' });
  });
});

describe('MarkdownWriter', () => {
  it('writes tables with a header row, escaped pipes and no empty columns', () => {
    const writer = new MarkdownWriter(10_000);
    writer.table([
      ['City', '', 'Note'],
      ['Zürich', '', 'a | b'],
      ['', '', ''],
    ]);
    expect(writer.text()).toBe('| City | Note |\n| --- | --- |\n| Zürich | a \\| b |');
  });

  it('keeps list items together, nested by depth, and starts a new list when the kind changes', () => {
    const writer = new MarkdownWriter(10_000);
    writer.paragraph('Intro');
    writer.listItem({ depth: 0, ordered: false }, 'one');
    writer.listItem({ depth: 1, ordered: true, number: 1 }, 'one.a');
    writer.listItem({ depth: 0, ordered: true, number: 1 }, 'first');
    expect(writer.text()).toBe('Intro\n\n- one\n  1. one.a\n\n1. first');
  });

  it('stops as soon as the text passes its limit', () => {
    const writer = new MarkdownWriter(10);
    writer.paragraph('12345');
    expect(() => writer.paragraph('67890')).toThrow(TextLimitReached);
  });
});
