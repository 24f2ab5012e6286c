import type { MarkdownWriter } from './markdown-writer.ts';
import { OdtBody, OdtStyles } from './odt-body.ts';
import { parseXml } from './xml-stream.ts';
import { type ZipArchive, ZipFormatError } from './zip-archive.ts';

const TEXT_MIMETYPES = new Set([
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.text-template',
  'application/vnd.oasis.opendocument.text-master',
]);

/** The package is not an OpenDocument text; the message says what it is instead. */
export class NotOdtDocument extends Error {}

function odfKind(mimetype: string): string {
  if (mimetype.includes('spreadsheet')) return 'an OpenDocument spreadsheet';
  if (mimetype.includes('presentation')) return 'an OpenDocument presentation';
  return 'another kind of OpenDocument file';
}

/**
 * .odt: the `mimetype` entry says it is a text document; list styles come from styles.xml and
 * content.xml's automatic styles (read in the same pass as the body, which follows them).
 */
export async function extractOdt(zip: ZipArchive, writer: MarkdownWriter): Promise<void> {
  const mimetype = (await zip.text('mimetype'))?.trim();
  if (mimetype === undefined) {
    throw new NotOdtDocument(
      zip.has('_rels/.rels') ? 'an Office Open XML file (such as .docx)' : 'another kind of zip archive',
    );
  }
  if (!TEXT_MIMETYPES.has(mimetype)) throw new NotOdtDocument(odfKind(mimetype));

  const styles = new OdtStyles();
  const stylesXml = await zip.text('styles.xml');
  if (stylesXml) await parseXml(stylesXml, styles);
  const content = await zip.stream('content.xml');
  if (!content) throw new ZipFormatError('content.xml is missing');
  const body = new OdtBody(writer, styles);
  // Automatic styles come before the body in content.xml, so one pass serves both.
  await parseXml(content, {
    open(element) {
      styles.open(element);
      body.open(element);
    },
    close(uri, local) {
      styles.close(uri, local);
      body.close(uri, local);
    },
    text(text) {
      body.text(text);
    },
  });
}
