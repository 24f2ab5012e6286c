import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';
import { MAX_TEXT_CHARS } from '#shared/tool-inputs';
import type { ServerTool } from './server-tool.ts';

/**
 * The tool's validated input: the JSON body, or for the multipart tools (docs/product.md §7) the text fields of the
 * form. Size violations answer 413, anything else invalid 400, with the schema's readable message.
 */
export async function readToolInput(
  request: FastifyRequest,
  tool: ServerTool,
): Promise<Record<string, unknown>> {
  let raw: unknown = request.body ?? {};
  if (request.isMultipart()) {
    if (tool.definition.transport !== 'multipart') {
      throw new AppError('unsupported_media_type:tool', 'This tool takes a JSON body.');
    }
    raw = await readTextFields(request);
  }
  const parsed = tool.schema.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const tooBig = parsed.error.issues.find((issue) => issue.code === 'too_big');
  if (tooBig) throw new AppError('payload_too_large:input', tooBig.message);
  throw new AppError(
    'bad_request:validation',
    parsed.error.issues[0]?.message ?? 'The request is not valid.',
  );
}

async function readTextFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  // UTF-8 needs at most 4 bytes a character; the schema then applies the character limit itself.
  const parts = request.parts({
    limits: { fieldSize: MAX_TEXT_CHARS * 4 + 4, fields: 10, files: 1, parts: 12 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      part.file.resume();
      throw new AppError(
        'bad_request:file_upload',
        'File uploads are not supported here yet: paste the text into the form instead.',
      );
    }
    if (part.valueTruncated)
      throw new AppError('payload_too_large:input', `The field ${part.fieldname} is too large.`);
    if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return fields;
}
