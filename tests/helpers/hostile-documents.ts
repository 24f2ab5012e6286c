import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { writePdf } from './pdf-writer.ts';
import { writeZip } from './zip-writer.ts';

const MB = 1024 * 1024;

/**
 * Raw deflate data that inflates to `prefix`, then `megabytes` MB of spaces, then `suffix`, built in
 * about a millisecond from one compressed megabyte repeated: each piece is compressed on its own and
 * ended with a sync flush, so the pieces can follow one another and only the last one is final. The
 * test process never holds the inflated bytes.
 */
function spacesBomb(prefix: string, megabytes: number, suffix: string) {
  const flush = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 };
  const spaces = Buffer.alloc(MB, 0x20);
  const piece = deflateRawSync(spaces, flush);
  const head = Buffer.from(prefix);
  const tail = Buffer.from(suffix);
  const data = Buffer.concat([
    deflateRawSync(head, flush),
    ...Array.from({ length: megabytes }, () => piece),
    deflateRawSync(tail),
  ]);
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) crc = crc32(spaces, crc);
  crc = crc32(tail, crc);
  return { data, crc, size: head.length + megabytes * MB + tail.length };
}

/** Adler-32 of `prefix` + `megabytes` MB of spaces + `suffix` (the zlib trailer), without the bytes. */
function adler32OfSpaces(prefix: Buffer, megabytes: number, suffix: Buffer): number {
  const MOD = 65521n;
  let a = 1n;
  let b = 0n;
  const bytes = (buffer: Buffer) => {
    for (const byte of buffer) {
      a = (a + BigInt(byte)) % MOD;
      b = (b + a) % MOD;
    }
  };
  bytes(prefix);
  // n equal bytes v: a grows by n·v; b by n·a + v·n(n+1)/2.
  const n = BigInt(megabytes * MB);
  const v = 0x20n;
  b = (b + n * a + (v * n * (n + 1n)) / 2n) % MOD;
  a = (a + n * v) % MOD;
  bytes(suffix);
  return Number((b << 16n) | a);
}

/** A PDF of one page whose content stream (about 1 MB compressed) inflates to `megabytes` MB. */
export function inflatingPdf(megabytes = 1024): Buffer {
  const prefix = Buffer.from('BT /F1 11 Tf 50 800 Td (Zürich) Tj ET\n', 'latin1');
  const suffix = Buffer.from('\nBT /F1 11 Tf 50 780 Td (end) Tj ET\n');
  const raw = spacesBomb(prefix.toString('latin1'), megabytes, suffix.toString());
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32OfSpaces(prefix, megabytes, suffix) >>> 0);
  const zlib = Buffer.concat([Buffer.from([0x78, 0xda]), raw.data, trailer]);
  return writePdf([{ content: zlib, filter: 'FlateDecode' }]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const DOCX_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const DOCX_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/**
 * A .docx or .odt whose main part inflates to `megabytes` MB of well-formed XML (spaces between the
 * elements, so a streaming reader keeps going). Honest headers declare that size; lying ones declare
 * `lieBytes`.
 */
export function zipBomb(
  format: 'docx' | 'odt',
  options: { megabytes?: number; lieBytes?: number } = {},
): Buffer {
  const megabytes = options.megabytes ?? 1024;
  if (format === 'docx') {
    const bomb = spacesBomb(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>Zürich</w:t></w:r></w:p>`,
      megabytes,
      '</w:body></w:document>',
    );
    return writeZip([
      { name: '[Content_Types].xml', data: DOCX_TYPES },
      { name: '_rels/.rels', data: DOCX_RELS },
      {
        name: 'word/document.xml',
        deflated: bomb.data,
        crc: bomb.crc,
        declaredSize: options.lieBytes ?? bomb.size,
      },
    ]);
  }
  const bomb = spacesBomb(
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text><text:p>Zürich</text:p>',
    megabytes,
    '</office:text></office:body></office:document-content>',
  );
  return writeZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', method: 'store' },
    { name: 'content.xml', deflated: bomb.data, crc: bomb.crc, declaredSize: options.lieBytes ?? bomb.size },
  ]);
}

/** A .docx holding `count` tiny entries beside a real document. */
export function manyEntriesDocx(count: number): Buffer {
  const body = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>Zürich</w:t></w:r></w:p></w:body></w:document>`;
  return writeZip([
    { name: '[Content_Types].xml', data: DOCX_TYPES },
    { name: '_rels/.rels', data: DOCX_RELS },
    { name: 'word/document.xml', data: body },
    ...Array.from({ length: count }, (_, i) => ({
      name: `word/media/p${i}.txt`,
      data: 'x',
      method: 'store' as const,
    })),
  ]);
}

/** The first `fraction` of a file: a download cut short. */
export function truncated(bytes: Buffer, fraction = 0.5): Buffer {
  return bytes.subarray(0, Math.max(1, Math.floor(bytes.length * fraction)));
}

export function randomFile(size = 64 * 1024): Buffer {
  return randomBytes(size);
}
