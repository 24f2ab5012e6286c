import { deflateSync } from 'node:zlib';

/** A line of text at a position on the page (points from the bottom left), in Helvetica. */
export interface PdfLine {
  x: number;
  y: number;
  size?: number;
  text: string;
}

/** A page's content stream as written, with its filter; `image` adds an 8×8 grey image named /Im1. */
export interface PdfPage {
  content: Uint8Array;
  filter?: 'FlateDecode';
  image?: boolean;
}

/** WinAnsiEncoding's codes for the punctuation outside Latin-1 that documents use. */
const WIN_ANSI: Record<string, number> = {
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
};

/** Text in a PDF string literal (WinAnsiEncoding: Latin-1 and common punctuation; the rest becomes '?'). */
function pdfString(text: string): Buffer {
  const bytes = [...text].map((ch) => {
    const code = ch.codePointAt(0) ?? 63;
    return WIN_ANSI[ch] ?? (code < 256 ? code : 63);
  });
  const escaped: number[] = [];
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) escaped.push(0x5c);
    escaped.push(b);
  }
  return Buffer.concat([Buffer.from('('), Buffer.from(escaped), Buffer.from(')')]);
}

/** The content stream that draws these lines. */
export function textContent(lines: PdfLine[]): Buffer {
  const parts: Buffer[] = [];
  for (const line of lines) {
    parts.push(Buffer.from(`BT /F1 ${line.size ?? 11} Tf ${line.x} ${line.y} Td `), pdfString(line.text));
    parts.push(Buffer.from(' Tj ET\n'));
  }
  return Buffer.concat(parts);
}

/**
 * A PDF written by hand (A4 pages, one standard font, a correct cross-reference table), so tests can make
 * long documents and hostile ones (a stream that inflates to a gigabyte) without a PDF library.
 */
export function writePdf(pages: PdfPage[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const catalog = add(''); // filled in once the page tree's number is known
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const grey = Buffer.alloc(64, 0x80);
  const image = add(
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${grey.length} >>\nstream\n`,
      ),
      grey,
      Buffer.from('\nendstream'),
    ]),
  );
  const tree = objects.length + 1 + pages.length * 2;
  const kids: number[] = [];
  for (const page of pages) {
    const filter = page.filter ? ` /Filter /${page.filter}` : '';
    const stream = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${page.content.length}${filter} >>\nstream\n`),
        Buffer.from(page.content),
        Buffer.from('\nendstream'),
      ]),
    );
    const xobject = page.image ? ` /XObject << /Im1 ${image} 0 R >>` : '';
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 595 842] /Contents ${stream} 0 R /Resources << /Font << /F1 ${font} 0 R >>${xobject} >> >>`,
      ),
    );
  }
  add(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${tree} 0 R >>`);
  return pdfFile(objects, catalog);
}

/**
 * A PDF file of its objects (numbered from 1 in order) with a correct cross-reference table, `catalog`
 * the number of its catalog object.
 */
export function pdfFile(objects: readonly Buffer[], catalog: number): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

/** Pages of text, each page's lines compressed as most PDFs are. */
export function textPdf(pages: PdfLine[][]): Buffer {
  return writePdf(
    pages.map((lines) => ({ content: deflateSync(textContent(lines)), filter: 'FlateDecode' })),
  );
}
