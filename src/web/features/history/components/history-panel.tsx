import { useEffect, useMemo, useRef, useState } from 'react';
import type { HistorySearchHit } from '#shared/history';
import { useRunningGenerations } from '#web/features/history/api/get-running-generations.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { HistoryList } from './history-list.tsx';
import { HistorySearchBox, HistorySearchResults } from './history-search.tsx';

interface HistoryPanelProps {
  uid: string;
  service: string;
  activeId: string | null;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
  /** A found chat of another tool: its page opens with it. */
  onOpenElsewhere: (service: string, id: string) => void;
}

/** Whether a key press belongs to a field being typed in (the '/' shortcut then types a '/'). */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));
}

/**
 * The sidebar's history: a search box ('/' focuses it), then either the chats of this tool, newest
 * first, or, while there is a search, the chats it finds here or in every tool (docs/product.md §3).
 */
export function HistoryPanel({
  uid,
  service,
  activeId,
  onSelect,
  onDeleted,
  onOpenElsewhere,
}: HistoryPanelProps) {
  const [text, setText] = useState('');
  const [allTools, setAllTools] = useState(false);
  const q = useDebouncedValue(text.trim(), 250);
  const input = useRef<HTMLInputElement>(null);
  const all = useRunningGenerations().data;
  const running = useMemo(
    () => (all ?? []).filter((generation) => generation.service === service),
    [all, service],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target))
        return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const open = (hit: HistorySearchHit) =>
    hit.service === service ? onSelect(hit.id) : onOpenElsewhere(hit.service, hit.id);
  return (
    <>
      <HistorySearchBox
        value={text}
        onChange={setText}
        allTools={allTools}
        onAllToolsChange={setAllTools}
        inputRef={input}
      />
      {q && text.trim() ? (
        <HistorySearchResults
          uid={uid}
          q={q}
          service={allTools ? null : service}
          activeId={activeId}
          onOpen={open}
        />
      ) : (
        <HistoryList
          uid={uid}
          service={service}
          running={running}
          activeId={activeId}
          onSelect={onSelect}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}
