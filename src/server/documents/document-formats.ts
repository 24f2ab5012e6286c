import { claimedFormat, DOCUMENT_FORMATS, type DocumentFormat, extensionOf } from '#shared/documents';

export { claimedFormat, DOCUMENT_FORMATS, type DocumentFormat, extensionOf };

/** What each format is called in a message a person reads, with its article. */
export const FORMAT_NAMES: Record<DocumentFormat, string> = {
  txt: 'a text file',
  pdf: 'a PDF',
  doc: 'a Word 97–2003 document (.doc)',
  docx: 'a Word document (.docx)',
  odt: 'an OpenDocument text (.odt)',
  eml: 'an e-mail message (.eml)',
};

/**
 * What a tool accepts, for messages: "a .txt, .pdf, .doc, .docx or .odt file", or the one format's name
 * ("an e-mail message (.eml)").
 */
export function acceptedFormatsPhrase(formats: readonly DocumentFormat[]): string {
  const [only] = formats;
  if (formats.length === 1 && only) return FORMAT_NAMES[only];
  const extensions = formats.map((format) => `.${format}`);
  const list =
    extensions.length > 1
      ? `${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}`
      : extensions.join('');
  // Spelled out, an extension starting with one of these letters begins with a vowel: "an .odt".
  return `${/^\.[aefhilmnorsx]/.test(list) ? 'an' : 'a'} ${list} file`;
}

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** OLE2 compound file, the container of .doc (and of password-protected Office files). */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type Container = 'pdf' | 'zip' | 'ole' | 'other';

/** What the first bytes say the file is. A PDF header may follow some junk (readers allow 1 KB). */
export function containerOf(head: Uint8Array): Container {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.subarray(0, 1024).includes(PDF_MAGIC)) return 'pdf';
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) return 'ole';
  return 'other';
}

/** The container each format must come in; .docx and .odt are told apart inside the zip. */
const EXPECTED_CONTAINER: Record<DocumentFormat, Container> = {
  txt: 'other',
  pdf: 'pdf',
  doc: 'ole',
  docx: 'zip',
  odt: 'zip',
  eml: 'other',
};

const CONTAINER_NAMES: Record<Container, string> = {
  pdf: 'a PDF',
  zip: 'a zip archive (such as a .docx or .odt file)',
  ole: 'an older Office file (such as a .doc file)',
  other: 'neither a PDF nor an Office document',
};

/**
 * Null when the first bytes fit the format the name claims, else why not, for a person: "The file is
 * named .pdf but its contents are a zip archive (…)".
 */
export function signatureMismatch(format: DocumentFormat, head: Uint8Array): string | null {
  const found = containerOf(head);
  if (found === EXPECTED_CONTAINER[format]) return null;
  if (format === 'txt') {
    return `The file is named .txt but its contents are ${CONTAINER_NAMES[found]}. Rename it with its real extension, or save it as plain text.`;
  }
  if (found === 'ole' && (format === 'docx' || format === 'odt')) {
    return `The file is named .${format} but its contents are ${CONTAINER_NAMES.ole}: a password-protected document, or one saved in an older format. Remove the password or save it again as .${format}.`;
  }
  return `The file is named .${format} but its contents are not ${FORMAT_NAMES[format]}: they look like ${CONTAINER_NAMES[found]}. Choose the original file, or save it again as .${format}.`;
}
