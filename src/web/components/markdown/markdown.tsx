import type { Element, ElementContent } from 'hast';
import { ImageIcon } from 'lucide-react';
import { type ComponentProps, createContext, memo, use, useMemo } from 'react';
import ReactMarkdown, { type Components, defaultUrlTransform, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { type Citation, citationFromQuery, citationLabel } from '#web/lib/citations.ts';
import { cn } from '#web/lib/cn.ts';
import { HIGHLIGHT_LANGUAGES } from './highlight-languages.ts';
import { markdownSections } from './markdown-sections.ts';
import { type LineMark, MARK_ELEMENT, REASON_ATTRIBUTE, rehypeLineMarks } from './rehype-line-marks.ts';
import { CITATION_ATTRIBUTE, CITATION_ELEMENT, remarkCitations } from './remark-citations.ts';
import './markdown.css';

/** The text of a hast subtree (a highlighted code block is nested spans). */
function hastText(node: Element | ElementContent | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(hastText).join('');
  return '';
}

function languageOf(pre: Element | undefined): string | null {
  const code = pre?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const lang = list.find((c) => c.startsWith('language-'));
  return lang ? lang.slice('language-'.length) : null;
}

function CodeBlock({ node, children, className, ...rest }: ComponentProps<'pre'> & { node?: Element }) {
  const language = languageOf(node);
  return (
    <div className="md-code not-first:mt-4">
      <div
        className="flex items-center justify-between gap-2 border-border border-b px-3 py-1.5"
        data-copy-skip
      >
        <span className="font-mono text-muted-foreground text-xs">{language ?? 'text'}</span>
        <CopyButton text={() => hastText(node).replace(/\n$/, '')} label="Copy code" size="sm" />
      </div>
      <pre className={cn('overflow-x-auto p-4 text-[13px] leading-relaxed', className)} {...rest}>
        {children}
      </pre>
    </div>
  );
}

/** Links open in a new tab and never pass on the page address. */
function SafeLink({ node: _node, href, children, ...rest }: ComponentProps<'a'> & { node?: Element }) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" {...rest}>
      {children}
    </a>
  );
}

/**
 * Images in model output are shown as links, never fetched: an image URL is the classic way for an
 * injected prompt to send a user's text to a third party without a click.
 */
function ImageAsLink({ src, alt }: ComponentProps<'img'> & { node?: Element }) {
  const href = typeof src === 'string' ? src : '';
  const label = alt || 'image';
  if (!href) return <span>{label}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="inline-flex items-center gap-1"
    >
      <ImageIcon className="size-3.5" aria-hidden />
      {label}
    </a>
  );
}

/** What a citation in the text opens (the document's passage), for the sections' citation buttons. */
const CitationContext = createContext<((citation: Citation) => void) | null>(null);

/**
 * A document citation ('p. 12', or '7' of '(pp. 3, 7)') as a button that looks like a link; the only
 * buttons the text can hold are the ones remarkCitations made (raw HTML is never rendered).
 */
function CitationButton({ node: _node, children, ...rest }: ComponentProps<'button'> & { node?: Element }) {
  const open = use(CitationContext);
  const citation = citationFromQuery((rest as Record<string, unknown>)[CITATION_ATTRIBUTE]);
  if (!open || !citation) return <>{children}</>;
  return (
    <button
      type="button"
      className="md-citation"
      aria-haspopup="dialog"
      aria-label={`Show ${citationLabel(citation)} of the document`}
      onClick={(event) => {
        // Focused (Safari does not focus a clicked button), so the panel gives focus back to it.
        event.currentTarget.focus();
        open(citation);
      }}
    >
      {children}
    </button>
  );
}

/** What a marked text, or a click on a line, opens: where that line of the answer comes from. */
const LineContext = createContext<((line: number) => void) | null>(null);

/**
 * A text the answer's check found unsupported (rehype-line-marks.ts): underlined, its reason shown on
 * hover and focus (and read with it), and, where the page can show a line's sources, a button for them.
 */
function UnsupportedMark({ node: _node, children, ...rest }: ComponentProps<'mark'> & { node?: Element }) {
  const showLine = use(LineContext);
  const props = rest as Record<string, unknown>;
  const reason = String(props[REASON_ATTRIBUTE] ?? '');
  const line = Number(props['data-mark-line']);
  const open = showLine && Number.isInteger(line) ? () => showLine(line) : null;
  return (
    // The reason is the mark's description, drawn by CSS (::after) on hover and focus: it is never part
    // of the answer's text, in a selection or a copy.
    <mark
      className="md-unsupported"
      data-reason={reason}
      aria-description={reason}
      tabIndex={0}
      role={open ? 'button' : undefined}
      onClick={
        open
          ? (event) => {
              event.stopPropagation();
              open();
            }
          : undefined
      }
      onKeyDown={
        open
          ? (event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              open();
            }
          : undefined
      }
    >
      {children}
    </mark>
  );
}

const COMPONENTS: Components = {
  pre: CodeBlock,
  a: SafeLink,
  img: ImageAsLink,
  [CITATION_ELEMENT]: CitationButton,
  [MARK_ELEMENT]: UnsupportedMark,
};
const REMARK: Options['remarkPlugins'] = [remarkGfm];
const REMARK_WITH_CITATIONS: Options['remarkPlugins'] = [remarkGfm, remarkCitations];
const REHYPE: Options['rehypePlugins'] = [
  [rehypeHighlight, { languages: HIGHLIGHT_LANGUAGES, aliases: { go: ['golang'] } }],
];

interface MarkdownProps {
  children: string;
  className?: string;
  /** An answer about a document: its citations ('(p. 12)', '(part 3)') become buttons that call this. */
  onCitation?: (citation: Citation) => void;
  /**
   * An answer with a check (the resume assistant's): its unsupported texts marked, and `onLine`, when
   * given, called with the line of the answer a click or a marked text is on.
   */
  lineMarks?: { marks: readonly LineMark[]; onLine?: (line: number) => void } | null;
}

/** The line each section starts on (1-based), sections being consecutive slices of the text. */
function sectionLines(sections: readonly string[]): number[] {
  const lines: number[] = [];
  let line = 1;
  for (const section of sections) {
    lines.push(line);
    for (let i = section.indexOf('\n'); i !== -1; i = section.indexOf('\n', i + 1)) line++;
  }
  return lines;
}

/**
 * Untrusted model output as markdown: raw HTML is shown as text (no rehype-raw), and link targets go
 * through react-markdown's default URL filter, which drops javascript:, data: and other schemes.
 * Each section (markdown-sections.ts) is parsed on its own and memoized: a streamed answer re-parses
 * only its last section, and a long answer rendered in a transition yields between sections.
 */
export function Markdown({ children, className, onCitation, lineMarks = null }: MarkdownProps) {
  const sections = useMemo(() => markdownSections(children), [children]);
  const firstLines = useMemo(() => (lineMarks ? sectionLines(sections) : null), [lineMarks, sections]);
  const onLine = lineMarks?.onLine;
  return (
    // A click on a line of a checked answer shows where it comes from (keyboard: its marked texts).
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: see above.
    <div
      className={cn('md-prose', onLine && 'md-lines', className)}
      onClick={
        onLine
          ? (event) => {
              const block = (event.target as HTMLElement).closest('[data-line]');
              if (block && !(event.target as HTMLElement).closest('a, button'))
                onLine(Number(block.getAttribute('data-line')));
            }
          : undefined
      }
    >
      <CitationContext value={onCitation ?? null}>
        <LineContext value={onLine ?? null}>
          {sections.map((section, index) => (
            <MarkdownSection
              // Sections only change at the end (a stream grows); the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={index}
              source={section}
              citations={onCitation !== undefined}
              marks={lineMarks?.marks}
              firstLine={firstLines?.[index]}
            />
          ))}
        </LineContext>
      </CitationContext>
    </div>
  );
}

/** One text parsed whole (exported for the tests that compare it with the sectioned render). */
export const MarkdownSection = memo(function MarkdownSection({
  source,
  citations = false,
  marks,
  firstLine = 1,
}: {
  source: string;
  /** Whether document citations are marked (they call the Markdown's `onCitation`). */
  citations?: boolean;
  /** A checked answer's unsupported texts, by the answer's lines; `firstLine`: this section's first. */
  marks?: readonly LineMark[] | undefined;
  firstLine?: number | undefined;
}) {
  const rehype = useMemo<Options['rehypePlugins']>(
    () => (marks ? [...(REHYPE ?? []), [rehypeLineMarks, { firstLine, marks }]] : REHYPE),
    [marks, firstLine],
  );
  return (
    <ReactMarkdown
      remarkPlugins={citations ? REMARK_WITH_CITATIONS : REMARK}
      rehypePlugins={rehype}
      components={COMPONENTS}
      urlTransform={defaultUrlTransform}
    >
      {source}
    </ReactMarkdown>
  );
});

export { CodeDiff } from '#web/components/code-diff/code-diff.tsx';
