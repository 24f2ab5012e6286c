import { CloudUpload, FileCheck, FileX, Loader2, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import {
  DOCUMENT_FORMATS,
  type DocumentFormat,
  documentAccept,
  documentExtensionsText,
} from '#shared/documents';
import { FileCard } from '#web/components/file-card.tsx';
import { type DropResult, toDropResult } from '#web/features/tools/lib/drop-result.ts';
import { cn } from '#web/lib/cn.ts';

interface FileDropZoneProps {
  id: string;
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
  /** The server's DOCUMENT_MAX_BYTES: a larger file is refused here, before it is sent. */
  maxBytes: number;
  /** The formats the tool's file field takes (the documents', or the e-mail helper's .eml). */
  formats?: readonly DocumentFormat[];
}

export const DROP_PROMPT = 'Select or Drag and drop your files here';
export const DROP_ACTIVE_PROMPT = 'Drop it';

/** The drop zone's states (docs/product.md §4), as `data-state` for styling and tests. */
export type DropZoneState =
  | 'idle'
  | 'focused'
  | 'drag-active'
  | 'accept'
  | 'reject'
  | 'dialog-open'
  | 'disabled';

const STATE_CLASSES: Record<DropZoneState, string> = {
  idle: 'border-border bg-muted/30 hover:border-primary/60 hover:bg-accent/50',
  focused: 'border-ring bg-accent/40 ring-3 ring-ring/30',
  'drag-active': 'border-primary bg-accent',
  accept:
    'border-emerald-600 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950/40 dark:text-emerald-100',
  reject: 'border-destructive bg-destructive/10 text-destructive',
  'dialog-open': 'border-primary bg-accent ring-3 ring-ring/30',
  disabled: 'cursor-not-allowed border-border bg-muted/30 opacity-60',
};

type RejectedDrop = Extract<DropResult, { kind: 'rejected' }>;

/** '20 MB', or '20.50 MB' when the limit is not a whole number of megabytes. */
function sizeLimitText(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  // A no-break space: the number and its unit stay on one line.
  return Number.isInteger(megabytes) ? `${megabytes}\u00a0MB` : `${megabytes.toFixed(2)}\u00a0MB`;
}

/** Rejected drops go to the console too (docs/product.md §5), with each file's reasons. */
function logRejectedDrop(rejections: readonly FileRejection[], accepted: readonly File[]) {
  console.warn('Rejected drop', [
    ...rejections.map((r) => ({ name: r.file.name, errors: r.errors.map((e) => e.code) })),
    ...accepted.map((file) => ({ name: file.name, errors: ['too-many-files'] })),
  ]);
}

/**
 * The document field of the doc summarizer and the resume assistant (docs/product.md §2, §4, §5): a
 * react-dropzone area for one .txt, .pdf, .doc, .docx or .odt file, opened by click, Enter or Space,
 * labelled by the field's label; refusals are shown under it. Once a file is chosen it shows the file
 * (name, size, type, last-modified date) with an X that clears it.
 */
export function FileDropZone({
  id,
  label,
  value,
  onChange,
  disabled,
  maxBytes,
  formats = DOCUMENT_FORMATS,
}: FileDropZoneProps) {
  const extensionsText = documentExtensionsText(formats);
  const labelId = `${id}-label`;
  const promptId = `${id}-prompt`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [rejected, setRejected] = useState<RejectedDrop | null>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the zone and the chosen file swap places, so that a keyboard user is not
  // sent back to the top of the page: the X after a file is chosen from the focused zone, the zone
  // after the X.
  const focusAfterSwap = useRef<'remove' | 'zone' | null>(null);
  const zoneFocused = useRef(false);

  const onDrop = useCallback(
    (accepted: File[], rejections: FileRejection[]) => {
      const result = toDropResult(accepted, rejections, { maxBytes, extensionsText });
      if (result.kind === 'rejected') {
        logRejectedDrop(rejections, accepted);
        setRejected(result);
      } else if (result.kind === 'chosen') {
        setRejected(null);
        focusAfterSwap.current = zoneFocused.current ? 'remove' : null;
        onChange(result.file);
      }
    },
    [maxBytes, onChange, extensionsText],
  );

  const accept = useMemo(() => documentAccept(formats), [formats]);
  const dropzone = useDropzone({
    onDrop,
    accept,
    maxSize: maxBytes,
    // An empty file has nothing to read (and the form would not send it).
    minSize: 1,
    maxFiles: 1,
    multiple: false,
    disabled,
  });

  useEffect(() => {
    const target = focusAfterSwap.current;
    focusAfterSwap.current = null;
    // The zone is gone while a file is chosen: it lost focus without a blur event.
    if (value) zoneFocused.current = false;
    if (target === 'remove' && value) removeRef.current?.focus();
    if (target === 'zone' && !value) dropzone.rootRef.current?.focus();
  }, [value, dropzone.rootRef]);

  function remove() {
    focusAfterSwap.current = 'zone';
    onChange(null);
  }

  return (
    <fieldset className="m-0 grid min-w-0 gap-1.5 border-0 p-0">
      <legend id={labelId} className="mb-1.5 p-0 font-medium text-foreground text-sm">
        {label}
      </legend>
      {value ? (
        <div>
          <FileCard
            name={value.name}
            size={value.size}
            type={value.type}
            lastModified={value.lastModified}
            action={
              <button
                ref={removeRef}
                type="button"
                onClick={remove}
                disabled={disabled}
                aria-label="Remove file"
                title="Remove file"
                className="grid size-9 shrink-0 place-items-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50"
              >
                <X className="size-4" aria-hidden />
              </button>
            }
          />
          <p className="sr-only" role="status">
            {`Chosen file: ${value.name}`}
          </p>
        </div>
      ) : (
        <DropArea
          dropzone={dropzone}
          onFocusChange={(focused) => {
            zoneFocused.current = focused;
          }}
          disabled={disabled}
          labelId={labelId}
          describedBy={`${promptId} ${hintId}${rejected ? ` ${errorId}` : ''}`}
          promptId={promptId}
          hintId={hintId}
          maxBytes={maxBytes}
          extensionsText={extensionsText}
          invalid={rejected !== null}
        />
      )}
      {rejected && !value ? (
        <div id={errorId} role="alert" className="grid gap-0.5 text-destructive text-xs">
          {rejected.messages.map((message) => (
            <p key={message}>
              {rejected.fileName ? <span className="font-medium">{rejected.fileName}: </span> : null}
              {message}
            </p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

interface DropAreaProps {
  dropzone: ReturnType<typeof useDropzone>;
  onFocusChange: (focused: boolean) => void;
  disabled: boolean;
  labelId: string;
  promptId: string;
  hintId: string;
  describedBy: string;
  maxBytes: number;
  /** '.txt, .pdf, .doc, .docx or .odt', or the tool's own formats. */
  extensionsText: string;
  invalid: boolean;
}

function dropZoneState(dropzone: ReturnType<typeof useDropzone>, disabled: boolean): DropZoneState {
  if (disabled) return 'disabled';
  if (dropzone.isDragReject) return 'reject';
  if (dropzone.isDragAccept) return 'accept';
  if (dropzone.isDragActive) return 'drag-active';
  if (dropzone.isFileDialogActive) return 'dialog-open';
  if (dropzone.isFocused) return 'focused';
  return 'idle';
}

/** The zone itself while no file is chosen: its prompt, icon and hint follow the drag and dialog state. */
function DropArea({
  dropzone,
  onFocusChange,
  disabled,
  labelId,
  promptId,
  hintId,
  describedBy,
  maxBytes,
  extensionsText,
  invalid,
}: DropAreaProps) {
  const state = dropZoneState(dropzone, disabled);
  const dragging = dropzone.isDragActive;
  const Icon = state === 'accept' ? FileCheck : state === 'reject' ? FileX : CloudUpload;
  const hint =
    state === 'reject'
      ? `Only one ${extensionsText} file`
      : state === 'accept'
        ? 'Release to add this file'
        : state === 'dialog-open'
          ? 'Choose a file in the dialog…'
          : `One file: ${extensionsText}, up to ${sizeLimitText(maxBytes)}`;
  return (
    <>
      <div
        {...dropzone.getRootProps({
          role: 'button',
          'aria-labelledby': labelId,
          'aria-describedby': describedBy,
          'aria-invalid': invalid || undefined,
          onFocus: () => onFocusChange(true),
          onBlur: () => onFocusChange(false),
        })}
        data-state={state}
        data-testid="file-drop-zone"
        className={cn(
          'flex min-h-36 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center outline-none transition-colors',
          disabled ? null : 'cursor-pointer',
          invalid && state === 'idle' ? 'border-destructive/60 bg-muted/30' : STATE_CLASSES[state],
        )}
      >
        <span
          className={cn(
            'grid size-11 place-items-center rounded-full',
            state === 'reject'
              ? 'bg-destructive/15'
              : state === 'accept'
                ? 'bg-emerald-600/15'
                : 'bg-accent text-primary',
          )}
        >
          {dropzone.isProcessing ? (
            <Loader2 className="size-5 animate-spin" aria-hidden />
          ) : (
            <Icon className="size-5" aria-hidden />
          )}
        </span>
        <p id={promptId} className="font-medium text-sm" aria-live="polite">
          {dragging ? DROP_ACTIVE_PROMPT : DROP_PROMPT}
        </p>
        <p id={hintId} className={cn('text-xs', state === 'reject' ? null : 'text-muted-foreground')}>
          {hint}
        </p>
      </div>
      {/* Beside the zone, not in it: a button holds no other control (the input only opens the dialog). */}
      <input {...dropzone.getInputProps({ 'aria-hidden': true, 'aria-label': undefined })} />
    </>
  );
}
