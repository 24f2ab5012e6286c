import { CornerDownLeft, Loader2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toolDocumentFormats } from '#shared/documents';
import { type ToolField as ToolFieldSpec, toolFormOf } from '#shared/tool-forms';
import type { ToolDefinition } from '#shared/tools';
import { Button } from '#web/components/ui/button.tsx';
import { sendsForm } from '#web/features/tools/lib/enter-key.ts';
import { clearToolDraft, readToolDraft, saveToolDraft } from '#web/features/tools/lib/tool-draft.ts';
import {
  defaultToolValues,
  documentFieldOf,
  type ToolFormValues,
  toolFormResolver,
} from '#web/features/tools/lib/tool-form-values.ts';
import { documentMaxBytes, useServerConfig } from '#web/lib/server-config.ts';
import { FileDropZone } from './file-drop-zone.tsx';
import { ToolField } from './tool-field.tsx';

interface ToolFormProps {
  tool: ToolDefinition;
  pending: boolean;
  onSubmit: (values: Record<string, unknown>) => Promise<boolean>;
  /** Values to start from instead of the defaults (a saved chat's request, for Edit). */
  initialValues?: Record<string, string>;
  /** Shows a Cancel button beside the submit button. */
  onCancel?: () => void;
  /**
   * Keep what is typed, per tool, in this tab until a generation succeeds (tool-draft.ts): the tool
   * screen's form, not a saved chat's Edit form.
   */
  keepDraft?: boolean;
  /** Why the form cannot be sent now (the month's generations are used up): shown above a disabled button. */
  refusal?: ReactNode;
}

/**
 * One form for all six tools, built from the shared catalogue (docs/product.md §2, §5). A tool with a
 * document field shows the drop zone; while a file is chosen the fields it replaces (the pasted text)
 * are hidden and the form validates with the tool's with-document schema (the text is then optional).
 * With `keepDraft`, what is typed survives a switch of tools and a reload until a generation succeeds.
 */
export function ToolForm({
  tool,
  pending,
  onSubmit,
  initialValues,
  onCancel,
  keepDraft = false,
  refusal = null,
}: ToolFormProps) {
  const idPrefix = useId();
  const toolForm = toolFormOf(tool.slug);
  const documentField = documentFieldOf(tool);
  const resolver = useMemo(() => toolFormResolver(tool), [tool]);
  const [startValues] = useState(() => ({
    ...defaultToolValues(tool),
    ...(initialValues ?? (keepDraft ? readToolDraft(tool) : {})),
  }));
  const form = useForm<ToolFormValues, unknown, Record<string, unknown>>({
    resolver,
    defaultValues: startValues,
    mode: 'onTouched',
  });
  // Every change is kept at once (a reload right after typing loses nothing).
  useEffect(() => {
    if (!keepDraft) return;
    const subscription = form.watch((values) => saveToolDraft(tool, values));
    return () => subscription.unsubscribe();
  }, [form, tool, keepDraft]);
  const { errors, isValid } = form.formState;
  const chosen = useWatch({
    control: form.control,
    name: documentField?.name ?? '',
    disabled: !documentField,
  });
  const withDocument = chosen instanceof File;
  const config = useServerConfig();
  const maxBytes = documentMaxBytes(config.data);

  const refused = refusal !== null;
  const submit = form.handleSubmit(async (values) => {
    if (refused) return;
    const ok = await onSubmit(values);
    if (!ok) return;
    if (keepDraft) clearToolDraft(tool);
    if (toolForm.clearOnSuccess) form.reset(defaultToolValues(tool));
  });

  /** Enter in a text box, Ctrl/Cmd+Enter in the code box: send, and leave the field (docs/product.md §4). */
  function onEnterKey(kind: ToolFieldSpec['kind'], event: KeyboardEvent<HTMLElement>) {
    const { key, shiftKey, ctrlKey, metaKey } = event;
    if (!sendsForm(kind, { key, shiftKey, ctrlKey, metaKey, isComposing: event.nativeEvent.isComposing }))
      return;
    event.preventDefault();
    event.currentTarget.blur();
    if (!pending) void submit();
  }

  /** A chosen file stands in for the pasted text: that field's error no longer applies. */
  function onDocumentChange(file: File | null, setValue: (file: File | null) => void) {
    setValue(file);
    const replaced = toolForm.fields.filter((f) => f.replacedByFile).map((f) => f.name);
    if (file) form.clearErrors(replaced);
  }

  const shown = toolForm.fields.filter((f) => !(withDocument && f.replacedByFile));
  const showsCode = shown.some((f) => f.kind === 'code');
  const showsTextarea = shown.some((f) => f.kind === 'textarea');
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={toolForm.buttonLabel}
      aria-busy={pending}
      className="grid grid-cols-[minmax(0,1fr)] gap-5 rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6"
    >
      {toolForm.fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        if (field.kind === 'file') {
          return (
            <Controller
              key={field.name}
              name={field.name}
              control={form.control}
              render={({ field: control }) => (
                <FileDropZone
                  id={id}
                  label={field.label}
                  value={control.value instanceof File ? control.value : null}
                  onChange={(file) => onDocumentChange(file, control.onChange)}
                  disabled={pending}
                  maxBytes={maxBytes}
                  formats={toolDocumentFormats(tool)}
                />
              )}
            />
          );
        }
        return (
          <div key={field.name} hidden={withDocument && field.replacedByFile}>
            <ToolField
              field={field}
              id={id}
              error={errors[field.name]?.message}
              disabled={pending}
              registration={form.register(field.name)}
              onEnterSubmit={(event) => onEnterKey(field.kind, event)}
            />
          </div>
        );
      })}
      {refused ? <div id={`${idPrefix}-refusal`}>{refusal}</div> : null}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        {showsCode || showsTextarea ? (
          <p className="hidden items-center gap-1.5 text-muted-foreground text-xs sm:flex">
            <CornerDownLeft className="size-3.5" aria-hidden />
            {showsCode
              ? 'Ctrl + Enter to submit · Enter for a new line'
              : 'Enter to submit · Shift + Enter for a new line'}
          </p>
        ) : (
          <span className="hidden sm:block" />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {onCancel ? (
            <Button type="button" variant="outline" size="field" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            size="field"
            className="sm:min-w-44"
            disabled={pending || !isValid || refused}
            aria-describedby={refused ? `${idPrefix}-refusal` : undefined}
          >
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {pending ? toolForm.busyLabel : toolForm.buttonLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
