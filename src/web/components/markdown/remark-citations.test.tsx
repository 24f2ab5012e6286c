import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const open = () => {};
const render = (source: string, withCitations = true) =>
  renderToStaticMarkup(<Markdown onCitation={withCitations ? open : undefined}>{source}</Markdown>);
const buttons = (html: string) => [...html.matchAll(/<button[^>]*class="md-citation"[^>]*>(.*?)<\/button>/g)];

describe('Markdown citations (an answer about a document)', () => {
  it('makes each citation a button that reads as a link, named for what it opens', () => {
    const html = render('Costs rose (p. 12) and fell (pp. 3, 7).\n\n- Agreed (part 3)');
    expect(buttons(html).map((match) => match[1])).toEqual(['p. 12', 'pp. 3', '7', 'part 3']);
    expect(html).toContain('aria-label="Show p. 12 of the document"');
    expect(html).toContain('aria-label="Show p. 7 of the document"');
    expect(html).toContain('aria-label="Show part 3 of the document"');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('Costs rose (');
  });

  it('reads no citation in code, inline or fenced, nor inside a link’s text', () => {
    const html = render(
      'Call `f(p. 2)` here.\n\n```\nsee (p. 4)\n```\n\n[a link (p. 5)](https://example.com)\n\nBut (p. 6).',
    );
    expect(buttons(html).map((match) => match[1])).toEqual(['p. 6']);
    expect(html).toContain('<code>f(p. 2)</code>');
    expect(html).toContain('see (p. 4)');
  });

  it('marks nothing without a handler (a chat without a document, the shared page)', () => {
    expect(render('Costs rose (p. 12).', false)).not.toContain('<button');
  });

  it('keeps raw HTML as text: a button written by the model is not a citation', () => {
    const html = render('<button data-citation="pages=1">x</button> (p. 1)');
    expect(buttons(html).map((match) => match[1])).toEqual(['p. 1']);
    expect(html).toContain('&lt;button data-citation=&quot;pages=1&quot;&gt;');
  });
});
