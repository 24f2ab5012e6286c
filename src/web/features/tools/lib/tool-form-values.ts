import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { withoutControlCharacters } from '#shared/text';
import { type ToolField, toolFormOf } from '#shared/tool-forms';
import { TOOL_INPUT_SCHEMAS, WITH_DOCUMENT_SCHEMAS } from '#shared/tool-inputs';
import type { ToolDefinition } from '#shared/tools';

/** The tool form's values: text per catalogue field, and the chosen document (or null) for a `file` field. */
export type ToolFormValues = Record<string, string | File | null>;

type AnySchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
type ToolFormResolver = Resolver<ToolFormValues, unknown, Record<string, unknown>>;

/** The document field of a tool that takes one (doc summarizer, resume assistant). */
export function documentFieldOf(tool: ToolDefinition): ToolField | undefined {
  return toolFormOf(tool.slug).fields.find((field) => field.kind === 'file');
}

/** A fresh form: each field's default text, no document. */
export function defaultToolValues(tool: ToolDefinition): ToolFormValues {
  return Object.fromEntries(
    toolFormOf(tool.slug).fields.map((field) => [
      field.name,
      field.kind === 'file' ? null : (field.defaultValue ?? ''),
    ]),
  );
}

/** The document chosen in the form, if any. */
export function chosenDocument(tool: ToolDefinition, values: ToolFormValues): File | null {
  const field = documentFieldOf(tool);
  const value = field ? values[field.name] : null;
  return value instanceof File ? value : null;
}

/**
 * The text fields the form validates and sends. While a document is chosen, the fields it stands in
 * for (`replacedByFile`: the pasted text) are hidden, so they are neither checked nor sent: the request
 * is what the screen shows. What was typed there is kept in the form for when the file is removed.
 */
export function textValuesToSend(tool: ToolDefinition, values: ToolFormValues): Record<string, string> {
  const withDocument = chosenDocument(tool, values) !== null;
  const sent: Record<string, string> = {};
  for (const field of toolFormOf(tool.slug).fields) {
    if (field.kind === 'file' || (withDocument && field.replacedByFile)) continue;
    const value = values[field.name];
    // What was pasted may carry control characters (a PDF's form feeds) that the server refuses.
    if (typeof value === 'string') sent[field.name] = withoutControlCharacters(value);
  }
  return sent;
}

/** The schema the form validates with: the tool's own, or, while a document is chosen, its with-document one. */
export function toolFormSchema(tool: ToolDefinition, withDocument: boolean): AnySchema {
  const documentSchemas = WITH_DOCUMENT_SCHEMAS as Partial<Record<string, AnySchema>>;
  const withDocumentSchema = withDocument ? documentSchemas[tool.slug] : undefined;
  return withDocumentSchema ?? (TOOL_INPUT_SCHEMAS[tool.slug] as unknown as AnySchema);
}

/**
 * react-hook-form's resolver for a tool form: validates the fields to send with the schema that fits
 * (the pasted text is optional once a document is chosen) and gives the parsed values plus the
 * document, under its field's name, to the submit handler.
 */
export function toolFormResolver(tool: ToolDefinition): ToolFormResolver {
  const plain = zodResolver(toolFormSchema(tool, false)) as unknown as ToolFormResolver;
  const withDocument = zodResolver(toolFormSchema(tool, true)) as unknown as ToolFormResolver;
  const field = documentFieldOf(tool);
  return async (values, context, options) => {
    const document = chosenDocument(tool, values);
    const resolve = document ? withDocument : plain;
    const result = await resolve(textValuesToSend(tool, values), context, options);
    if (!field || !document || Object.keys(result.errors).length > 0) return result;
    return { values: { ...result.values, [field.name]: document }, errors: {} };
  };
}
