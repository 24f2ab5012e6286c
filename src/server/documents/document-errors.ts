import { AppError, type ErrorCode, retryPhrase } from '#server/errors';
import { formatBytes } from '#shared/text';
import {
  acceptedFormatsPhrase,
  DOCUMENT_FORMATS,
  type DocumentFormat,
  FORMAT_NAMES,
} from './document-formats.ts';

/**
 * Every way reading a document can fail, each with its own code and a message the person can act on.
 * The extraction process sends `{code, message}` back; the server turns it into this AppError again.
 */
export const DOCUMENT_ERROR_CODES = [
  'unsupported_media_type:file_type',
  'unsupported_media_type:file_signature',
  'bad_request:file_empty',
  'bad_request:file_unreadable',
  'bad_request:file_encrypted',
  'bad_request:file_not_text',
  'unprocessable:file_scanned',
  'unprocessable:file_no_text',
  'payload_too_large:file',
  'payload_too_large:file_pages',
  'payload_too_large:file_text',
  'payload_too_large:file_entries',
  'payload_too_large:file_unpacked',
  'payload_too_large:file_time_limit',
  'payload_too_large:file_memory_limit',
  'unavailable:document_busy',
  'unavailable:document_extraction',
] as const satisfies readonly ErrorCode[];
export type DocumentErrorCode = (typeof DOCUMENT_ERROR_CODES)[number];

export function isDocumentErrorCode(code: unknown): code is DocumentErrorCode {
  return (DOCUMENT_ERROR_CODES as readonly unknown[]).includes(code);
}

const error = (code: DocumentErrorCode, message: string, cause?: unknown) =>
  new AppError(code, message, cause === undefined ? undefined : { cause });

const named = (fileName: string) => `“${fileName}”`;

export const documentErrors = {
  /** Not one of the formats the tool accepts (the documents by default). */
  unsupportedType: (fileName: string, formats: readonly DocumentFormat[] = DOCUMENT_FORMATS) =>
    error(
      'unsupported_media_type:file_type',
      `${named(fileName)} cannot be read: choose ${acceptedFormatsPhrase(formats)}.`,
    ),
  signatureMismatch: (reason: string) => error('unsupported_media_type:file_signature', reason),
  empty: (fileName: string) => error('bad_request:file_empty', `${named(fileName)} is empty.`),
  unreadable: (fileName: string, format: DocumentFormat, cause?: unknown) =>
    error(
      'bad_request:file_unreadable',
      `${named(fileName)} could not be read as ${FORMAT_NAMES[format]}: it looks damaged or incomplete. Open it and save it again, or choose another file.`,
      cause,
    ),
  /** An .eml that is not an e-mail, or one built to cost the reader (documents/extract-eml.ts): why. */
  emailUnreadable: (fileName: string, reason: string, cause?: unknown) =>
    error(
      'bad_request:file_unreadable',
      `The e-mail file ${named(fileName)} could not be read: ${reason}.`,
      cause,
    ),
  encrypted: (fileName: string) =>
    error(
      'bad_request:file_encrypted',
      `${named(fileName)} is protected by a password. Remove the password and try again.`,
    ),
  notText: (fileName: string, detail: string) =>
    error('bad_request:file_not_text', `${named(fileName)} is not plain text: ${detail}.`),
  scanned: () =>
    error('unprocessable:file_scanned', 'This PDF is scanned images without text; OCR is not available'),
  noText: (fileName: string) =>
    error('unprocessable:file_no_text', `${named(fileName)} holds no text to read.`),
  tooLarge: (fileName: string, maxBytes: number) =>
    error(
      'payload_too_large:file',
      `${named(fileName)} is larger than ${formatBytes(maxBytes)}. Choose a smaller file.`,
    ),
  tooManyPages: (fileName: string, pages: number, maxPages: number) =>
    error(
      'payload_too_large:file_pages',
      `${named(fileName)} has ${pages} pages; at most ${maxPages} can be read. Send the pages you need as a smaller PDF.`,
    ),
  tooMuchText: (fileName: string, maxChars: number) =>
    error(
      'payload_too_large:file_text',
      `${named(fileName)} holds more than ${maxChars.toLocaleString('en-US')} characters of text, the most that can be read. Send a shorter part of it.`,
    ),
  tooManyEntries: (fileName: string, maxEntries: number) =>
    error(
      'payload_too_large:file_entries',
      `${named(fileName)} holds more than ${maxEntries} parts inside, more than a document should. Save it again from your word processor.`,
    ),
  unpacksTooLarge: (fileName: string, maxBytes: number) =>
    error(
      'payload_too_large:file_unpacked',
      `${named(fileName)} unpacks to more than ${formatBytes(maxBytes)}, more than a document should. Save it again from your word processor.`,
    ),
  timeLimit: (fileName: string, timeoutMs: number) =>
    error(
      'payload_too_large:file_time_limit',
      `Reading ${named(fileName)} took longer than ${retryPhrase(timeoutMs)} and was stopped. Try a smaller or simpler file.`,
    ),
  memoryLimit: (fileName: string, memoryMb: number) =>
    error(
      'payload_too_large:file_memory_limit',
      `Reading ${named(fileName)} needed more than ${memoryMb} MB of memory and was stopped. Try a smaller or simpler file.`,
    ),
  busy: () =>
    new AppError(
      'unavailable:document_busy',
      'The server is busy reading other documents. Please try again in a moment.',
      { headers: { 'retry-after': '5' } },
    ),
  extractionUnavailable: (cause?: unknown) =>
    error(
      'unavailable:document_extraction',
      'Documents cannot be read right now. Please try again shortly.',
      cause,
    ),
};
