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

const COMPONENTS: Components = {
  pre: CodeBlock,
  a: SafeLink,
  img: ImageAsLink,
  [CITATION_ELEMENT]: CitationButton,
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
}

/**
 * Untrusted model output as markdown: raw HTML is shown as text (no rehype-raw), and link targets go
 * through react-markdown's default URL filter, which drops javascript:, data: and other schemes.
 * Each section (markdown-sections.ts) is parsed on its own and memoized: a streamed answer re-parses
 * only its last section, and a long answer rendered in a transition yields between sections.
 */
export function Markdown({ children, className, onCitation }: MarkdownProps) {
  const sections = useMemo(() => markdownSections(children), [children]);
  return (
    <div className={cn('md-prose', className)}>
      <CitationContext value={onCitation ?? null}>
        {sections.map((section, index) => (
          // Sections only change at the end (a stream grows); the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <MarkdownSection key={index} source={section} citations={onCitation !== undefined} />
        ))}
      </CitationContext>
    </div>
  );
}

/** One text parsed whole (exported for the tests that compare it with the sectioned render). */
export const MarkdownSection = memo(function MarkdownSection({
  source,
  citations = false,
}: {
  source: string;
  /** Whether document citations are marked (they call the Markdown's `onCitation`). */
  citations?: boolean;
}) {
  return (
    <ReactMarkdown
      remarkPlugins={citations ? REMARK_WITH_CITATIONS : REMARK}
      rehypePlugins={REHYPE}
      components={COMPONENTS}
      urlTransform={defaultUrlTransform}
    >
      {source}
    </ReactMarkdown>
  );
});

export { CodeDiff } from '#web/components/code-diff/code-diff.tsx';
