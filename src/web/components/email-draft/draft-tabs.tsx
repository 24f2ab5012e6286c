import { type KeyboardEvent, useRef } from 'react';
import { cn } from '#web/lib/cn.ts';

interface DraftTabsProps {
  /** How many drafts there are (tabs are shown for two or more). */
  count: number;
  /** The draft shown, 1-based. */
  current: number;
  disabled?: boolean;
  onChoose: (draft: number) => void;
  /** The id of the panel the tabs control (the answer's text). */
  panelId: string;
}

/**
 * The drafts of an e-mail asked for at once (`variants`, issue 34) as tabs: the one chosen is the answer
 * that Copy and the downloads use. Arrow keys move between them (the WAI-ARIA tabs pattern).
 */
export function DraftTabs({ count, current, disabled = false, onChoose, panelId }: DraftTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (count < 2) return null;
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const to =
      event.key === 'Home'
        ? 1
        : event.key === 'End'
          ? count
          : step
            ? ((current - 1 + step + count) % count) + 1
            : 0;
    if (!to) return;
    event.preventDefault();
    onChoose(to);
    tabs.current[to - 1]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Drafts"
      className="mb-4 inline-flex gap-1 rounded-lg bg-muted p-1"
      data-copy-skip
    >
      {Array.from({ length: count }, (_, i) => {
        const draft = i + 1;
        const selected = draft === current;
        return (
          <button
            key={draft}
            ref={(element) => {
              tabs.current[i] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            disabled={disabled}
            onClick={() => onChoose(draft)}
            onKeyDown={move}
            className={cn(
              'rounded-md px-3 py-1 font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
              selected
                ? 'bg-background text-foreground shadow-xs'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            Draft {draft}
          </button>
        );
      })}
    </div>
  );
}
