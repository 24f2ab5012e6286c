import {
  type GenerationResult,
  type GenerationStreamRequest,
  streamGeneration,
} from '#web/lib/generation-stream.ts';

export interface RunToolRequest extends Omit<GenerationStreamRequest, 'body'> {
  /** The catalogue's apiPath, e.g. '/api/explain-code'. */
  path: `/api/${string}`;
  body: Record<string, string> | FormData;
}

/** The `done` payload: the JSON reply's fields (`{<outputField>, historyId, status, matchReport?}`). */
export type ToolResult = GenerationResult;

/** A tool request, streamed (lib/generation-stream.ts): resolves with the `done` result. */
export function runTool(request: RunToolRequest): Promise<ToolResult> {
  return streamGeneration(request);
}

/**
 * The request body: JSON with the given fields, or a multipart form (doc summarizer, resume assistant)
 * whose document goes as the file part under its field's name. Blank text fields and an empty file
 * are left out (docs/product.md §5: text sent only if non-empty, the file only if its size is above 0).
 */
export function buildToolBody(
  transport: 'json' | 'multipart',
  values: Record<string, unknown>,
): Record<string, string> | FormData {
  // A number (the e-mail helper's `variants`) goes as its digits, as a form field would.
  const texts = Object.entries(values)
    .map(([name, value]): [string, unknown] => [name, typeof value === 'number' ? String(value) : value])
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '');
  if (transport === 'json') return Object.fromEntries(texts);
  const form = new FormData();
  for (const [name, value] of texts) form.append(name, value);
  for (const [name, value] of Object.entries(values)) {
    if (value instanceof Blob && value.size > 0) form.append(name, value, fileNameOf(value));
  }
  return form;
}

function fileNameOf(blob: Blob): string {
  return blob instanceof File ? blob.name : 'document';
}
