import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-html.ts';

const body = (markdown: string) => {
  const html = markdownToHtml(markdown, { title: 'T' });
  return html.slice(html.indexOf('<main>') + 7, html.indexOf('</main>') - 1);
};

describe('markdownToHtml', () => {
  it('writes headings, emphasis, lists nested, tables, quotes, code and rules', () => {
    const html = body(
      [
        '# Launch *notes*',
        '',
        'We ship **Monday**.',
        '',
        '- one',
        '  - one.a',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        '| City | Staff |',
        '| :--- | ---: |',
        '| Zürich | 12 |',
        '',
        '> A quote.',
        '',
        '```js',
        'const a = "<b>";',
        '```',
        '',
        '---',
      ].join('\n'),
    );
    expect(html).toContain('<h1>Launch <em>notes</em></h1>');
    expect(html).toContain('<p>We ship <strong>Monday</strong>.</p>');
    expect(html).toContain('<ul><li>one\n<ul><li>one.a\n</li></ul>\n</li><li>two\n</li></ul>');
    expect(html).toContain('<ol><li>first\n</li><li>second\n</li></ol>');
    expect(html).toContain('<th style="text-align:left">City</th><th style="text-align:right">Staff</th>');
    expect(html).toContain('<td style="text-align:left">Zürich</td>');
    expect(html).toContain('<blockquote><p>A quote.</p></blockquote>');
    expect(html).toContain('<pre><code>const a = &quot;&lt;b&gt;&quot;;</code></pre>');
    expect(html).toContain('<hr>');
  });

  it('keeps raw HTML as text and links only safe URLs; the title escaped; no script', () => {
    const page = markdownToHtml(
      '<script>alert(1)</script> [a](javascript:alert(1)) [b](https://example.com/?q="x")',
      {
        title: '</title><script>',
      },
    );
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('href="javascript');
    expect(page).toContain('<a href="https://example.com/?q=&quot;x&quot;">b</a>');
    expect(page).toContain('<title>&lt;/title&gt;&lt;script&gt;</title>');
  });
});
