import { ChevronDown } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ToolField as ToolFieldSpec } from '#shared/tool-forms';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';

interface ToolFieldProps {
  field: ToolFieldSpec;
  id: string;
  error?: string;
  disabled: boolean;
  registration: UseFormRegisterReturn;
  /**
   * A key press in a box: Enter without Shift (in the code box Ctrl/Cmd+Enter, Enter being a new line)
   * submits and removes focus (docs/product.md §4).
   */
  onEnterSubmit: (event: KeyboardEvent<HTMLElement>) => void;
}

const controlClass =
  'w-full rounded-lg border border-border bg-background text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-60';

/**
 * One catalogue field: text input, textarea (plain or code) or select, with its label and error. A
 * `file` field is the document drop zone instead (file-drop-zone.tsx), which the form renders itself.
 */

export function ToolField({ field, id, error, disabled, registration, onEnterSubmit }: ToolFieldProps) {
  const label = field.required || field.kind === 'select' ? field.label : `${field.label} (optional)`;
  const aria = fieldAria(id, error);
  const isCode = field.kind === 'code';
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      className={field.kind === 'select' ? 'sm:max-w-60' : undefined}
    >
      {field.kind === 'select' ? (
        <div className="relative">
          <select
            id={id}
            disabled={disabled}
            {...aria}
            {...registration}
            className={cn(
              controlClass,
              'h-11 appearance-none pr-9 pl-3 text-sm',
              !field.optionLabels && 'capitalize',
            )}
          >
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {field.optionLabels?.[option] ?? option}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
        </div>
      ) : field.kind === 'textarea' || field.kind === 'code' ? (
        <textarea
          id={id}
          disabled={disabled}
          placeholder={field.placeholder}
          rows={isCode ? 12 : field.required ? 8 : 4}
          spellCheck={!isCode}
          onKeyDown={onEnterSubmit}
          aria-keyshortcuts={isCode ? 'Control+Enter Meta+Enter' : undefined}
          {...aria}
          {...registration}
          className={cn(
            controlClass,
            'min-h-24 resize-y px-3 py-2.5',
            isCode ? 'font-mono text-[13px]' : 'text-sm leading-relaxed',
          )}
        />
      ) : (
        <Input
          id={id}
          disabled={disabled}
          placeholder={field.placeholder}
          onKeyDown={onEnterSubmit}
          {...aria}
          {...registration}
        />
      )}
    </FormField>
  );
}
