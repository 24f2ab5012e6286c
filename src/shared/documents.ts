/**
 * The documents the doc summarizer and the resume assistant accept (docs/product.md §5, §9: one file of
 * type .txt, .pdf, .doc, .docx or .odt), shared by the server's extractor and the web's drop zone, and
 * the shape of an uploaded file as a saved chat shows it (docs/product.md §3 File). Zod-free.
 */

/**
 * Every format the server reads (each in its isolated process, docs/documents.md): the documents, and
 * e-mail messages (.eml, issue 34), which only the e-mail helper takes. What one tool's `file` accepts
 * is `toolDocumentFormats`.
 */
export const FILE_FORMATS = ['txt', 'pdf', 'doc', 'docx', 'odt', 'eml'] as const;
export type DocumentFormat = (typeof FILE_FORMATS)[number];

/** The documents: what a tool's `file` accepts unless its catalogue entry names others (`documentFormats`). */
export const DOCUMENT_FORMATS = [
  'txt',
  'pdf',
  'doc',
  'docx',
  'odt',
] as const satisfies readonly DocumentFormat[];

/**
 * The formats a tool's `file` field accepts: its catalogue entry's `documentFormats` (src/shared/tools.ts),
 * else the documents for a multipart tool; none for a JSON one.
 */
export function toolDocumentFormats(tool: {
  transport: string;
  documentFormats?: readonly DocumentFormat[];
}): readonly DocumentFormat[] {
  return tool.documentFormats ?? (tool.transport === 'multipart' ? DOCUMENT_FORMATS : []);
}

/** The media type of each format: what downloads are served as, and what the drop zone accepts. */
export const DOCUMENT_MEDIA_TYPES: Record<DocumentFormat, string> = {
  txt: 'text/plain',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  eml: 'message/rfc822',
};

/** The format whose media type `type` is (a kept file's `type`), or null. */
export function formatOfMediaType(type: string): DocumentFormat | null {
  return FILE_FORMATS.find((format) => DOCUMENT_MEDIA_TYPES[format] === type) ?? null;
}

/** A drop zone's `accept` for these formats: each media type with its extension (react-dropzone's shape). */
export function documentAccept(formats: readonly DocumentFormat[]): Record<string, string[]> {
  return Object.fromEntries(formats.map((format) => [DOCUMENT_MEDIA_TYPES[format], [`.${format}`]]));
}

/** The formats' extensions, for messages: '.txt, .pdf, .doc, .docx, .odt'. */
export function documentExtensionsText(formats: readonly DocumentFormat[]): string {
  return formats.map((format) => `.${format}`).join(', ');
}

/** The documents' drop zone `accept`. */
export const DOCUMENT_ACCEPT: Record<string, string[]> = documentAccept(DOCUMENT_FORMATS);

/** '.txt, .pdf, .doc, .docx, .odt', for messages. */
export const DOCUMENT_EXTENSIONS_TEXT = documentExtensionsText(DOCUMENT_FORMATS);

/** The extension of a file name, lower-cased, without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/**
 * The format a file claims to be, among `formats` (by default every format the server reads): its
 * extension first, its declared type when the name has none.
 */
export function claimedFormat(
  fileName: string,
  declaredType?: string,
  formats: readonly DocumentFormat[] = FILE_FORMATS,
): DocumentFormat | null {
  const extension = extensionOf(fileName);
  if ((formats as readonly string[]).includes(extension)) return extension as DocumentFormat;
  if (extension !== '') return null;
  const mediaType = declaredType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const format = formatOfMediaType(mediaType);
  return format && formats.includes(format) ? format : null;
}

/** An uploaded file kept with its chat (docs/product.md §3 File), as the history API returns it. */
export interface ChatFile {
  name: string;
  /** Bytes. */
  size: number;
  /** The media type of its format. */
  type: string;
  /** Where its owner downloads it: `/api/history/<id>/file` (bearer token required). */
  url: string;
}

/** `3.14 MB`: a file's size as the drop zone and the saved chat show it (docs/product.md §2: MB, 2 decimals). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Why scanned pages were not read at all: past OCR_MAX_PAGES, past DOCUMENT_MAX_CHARS, or a Stop. */
export const PAGES_NOT_READ_REASONS = ['ocr_limit', 'text_limit', 'stopped'] as const;

/**
 * What was read of a document (issue 32), saved with its chat and sent with every answer about it:
 * its pages (null for a format without page numbers), how many had a text layer and how many were read
 * by OCR, the pages OCR tried and could not read, the scanned pages not read at all and why, its tables
 * and characters, and how many parts the summary was written from (1: the whole document at once; 0 for
 * an answer that summarized nothing).
 */
export interface DocumentCoverage {
  pages: number | null;
  pagesWithText: number | null;
  pagesOcr: number;
  pagesUnreadable: number[];
  pagesNotRead: { reason: (typeof PAGES_NOT_READ_REASONS)[number]; pages: number[] }[];
  tables: number;
  characters: number;
  partsSummarized: number;
}

/**
 * A part of a document's text as its chat keeps it (server: tools/document-parts.ts): within one page,
 * or numbered on its own in a document without page numbers.
 */
export interface DocumentPart {
  /** 1-based, in the document's order. */
  part: number;
  /** 1-based; null for a document without page numbers. */
  page: number | null;
  text: string;
}

/** What an answer cites of a document: pages (one, or a range) or, without page numbers, a part. */
export type Citation = { kind: 'pages'; from: number; to: number } | { kind: 'part'; part: number };

/** A citation as answers write it and the side panel names it: 'p. 12', 'pp. 12–13', 'part 3'. */
export function citationLabel(citation: Citation): string {
  if (citation.kind === 'part') return `part ${citation.part}`;
  return citation.from === citation.to ? `p. ${citation.from}` : `pp. ${citation.from}–${citation.to}`;
}
