import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';
import { markdownSections } from './markdown-sections.ts';

const ANSWER = `Intro paragraph
that runs on.

# First
- a list
- that ends at the heading
## Second
> a quote
# Third

| a | b |
| --- | --- |
| 1 | 2 |
### Fourth

\`\`\`python
# a comment, not a heading
x = 1
\`\`\`

~~~
# still code
~~~
#not-a-heading, a paragraph
    # indented code
# Fifth
1. one
2. two
`;

describe('markdownSections', () => {
  it('cuts before each heading that starts a line outside fenced code', () => {
    const heads = markdownSections(ANSWER).map((s) => s.split('\n')[0]);
    expect(heads).toEqual(['Intro paragraph', '# First', '## Second', '# Third', '### Fourth', '# Fifth']);
    expect(markdownSections(ANSWER).join('')).toBe(ANSWER);
  });

  it('keeps a text with link references, footnotes or HTML blocks whole', () => {
    for (const text of [
      '# A\nsee [the docs][d]\n# B\n[d]: https://example.com\n',
      '# A\na note[^1]\n# B\n[^1]: the note\n',
      '<!--\n# not a heading\n-->\n# B\n',
    ]) {
      expect(markdownSections(text)).toEqual([text]);
    }
  });

  it('renders the same markup as the text parsed whole', () => {
    // A link reference definition (which renders nothing) keeps the text whole.
    const whole = renderToStaticMarkup(<Markdown>{`${ANSWER}\n[unused]: https://example.com\n`}</Markdown>);
    const sectioned = renderToStaticMarkup(<Markdown>{ANSWER}</Markdown>);
    const blocks = (html: string) => html.replace(/>\s+</g, '><');
    expect(blocks(sectioned)).toBe(blocks(whole));
  });
});
