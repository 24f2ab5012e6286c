import { Loader2, Search, X } from 'lucide-react';
import { type Ref, useEffect } from 'react';
import type { HistorySearchHit, TextPart } from '#shared/history';
import { formatToolName } from '#shared/tools';
import { useHistorySearch } from '#web/features/history/api/search-history.ts';
import { cn } from '#web/lib/cn.ts';
import { counted } from '#web/lib/plural.ts';
import { KeyboardHelp } from './keyboard-help.tsx';

interface HistorySearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  allTools: boolean;
  onAllToolsChange: (allTools: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The search box above the history ('/' focuses it), and whether it looks in this tool or in all. */
export function HistorySearchBox({
  value,
  onChange,
  allTools,
  onAllToolsChange,
  inputRef,
}: HistorySearchBoxProps) {
  return (
    <div className="grid gap-1.5 px-2 pb-2">
      <div className="flex items-center gap-1.5">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            ref={inputRef}
            type="search"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && value) {
                event.stopPropagation();
                onChange('');
              }
            }}
            maxLength={200}
            placeholder="Search chats"
            aria-label="Search chats"
            aria-keyshortcuts="/"
            className="h-8 w-full rounded-md border border-border bg-background pr-7 pl-8 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-search-cancel-button]:hidden"
          />
          {value ? (
            <button
              type="button"
              onClick={() => onChange('')}
              aria-label="Clear the search"
              className="absolute top-1/2 right-1.5 grid size-5 -translate-y-1/2 place-items-center rounded text-muted-foreground hover:text-foreground"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          ) : null}
        </div>
        <KeyboardHelp />
      </div>
      {value ? (
        <label className="flex items-center gap-2 px-1 text-muted-foreground text-xs">
          <input
            type="checkbox"
            checked={allTools}
            onChange={(event) => onAllToolsChange(event.target.checked)}
          />
          Search every tool
        </label>
      ) : null}
    </div>
  );
}

/** A matching word: a highlighter's yellow, readable in either theme. */
const markClass = 'rounded-sm bg-amber-200/80 px-0.5 text-foreground dark:bg-amber-400/25';

/** Marked words of a found title or excerpt. */
function Marked({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order.
          <mark key={index} className={markClass}>
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

interface HistorySearchResultsProps {
  uid: string;
  q: string;
  /** The tool searched, or null for every tool. */
  service: string | null;
  activeId: string | null;
  onOpen: (hit: HistorySearchHit) => void;
}

/** What a search found, best first, the matching words marked; 'Show more' pages on. */
export function HistorySearchResults({ uid, q, service, activeId, onOpen }: HistorySearchResultsProps) {
  const search = useHistorySearch(uid, q, service);
  useEffect(() => {
    if (search.error) console.error('Error searching chats', search.error);
  }, [search.error]);

  if (search.isPending) {
    return (
      <p className="inline-flex items-center gap-2 px-3 py-2 text-muted-foreground text-sm" role="status">
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
        Searching…
      </p>
    );
  }
  if (search.isError) {
    return (
      <p role="alert" className="mx-2 rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
        The search failed. Please try again.
      </p>
    );
  }
  const hits = search.data.pages.flatMap((page) => page.results);
  return (
    <>
      <p className="sr-only" role="status">
        {hits.length === 0
          ? 'No chats found.'
          : search.hasNextPage
            ? `${hits.length} or more chats found.`
            : `${counted(hits.length, 'chat')} found.`}
      </p>
      {hits.length === 0 ? (
        <p className="px-3 py-2 text-muted-foreground text-sm">No chats match “{q}”.</p>
      ) : (
        <ul className="grid gap-0.5" aria-label="Search results">
          {hits.map((hit) => (
            <li key={hit.id}>
              <button
                type="button"
                onClick={() => onOpen(hit)}
                aria-current={hit.id === activeId ? 'true' : undefined}
                className={cn(
                  'grid w-full gap-0.5 rounded-lg px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  hit.id === activeId && 'bg-muted',
                )}
              >
                <span className="line-clamp-1 break-all font-medium">
                  <Marked parts={hit.titleParts} />
                </span>
                {hit.snippet.length > 0 ? (
                  <span className="line-clamp-2 break-words text-muted-foreground text-xs">
                    <Marked parts={hit.snippet} />
                  </span>
                ) : null}
                {service === null ? (
                  <span className="text-[11px] text-muted-foreground/80">{formatToolName(hit.service)}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      {search.hasNextPage ? (
        <button
          type="button"
          onClick={() => void search.fetchNextPage()}
          disabled={search.isFetchingNextPage}
          className="mx-2 mt-2 inline-flex h-8 items-center justify-center gap-2 rounded-md text-muted-foreground text-xs hover:bg-muted hover:text-foreground disabled:opacity-60"
        >
          {search.isFetchingNextPage ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
          Show more
        </button>
      ) : null}
    </>
  );
}
