/**
 * Plain text: UTF-8 (a byte-order mark is dropped), or UTF-16 when a byte-order mark says so. Decoding
 * is strict: bytes that are not valid text are refused rather than turned into '\uFFFD' for the model to
 * guess at, and so are control characters other than tab, line feed, carriage return and form feed (a
 * binary file renamed .txt).
 */
export type TextProblem = 'binary' | 'encoding';

const BOMS: [bytes: number[], encoding: 'utf-8' | 'utf-16le' | 'utf-16be'][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

export function decodeText(bytes: Uint8Array): { text: string } | { problem: TextProblem } {
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  let start = 0;
  for (const [bom, name] of BOMS) {
    if (bom.every((b, i) => bytes[i] === b)) {
      encoding = name;
      start = bom.length;
      break;
    }
  }
  let text: string;
  try {
    // ignoreBOM: the mark was consumed above; another one inside is kept as the character it is.
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
  } catch {
    return { problem: encoding === 'utf-8' && bytes.includes(0) ? 'binary' : 'encoding' };
  }
  if (CONTROL.test(text)) return { problem: 'binary' };
  return { text: text.replace(/\r\n?/g, '\n') };
}

export const TEXT_PROBLEMS: Record<TextProblem, string> = {
  binary: 'it holds binary data. Choose a text file, or a PDF or Word document',
  encoding: 'its bytes are not UTF-8 or UTF-16 text. Save it as UTF-8 and try again',
};

/**
 * The text a .txt gives, trimmed, and where its pages begin: a form feed ends a page (as printers and
 * pdftotext have it), so a file with form feeds has a page per form feed, plus the text after the last
 * one if there is any. Each page is trimmed and the pages are joined by a blank line; a page left empty
 * begins where the next one does. Without a form feed: the whole text, one page.
 */
export function pagesOfText(decoded: string): { text: string; pageStarts: number[] } {
  if (!decoded.includes('\f')) return { text: decoded.trim(), pageStarts: [0] };
  const pages = decoded.split('\f').map((page) => page.trim());
  if (pages.length > 1 && pages.at(-1) === '') pages.pop();
  const parts: string[] = [];
  const pageStarts: number[] = [];
  let length = 0;
  let waiting = 0; // pages whose start is the next text's
  for (const page of pages) {
    waiting++;
    if (page === '') continue;
    const start = length === 0 ? 0 : length + 2;
    if (length > 0) parts.push('\n\n');
    parts.push(page);
    length = start + page.length;
    for (; waiting > 0; waiting--) pageStarts.push(start);
  }
  for (; waiting > 0; waiting--) pageStarts.push(length);
  return { text: parts.join(''), pageStarts };
}
