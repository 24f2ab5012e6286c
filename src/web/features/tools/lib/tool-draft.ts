import { toolDraftKey } from '#shared/storage-keys';
import { toolFormOf } from '#shared/tool-forms';
import type { ToolDefinition } from '#shared/tools';
import type { ToolFormValues } from './tool-form-values.ts';

/**
 * What was typed into a tool's form and not yet sent (docs/product.md §4: nothing typed is lost): kept
 * per tool in this tab's sessionStorage, so it survives a switch to another tool and a reload, and
 * cleared once a generation of that tool succeeded. Only the form's text and choices are kept (a chosen
 * file cannot be), and only under the tool's own field names and a select's own options; it never
 * leaves the browser.
 */

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The fields worth keeping: text that differs from the field's default. */
export function draftOf(tool: ToolDefinition, values: Partial<ToolFormValues>): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const field of toolFormOf(tool.slug).fields) {
    const value = values[field.name];
    if (field.kind === 'file' || typeof value !== 'string') continue;
    if (value !== (field.defaultValue ?? '')) draft[field.name] = value;
  }
  return draft;
}

/** The kept draft, checked against the form as it is now (a stale or tampered entry is ignored). */
export function readToolDraft(tool: ToolDefinition): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(toolDraftKey(tool.slug)) ?? 'null');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const kept = parsed as Record<string, unknown>;
  const draft: Record<string, string> = {};
  for (const field of toolFormOf(tool.slug).fields) {
    const value = kept[field.name];
    if (field.kind === 'file' || typeof value !== 'string') continue;
    if (field.options && !field.options.includes(value)) continue;
    draft[field.name] = value;
  }
  return draft;
}

/** Keeps the form's draft; a form back at its defaults keeps nothing. A full storage keeps nothing new. */
export function saveToolDraft(tool: ToolDefinition, values: Partial<ToolFormValues>): void {
  const draft = draftOf(tool, values);
  const store = storage();
  try {
    if (Object.keys(draft).length === 0) store?.removeItem(toolDraftKey(tool.slug));
    else store?.setItem(toolDraftKey(tool.slug), JSON.stringify(draft));
  } catch {
    // Over the storage's quota (or storage refused): the form still works, the draft is not kept.
  }
}

export function clearToolDraft(tool: ToolDefinition): void {
  try {
    storage()?.removeItem(toolDraftKey(tool.slug));
  } catch {
    // Storage refused: nothing was kept either.
  }
}
