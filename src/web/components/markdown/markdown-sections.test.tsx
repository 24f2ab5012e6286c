import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, MarkdownSection } from './markdown.tsx';
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
      '# A\n- see [the docs][d]\n# B\n- [d]: https://example.com\n',
      '# A\n> [d]: https://example.com\n# B\n[the docs][d]\n',
      '# A\n1. <div>\n# B\n',
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

  // Texts where a cut in the wrong place would change the result: each renders as the whole text does.
  const EDGE_CASES = {
    'an indented fence inside a list item, left by a heading':
      '# A\n- item\n\n  ```\n# B\n  ```\n# C\ntext\n',
    'a fence inside a list item that really holds a heading-like line':
      '# A\n1. step\n   ```bash\n   # a comment\n   ```\n# B\nafter\n',
    'a backtick fence whose info string has a backtick (not a fence)':
      '# A\n``` not`a fence\n# B\n```\n# not a heading\n```\n# C\n',
    'a tilde fence whose info string has a backtick (a fence)': '# A\n~~~ a`b\n# code\n~~~\n# B\n',
    'a fence opened after a list marker': '# A\n- ```\n# B\n```\n# code\n',
    'a link definition inside a quote': '# A\n[x][d]\n# B\n> [d]: https://example.com\n',
  };

  it('still cuts a text whose code sits in list items', () => {
    const text = EDGE_CASES['a fence inside a list item that really holds a heading-like line'];
    expect(markdownSections(text).map((s) => s.split('\n')[0])).toEqual(['# A', '# B']);
  });

  for (const [name, text] of Object.entries(EDGE_CASES)) {
    it(`renders ${name} as the whole text`, () => {
      const sectioned = renderToStaticMarkup(<Markdown>{text}</Markdown>);
      const reference = renderToStaticMarkup(
        <div className="md-prose">
          <MarkdownSection source={text} />
        </div>,
      );
      const blocks = (html: string) => html.replace(/>\s+</g, '><');
      expect(blocks(sectioned)).toBe(blocks(reference));
    });
  }
});
