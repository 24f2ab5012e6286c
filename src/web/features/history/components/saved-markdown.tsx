import { useDeferredValue } from 'react';
import {
  LazyMarkdown,
  MarkdownAsText,
  type MarkdownLineMarks,
  useMarkdownLoaded,
} from '#web/components/markdown/lazy-markdown.tsx';
import type { Citation } from '#web/lib/citations.ts';

/**
 * From this length a text is rendered in the background: parsing about 3 ms a kilobyte, a longer one
 * would block the page for 60 ms or more (bench/README.md, `npm run bench:render`).
 */
const LONG_TEXT_CHARS = 20_000;

/**
 * A saved answer, or a saved request, as markdown. Its text shows as it is until the renderer's chunk
 * is in. A long text is then rendered as a deferred value: React parses it a section at a time and
 * yields to input between sections, so opening it never freezes the page, and its blocks off screen are
 * laid out only when scrolled near (`md-long`); a short one renders at once.
 */
export function SavedMarkdown({
  text,
  onCitation,
  lineMarks = null,
}: {
  text: string;
  /** An answer about a document: its citations open the passage they name. */
  onCitation?: (citation: Citation) => void;
  /** A checked answer: its unsupported texts marked, its lines' sources (components/answer-check). */
  lineMarks?: MarkdownLineMarks | null;
}) {
  const markdownLoaded = useMarkdownLoaded();
  const target = markdownLoaded ? text : '';
  const long = text.length >= LONG_TEXT_CHARS;
  const shown = useDeferredValue(target, long ? '' : target);
  if (!shown) return <MarkdownAsText>{text}</MarkdownAsText>;
  return (
    <LazyMarkdown className={long ? 'md-long' : undefined} onCitation={onCitation} lineMarks={lineMarks}>
      {shown}
    </LazyMarkdown>
  );
}
