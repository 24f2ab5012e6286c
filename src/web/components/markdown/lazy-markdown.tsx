import { Suspense, useEffect, useState } from 'react';
import type { Citation } from '#web/lib/citations.ts';
import { lazyWithPreload } from '#web/lib/lazy-with-preload.tsx';

const Markdown = lazyWithPreload(async () => (await import('./markdown.tsx')).Markdown);

interface LazyMarkdownProps {
  children: string;
  className?: string;
  /** An answer about a document: its citations become buttons that call this (markdown.tsx). */
  onCitation?: (citation: Citation) => void;
  /** A checked answer's unsupported texts marked, and its lines' sources (markdown.tsx). */
  lineMarks?: MarkdownLineMarks | null;
}

export interface MarkdownLineMarks {
  marks: readonly { line: number; text: string; reason: string }[];
  onLine?: (line: number) => void;
}

/**
 * The markdown renderer and highlighter live in their own chunk, fetched the first time output is
 * shown. Until then the raw text is shown as it is, so streaming never waits for the chunk.
 */
export function LazyMarkdown({ children, className, onCitation, lineMarks = null }: LazyMarkdownProps) {
  return (
    <Suspense fallback={<MarkdownAsText>{children}</MarkdownAsText>}>
      <Markdown className={className} onCitation={onCitation} lineMarks={lineMarks}>
        {children}
      </Markdown>
    </Suspense>
  );
}

/** Markdown shown as it is, while the rendered form is on its way. */
export function MarkdownAsText({ children }: { children: string }) {
  return <div className="whitespace-pre-wrap text-[0.9375rem] leading-7">{children}</div>;
}

/** Starts loading the chunk early, e.g. when a tool form is submitted or a saved chat is opened. */
export function preloadMarkdown(): void {
  void Markdown.preload();
}

/** Loads the chunk; true once it is in, after which rendering markdown never waits for it. */
export function useMarkdownLoaded(): boolean {
  const [loaded, setLoaded] = useState(Markdown.isLoaded);
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    void Markdown.preload().then(() => mounted && setLoaded(true));
    return () => {
      mounted = false;
    };
  }, [loaded]);
  return loaded;
}
