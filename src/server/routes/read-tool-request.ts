import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { documentErrors } from '#server/documents/document-errors';
import type { UploadedDocument } from '#server/documents/uploaded-document';
import { AppError } from '#server/errors';
import { refuseControlCharacters } from '#server/input-rules';
import type { ServerTool } from '#server/tools/server-tool';
import { MAX_TEXT_CHARS, WITH_DOCUMENT_SCHEMAS } from '#shared/tool-inputs';

export interface ToolRequest {
  /** The validated fields; with a document, the pasted text is optional. */
  input: Record<string, unknown>;
  document: UploadedDocument | null;
}

/** Longest file name kept, in characters. */
const MAX_FILE_NAME = 255;

/** The multipart field a tool's document comes in (docs/product.md §7). */
const DOCUMENT_FIELD = 'file';

/**
 * The tool's validated request: the JSON body, or for the multipart tools (docs/product.md §7) the text
 * fields of the form and the document, if one was sent. Size violations answer 413 (a document over
 * `maxDocumentBytes` while it streams in, before it is held whole), anything else invalid 400, with the
 * schema's readable message. The document is only read here, not checked: extraction does that.
 */
export async function readToolRequest(
  request: FastifyRequest,
  tool: ServerTool,
  maxDocumentBytes: number,
): Promise<ToolRequest> {
  let raw: unknown = request.body ?? {};
  let document: UploadedDocument | null = null;
  if (request.isMultipart()) {
    if (tool.definition.transport !== 'multipart') {
      throw new AppError('unsupported_media_type:tool', 'This tool takes a JSON body.');
    }
    const form = await readForm(request, tool, maxDocumentBytes);
    // The form's fields follow the rule JSON bodies follow before they reach a route (input-rules.ts).
    refuseControlCharacters(form.fields);
    raw = form.fields;
    document = form.document;
  }
  return { input: validateToolInput(tool, raw, document !== null), document };
}

/**
 * A tool's fields checked with its schema (with a document, the with-document one, where the pasted
 * text is optional): the parsed input, or 413 for a field too long and 400 with the schema's message.
 */
export function validateToolInput(
  tool: ServerTool,
  raw: unknown,
  withDocument: boolean,
): Record<string, unknown> {
  const slug = tool.definition.slug;
  const schema =
    withDocument && slug in WITH_DOCUMENT_SCHEMAS
      ? WITH_DOCUMENT_SCHEMAS[slug as keyof typeof WITH_DOCUMENT_SCHEMAS]
      : tool.schema;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  // A text over its length is too large (413); a number over its range (`variants`) is only invalid.
  const tooBig = parsed.error.issues.find((issue) => issue.code === 'too_big' && issue.origin === 'string');
  if (tooBig) throw new AppError('payload_too_large:input', tooBig.message);
  throw new AppError(
    'bad_request:validation',
    parsed.error.issues[0]?.message ?? 'The request is not valid.',
  );
}

async function readForm(
  request: FastifyRequest,
  tool: ServerTool,
  maxDocumentBytes: number,
): Promise<{ fields: Record<string, string>; document: UploadedDocument | null }> {
  const fields: Record<string, string> = {};
  let document: UploadedDocument | null = null;
  const takesDocument = tool.definition.transport === 'multipart';
  // UTF-8 needs at most 4 bytes a character; the schema then applies the character limit itself.
  const parts = request.parts({
    limits: {
      fieldSize: MAX_TEXT_CHARS * 4 + 4,
      fields: 10,
      files: 1,
      parts: 12,
      fileSize: maxDocumentBytes,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        document = await readDocumentPart(part, takesDocument, maxDocumentBytes);
        continue;
      }
      if (part.valueTruncated)
        throw new AppError('payload_too_large:input', `The field ${part.fieldname} is too large.`);
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    throw formLimitError(err) ?? err;
  }
  return { fields, document };
}

/**
 * One file part: the tool's document, held in memory (at most `maxBytes`, refused as it streams past
 * that). An empty part without a name is a form's empty file input, not a document.
 */
async function readDocumentPart(
  part: Extract<Multipart, { type: 'file' }>,
  takesDocument: boolean,
  maxBytes: number,
): Promise<UploadedDocument | null> {
  if (!takesDocument || part.fieldname !== DOCUMENT_FIELD) {
    part.file.resume();
    throw new AppError(
      'bad_request:file_upload',
      takesDocument
        ? `Send the document in the "${DOCUMENT_FIELD}" field.`
        : 'This tool takes no file: paste the text into the form instead.',
    );
  }
  const name = cleanFileName(part.filename);
  const bytes = await part.toBuffer().catch((err: unknown) => {
    throw formLimitError(err, name, maxBytes) ?? err;
  });
  if (name === '' && bytes.byteLength === 0) return null;
  return { name: name || 'document', declaredType: part.mimetype, bytes };
}

/**
 * A client's file name as it is shown and titles the chat: without control or invisible characters
 * (bidirectional overrides included), at most MAX_FILE_NAME characters with its extension kept.
 */
function cleanFileName(raw: string): string {
  const name = raw.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (name.length <= MAX_FILE_NAME) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return `${name.slice(0, MAX_FILE_NAME - extension.length).trimEnd()}${extension}`;
}

/** @fastify/multipart's limit errors as the API's own. */
function formLimitError(err: unknown, fileName = 'The file', maxBytes = 0): AppError | null {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return documentErrors.tooLarge(fileName, maxBytes);
  if (code === 'FST_FILES_LIMIT') return new AppError('bad_request:file_count', 'Send one file only.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('bad_request:validation', 'The form has too many fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE')
    return new AppError('bad_request:validation', 'The form could not be read.');
  return null;
}
