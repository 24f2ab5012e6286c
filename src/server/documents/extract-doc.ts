import type { MarkdownWriter } from './markdown-writer.ts';

type Body = (options: { filterUnicode: boolean }) => string;

/** A table row as word-extractor writes it: cells ending in a tab (Word's cell mark), at least two. */
const ROW = /^[^\n]*\t[^\n]*\t$/;

/**
 * .doc (Word 97–2003) through word-extractor. `filterUnicode: false` keeps '—', curly quotes and
 * non-breaking spaces as they are (the default turns them into ASCII). Word's cell marks come out as tabs
 * with one more at the end of a row, so runs of such lines become a table; each other line is a
 * paragraph. List numbering is not part of a .doc's text, so list items read as paragraphs.
 */
export async function extractDoc(bytes: Buffer, writer: MarkdownWriter): Promise<void> {
  const { default: WordExtractor } = await import('word-extractor');
  const document = await new WordExtractor().extract(bytes);
  const text = (document.getBody as unknown as Body).call(document, { filterUnicode: false });
  let rows: string[][] = [];
  const flushTable = () => {
    if (rows.length > 0) writer.table(rows);
    rows = [];
  };
  for (const line of text.split('\n')) {
    if (ROW.test(line)) {
      rows.push(line.slice(0, -1).split('\t'));
      continue;
    }
    flushTable();
    writer.paragraph(line);
  }
  flushTable();
}
