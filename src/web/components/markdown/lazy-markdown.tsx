import { lazy, Suspense } from 'react';

const Markdown = lazy(async () => ({ default: (await import('./markdown.tsx')).Markdown }));

interface LazyMarkdownProps {
  children: string;
  className?: string;
}

/**
 * The markdown renderer and highlighter live in their own chunk, fetched the first time output is
 * shown. Until then the raw text is shown as it is, so streaming never waits for the chunk.
 */
export function LazyMarkdown({ children, className }: LazyMarkdownProps) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap text-[0.9375rem] leading-7">{children}</div>}>
      <Markdown className={className}>{children}</Markdown>
    </Suspense>
  );
}

/** Starts loading the chunk early, e.g. when a tool form is submitted. */
export function preloadMarkdown(): void {
  void import('./markdown.tsx');
}
