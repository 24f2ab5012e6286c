import { CornerDownLeft, Loader2 } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toolFormOf } from '#shared/tool-forms';
import type { ToolDefinition } from '#shared/tools';
import { Button } from '#web/components/ui/button.tsx';
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
}

/**
 * One form for all six tools, built from the shared catalogue (docs/product.md §2, §5). A tool with a
 * document field shows the drop zone; while a file is chosen the fields it replaces (the pasted text)
 * are hidden and the form validates with the tool's with-document schema (the text is then optional).
 */
export function ToolForm({ tool, pending, onSubmit, initialValues, onCancel }: ToolFormProps) {
  const idPrefix = useId();
  const toolForm = toolFormOf(tool.slug);
  const documentField = documentFieldOf(tool);
  const resolver = useMemo(() => toolFormResolver(tool), [tool]);
  const form = useForm<ToolFormValues, unknown, Record<string, unknown>>({
    resolver,
    defaultValues: { ...defaultToolValues(tool), ...initialValues },
    mode: 'onTouched',
  });
  const { errors, isValid } = form.formState;
  const chosen = useWatch({
    control: form.control,
    name: documentField?.name ?? '',
    disabled: !documentField,
  });
  const withDocument = chosen instanceof File;
  const config = useServerConfig();
  const maxBytes = documentMaxBytes(config.data);

  const submit = form.handleSubmit(async (values) => {
    const ok = await onSubmit(values);
    if (ok && toolForm.clearOnSuccess) form.reset(defaultToolValues(tool));
  });

  function onEnterSubmit(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
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

  const showsTextarea = toolForm.fields.some(
    (f) => (f.kind === 'textarea' || f.kind === 'code') && !(withDocument && f.replacedByFile),
  );
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
              onEnterSubmit={onEnterSubmit}
            />
          </div>
        );
      })}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        {showsTextarea ? (
          <p className="hidden items-center gap-1.5 text-muted-foreground text-xs sm:flex">
            <CornerDownLeft className="size-3.5" aria-hidden />
            Enter to submit · Shift + Enter for a new line
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
          <Button type="submit" size="field" className="sm:min-w-44" disabled={pending || !isValid}>
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {pending ? toolForm.busyLabel : toolForm.buttonLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
