import { ErrorCode, type FileError, type FileRejection } from 'react-dropzone';
import { DOCUMENT_EXTENSIONS_TEXT } from '#shared/documents';

/** What a drop (or a pick in the file dialog) comes to: the one document chosen, or why none was. */
export type DropResult =
  | { kind: 'chosen'; file: File }
  | { kind: 'rejected'; fileName: string | null; messages: string[] }
  | { kind: 'none' };

export const TOO_MANY_FILES = 'Too many files';

/**
 * A rejection's message as docs/product.md §5 words it ('File type must be one of …', 'File is larger
 * than N bytes', 'File is smaller than N bytes', 'Too many files'), with the extensions written for
 * people rather than react-dropzone's list of media types.
 */
export function dropErrorMessage(
  error: FileError,
  limits: { maxBytes: number; minBytes?: number; extensionsText?: string },
): string {
  switch (error.code) {
    case ErrorCode.FileInvalidType:
      return `File type must be one of ${limits.extensionsText ?? DOCUMENT_EXTENSIONS_TEXT}`;
    case ErrorCode.FileTooLarge:
      return `File is larger than ${limits.maxBytes} bytes`;
    case ErrorCode.FileTooSmall:
      return `File is smaller than ${limits.minBytes ?? 0} bytes`;
    case ErrorCode.TooManyFiles:
      return TOO_MANY_FILES;
    default:
      return error.message;
  }
}

/**
 * One document only (docs/product.md §5): more than one file in a drop chooses none (react-dropzone
 * would keep the first and refuse the rest, which hides that the others were left out); one refused
 * file gives its messages, each once.
 */
export function toDropResult(
  accepted: readonly File[],
  rejections: readonly FileRejection[],
  limits: { maxBytes: number; extensionsText?: string },
): DropResult {
  if (accepted.length + rejections.length > 1) {
    return { kind: 'rejected', fileName: null, messages: [TOO_MANY_FILES] };
  }
  const rejection = rejections[0];
  if (rejection) {
    const messages = [...new Set(rejection.errors.map((error) => dropErrorMessage(error, limits)))];
    return { kind: 'rejected', fileName: rejection.file.name, messages };
  }
  const file = accepted[0];
  return file ? { kind: 'chosen', file } : { kind: 'none' };
}
