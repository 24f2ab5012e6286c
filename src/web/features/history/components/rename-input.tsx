import { useEffect, useRef, useState } from 'react';
import { HISTORY_TITLE_MAX } from '#shared/history';

interface RenameInputProps {
  initial: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}

/** Inline rename (docs/product.md §2): Enter or blur saves, Escape cancels; blank or unchanged saves nothing. */
export function RenameInput({ initial, onSave, onCancel }: RenameInputProps) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  function finish(save: boolean) {
    if (done.current) return;
    done.current = true;
    const title = value.trim();
    if (save && title && title !== initial) onSave(title);
    else onCancel();
  }

  return (
    <input
      ref={ref}
      aria-label="Chat title"
      value={value}
      maxLength={HISTORY_TITLE_MAX}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          // Escape ends renaming only; it must not also close the sidebar overlay around it.
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      className="h-8 w-full min-w-0 rounded-md border border-ring bg-background px-2 text-sm outline-none ring-3 ring-ring/25"
    />
  );
}
