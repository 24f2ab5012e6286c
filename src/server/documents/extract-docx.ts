import { DocxBody } from './docx-body.ts';
import type { MarkdownWriter } from './markdown-writer.ts';
import {
  type ParagraphStyle,
  parseNumbering,
  parseRelationships,
  parseStyles,
  relationshipsPartOf,
  resolvePart,
} from './ooxml-parts.ts';
import { parseXml } from './xml-stream.ts';
import { type ZipArchive, ZipFormatError } from './zip-archive.ts';

/** The package is not a Word document; the message says what it is instead ("an Excel workbook"). */
export class NotWordDocument extends Error {}

/** The kind of Office file a main part names (xl/workbook.xml → a spreadsheet). */
function officeKind(target: string): string {
  return target.startsWith('xl/') ? 'an Excel workbook' : 'a PowerPoint presentation';
}

/**
 * .docx: the package's relationships name the main document part (usually word/document.xml), and that
 * part's relationships name its styles and numbering; the body is then streamed (docx-body.ts).
 */
export async function extractDocx(zip: ZipArchive, writer: MarkdownWriter): Promise<void> {
  const packageRels = await zip.text('_rels/.rels');
  const main = packageRels
    ? (await parseRelationships(packageRels)).find((r) => r.type === 'officeDocument')
    : undefined;
  if (!main) {
    throw new NotWordDocument(zip.has('mimetype') ? 'an OpenDocument file' : 'another kind of zip archive');
  }
  const mainPart = resolvePart('', main.target);
  if (/^(xl|ppt)\//.test(mainPart)) throw new NotWordDocument(officeKind(mainPart));

  const partRels = await zip.text(relationshipsPartOf(mainPart));
  const related = partRels ? await parseRelationships(partRels) : [];
  const partNamed = (type: string) => {
    const rel = related.find((r) => r.type === type);
    return rel ? resolvePart(mainPart, rel.target) : null;
  };
  const stylesPart = partNamed('styles');
  const numberingPart = partNamed('numbering');
  const stylesXml = stylesPart ? await zip.text(stylesPart) : null;
  const numberingXml = numberingPart ? await zip.text(numberingPart) : null;
  const styles = stylesXml ? await parseStyles(stylesXml) : new Map<string, ParagraphStyle>();
  const numbering = numberingXml
    ? await parseNumbering(numberingXml)
    : new Map<string, Map<number, boolean>>();

  const body = await zip.stream(mainPart);
  if (!body) throw new ZipFormatError(`the main part ${mainPart} is missing`);
  await parseXml(body, new DocxBody(writer, styles, numbering));
}
