import type { RootContent } from 'hast';
import { createLowlight } from 'lowlight';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { HIGHLIGHT_LANGUAGES } from '#web/components/markdown/highlight-languages.ts';
import { cn } from '#web/lib/cn.ts';
import '#web/components/markdown/markdown.css';
import { type DiffLine, sideBySideRows, unifiedLines } from './diff-rows.ts';

const lowlight = createLowlight(HIGHLIGHT_LANGUAGES);
/** The code tools' language names that the highlighter knows by another. */
const ALIASES: Record<string, string> = { golang: 'go', js: 'javascript', ts: 'typescript', py: 'python' };

/** Side by side from this width on; one column (unified) below. */
const WIDE = '(min-width: 1024px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** The highlighter's tree as React nodes: text, and spans with the highlighter's class names. */
function nodesOf(children: readonly RootContent[]): ReactNode[] {
  return children.map((child, index) => {
    if (child.type === 'text') return child.value;
    if (child.type !== 'element') return null;
    const names = child.properties.className;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one highlighted line, in order.
      <span key={index} className={Array.isArray(names) ? names.join(' ') : undefined}>
        {nodesOf(child.children)}
      </span>
    );
  });
}

/** One line of code, highlighted on its own (a construct spanning lines shows in plain text there). */
function highlighted(text: string, language: string | null): ReactNode {
  const name = language ? (ALIASES[language] ?? language) : null;
  if (!name || !lowlight.registered(name) || text === '') return text;
  return nodesOf(lowlight.highlight(name, text).children);
}

const MARK = { same: ' ', added: '+', removed: '−' } as const;
const ROW = {
  same: '',
  added: 'bg-emerald-500/12 dark:bg-emerald-400/12',
  removed: 'bg-red-500/12 dark:bg-red-400/14',
} as const;

interface CodeDiffProps {
  before: string;
  after: string;
  language: string | null;
}

/**
 * The changes between the submitted code and the refactored code (jsdiff's line diff): side by side on a
 * wide screen, one column on a narrow one, each line highlighted (the answers' highlighter) with its
 * numbers and a sign for screen readers.
 */
export function CodeDiff({ before, after, language }: CodeDiffProps) {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
  const lines = useMemo(() => unifiedLines(before, after), [before, after]);
  const code = useMemo(() => {
    const cache = new Map<string, ReactNode>();
    return (line: DiffLine) => {
      const known = cache.get(line.text);
      if (known !== undefined) return known;
      const node = highlighted(line.text, language);
      cache.set(line.text, node);
      return node;
    };
  }, [language]);
  const added = lines.filter((l) => l.kind === 'added').length;
  const removed = lines.filter((l) => l.kind === 'removed').length;

  const cell = (line: DiffLine | null, number: number | null) =>
    line ? (
      <>
        <td className="w-10 select-none px-2 text-right align-top text-muted-foreground/70">{number}</td>
        <td className={cn('whitespace-pre-wrap break-all px-2 align-top', ROW[line.kind])}>
          <span className="sr-only">
            {line.kind === 'same' ? '' : line.kind === 'added' ? 'Added: ' : 'Removed: '}
          </span>
          <span aria-hidden className="mr-2 select-none text-muted-foreground">
            {MARK[line.kind]}
          </span>
          {code(line)}
        </td>
      </>
    ) : (
      <td colSpan={2} className="bg-muted/40" />
    );

  return (
    // The answers' code look and highlighting colours (markdown.css) apply inside `md-prose`.
    <figure className="md-prose" data-testid="code-diff">
      <div className="md-code !m-0">
        <figcaption className="flex items-center gap-3 border-border border-b px-3 py-1.5 font-mono text-xs">
          <span className="text-emerald-700 dark:text-emerald-400">+{added}</span>
          <span className="text-red-700 dark:text-red-400">−{removed}</span>
          <span className="text-muted-foreground">
            {added + removed === 0 ? 'no changes' : 'lines changed'}
          </span>
        </figcaption>
        <div className="overflow-x-auto">
          <table className="hljs w-full border-collapse font-mono text-[12.5px] leading-relaxed">
            <tbody>
              {wide
                ? sideBySideRows(lines).map((row, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one diff, in order.
                    <tr key={index}>
                      {cell(row.left, row.left?.before ?? null)}
                      {cell(row.right, row.right?.after ?? null)}
                    </tr>
                  ))
                : lines.map((line, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                    <tr key={index}>{cell(line, line.after ?? line.before)}</tr>
                  ))}
            </tbody>
          </table>
        </div>
      </div>
    </figure>
  );
}
