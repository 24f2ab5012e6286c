import { zodResolver } from '@hookform/resolvers/zod';
import { CornerDownLeft, Loader2 } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TOOL_INPUT_SCHEMAS } from '#shared/tool-inputs';
import type { ToolDefinition } from '#shared/tools';
import { Button } from '#web/components/ui/button.tsx';
import { ToolField } from './tool-field.tsx';

export type ToolFormValues = Record<string, string>;

interface ToolFormProps {
  tool: ToolDefinition;
  pending: boolean;
  onSubmit: (values: Record<string, unknown>) => Promise<boolean>;
}

function defaultValues(tool: ToolDefinition): ToolFormValues {
  return Object.fromEntries(tool.fields.map((f) => [f.name, f.defaultValue ?? '']));
}

/** One form for all six tools, built from the shared catalogue (docs/product.md §2, §5). */
export function ToolForm({ tool, pending, onSubmit }: ToolFormProps) {
  const idPrefix = useId();
  const schema = TOOL_INPUT_SCHEMAS[tool.slug] as unknown as z.ZodType<
    Record<string, unknown>,
    ToolFormValues
  >;
  const form = useForm<ToolFormValues, unknown, Record<string, unknown>>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues(tool),
    mode: 'onTouched',
  });
  const { errors, isValid } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const ok = await onSubmit(values);
    if (ok && tool.clearOnSuccess) form.reset(defaultValues(tool));
  });

  function onEnterSubmit(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.blur();
    if (!pending) void submit();
  }

  const hasTextarea = tool.fields.some((f) => f.kind === 'textarea' || f.kind === 'code');
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={tool.buttonLabel}
      aria-busy={pending}
      className="grid grid-cols-[minmax(0,1fr)] gap-5 rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6"
    >
      {tool.fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        return (
          <ToolField
            key={field.name}
            field={field}
            id={id}
            error={errors[field.name]?.message}
            disabled={pending}
            registration={form.register(field.name)}
            onEnterSubmit={onEnterSubmit}
          />
        );
      })}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        {hasTextarea ? (
          <p className="hidden items-center gap-1.5 text-muted-foreground text-xs sm:flex">
            <CornerDownLeft className="size-3.5" aria-hidden />
            Enter to submit · Shift + Enter for a new line
          </p>
        ) : (
          <span className="hidden sm:block" />
        )}
        <Button type="submit" size="field" className="sm:min-w-44" disabled={pending || !isValid}>
          {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {pending ? tool.busyLabel : tool.buttonLabel}
        </Button>
      </div>
    </form>
  );
}
