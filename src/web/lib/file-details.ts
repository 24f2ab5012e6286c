import { claimedFormat, type DocumentFormat } from '#shared/documents';

/**
 * How the screens describe a document (docs/product.md §2, §3 File): its type in words instead of a
 * media type such as `application/vnd.openxmlformats-officedocument.wordprocessingml.document`, and
 * its last-modified date.
 */

const FORMAT_LABELS: Record<DocumentFormat, string> = {
  pdf: 'PDF document',
  docx: 'Word document (.docx)',
  doc: 'Word 97–2003 document (.doc)',
  odt: 'OpenDocument text (.odt)',
  txt: 'Plain text (.txt)',
  eml: 'E-mail message (.eml)',
};

/** The document's type in words, from its name (and its media type when the name has no extension). */
export function documentTypeLabel(name: string, mediaType: string): string {
  const format = claimedFormat(name, mediaType);
  if (format) return FORMAT_LABELS[format];
  return mediaType || 'Unknown type';
}

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A file's last-modified time (epoch ms) as the visitor's locale writes it; '' when unknown. */
export function formatFileDate(epochMs: number): string {
  if (!Number.isFinite(epochMs) || epochMs <= 0) return '';
  return DATE_FORMAT.format(new Date(epochMs));
}
