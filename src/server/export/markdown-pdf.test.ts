import { extractLinks, extractText, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { markdownToPdf } from './markdown-pdf.ts';

const RESUME = `# Jana Novák
Frontend engineer · Zürich · [jana@example.com](mailto:jana@example.com) · [GitHub](https://github.com/jana)

## Summary
Frontend engineer with **6 years** of *React* and \`TypeScript\`, in Zürich and Praha.

## Experience
### Senior Frontend Engineer, Shoply — 2019–2024
- Built the checkout in **React** and *TypeScript*, used by 2M customers a month
  - Cut the bundle by 40%
- Led the move to a [design system](https://design.example.com/?a=1&b=2)

1. Shipped the new search
2. Mentored three engineers

> Jana is the engineer you want on a hard problem.

\`\`\`
npm run build
\`\`\`

---

## Skills
| Skill | Level | Years |
|:------|:-----:|------:|
| React | Expert | 6 |
| Go | Basic |
`;

/** pdf.js may take the bytes it is given: each reader gets its own copy. */
const bytesOf = (pdf: Buffer) => new Uint8Array(pdf);

/** The text of each page, as a PDF reader extracts it. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  return (await extractText(bytesOf(pdf))).text;
}

/** The whole text on one line, spaces collapsed: where a reader's line breaks fall does not matter. */
async function textOf(pdf: Buffer): Promise<string> {
  return (await pagesOf(pdf)).join(' ').replace(/\s+/g, ' ');
}

const isPdf = (pdf: Buffer) =>
  pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.subarray(-6).toString('latin1').includes('%%EOF');

describe('markdownToPdf', () => {
  it("writes the resume's lines as text a reader finds: name, headings, bullets, accents, links", async () => {
    const pdf = await markdownToPdf(RESUME, { title: 'Jana Novák — Resume' });
    expect(isPdf(pdf)).toBe(true);
    const text = await textOf(pdf);
    for (const line of [
      'Jana Novák',
      'Frontend engineer · Zürich · jana@example.com · GitHub',
      'Summary',
      'Frontend engineer with 6 years of React and TypeScript, in Zürich and Praha.',
      'Senior Frontend Engineer, Shoply — 2019–2024',
      'Built the checkout in React and TypeScript, used by 2M customers a month',
      'Cut the bundle by 40%',
      'Led the move to a design system',
      '1. Shipped the new search',
      '2. Mentored three engineers',
      'Jana is the engineer you want on a hard problem.',
      'npm run build',
      'Skill Level Years',
      'React Expert 6',
    ]) {
      expect(text).toContain(line);
    }
    expect((await pagesOf(pdf)).length).toBe(1);
    expect(text).not.toContain('Page 1'); // one page: no page numbers

    const { links } = await extractLinks(bytesOf(pdf));
    expect(links).toEqual([
      'mailto:jana@example.com',
      'https://github.com/jana',
      'https://design.example.com/?a=1&b=2',
    ]);
  });

  it('embeds its fonts (subsets of DejaVu) and names itself in its properties', async () => {
    const pdf = await markdownToPdf(RESUME, { title: 'Jana Novák — Resume' });
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansMono\b/);
    // No font is left to the viewer: every font has its file, and pdfkit's default Helvetica is unused.
    expect(raw.match(/\/FontFile2/g)?.length).toBe(raw.match(/\/Type \/FontDescriptor/g)?.length);
    expect(raw).not.toContain('Helvetica');

    const { info } = await getMeta(bytesOf(pdf));
    expect(info).toMatchObject({
      Title: 'Jana Novák — Resume',
      Creator: 'Draftsmith',
      Producer: 'Draftsmith',
    });
    const untitled = await getMeta(bytesOf(await markdownToPdf('x', { title: ' \u0000 ' })));
    expect(untitled.info.Title).toBe('Draftsmith');
  });

  it('flows a long answer over pages, numbered in the footer', async () => {
    const bullets = Array.from({ length: 60 }, (_, i) => `- Achievement number ${i + 1}, with numbers`);
    const pdf = await markdownToPdf(`# Jana Novák\n\n## Experience\n\n${bullets.join('\n')}`, { title: 'x' });
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[1]).toContain('Page 2 of 2');
    expect(pages[1]).toContain('Achievement number 60, with numbers');
    expect(pages.join(' ').match(/Achievement number \d+,/g)).toHaveLength(60);
  });

  it('drops emoji and shows characters its fonts lack as �, keeping Latin, Greek and Cyrillic', async () => {
    const pdf = await markdownToPdf(
      '# Zoë Ωmega\n\nOffice in 東京 🎉👍🏽🇨🇿 — Ελληνικά, Русский, Ærøskøbing, `code ✓ 東`',
      { title: 'Résumé 東京' },
    );
    const text = await textOf(pdf);
    expect(text).toContain('Zoë Ωmega');
    expect(text).toContain('Office in \ufffd\ufffd — Ελληνικά, Русский, Ærøskøbing, code ✓ \ufffd');
    expect((await getMeta(bytesOf(pdf))).info.Title).toBe('Résumé 東京'); // properties hold any text
  });

  it('writes links only to web and mail addresses, and other addresses as text after theirs', async () => {
    const pdf = await markdownToPdf(
      'See [site](https://example.com/a), <https://auto.example.com>, [click](javascript:alert(1)) and [doc](file:///etc/passwd)',
      { title: 'x' },
    );
    // pdf.js gives each address as a URL parser writes it (a '/' after a bare host).
    expect((await extractLinks(bytesOf(pdf))).links).toEqual([
      'https://example.com/a',
      'https://auto.example.com/',
    ]);
    expect(await textOf(pdf)).toContain('click (javascript:alert(1)) and doc (file:///etc/passwd)');
    expect(pdf.toString('latin1')).not.toMatch(/\/JavaScript|\/JS\b|\/Launch/);
  });

  it('writes hostile input as text in a valid PDF: HTML, scripts, controls, a 100,000-character line', {
    timeout: 60_000,
  }, async () => {
    const cases = {
      html: '<script>alert("x")</script>\n\n<img src=x onerror=alert(1)> <b>bold</b> <iframe src="https://x">',
      controls: 'a\u0000b\u0001c\u0008d\u000be\u001ff\ud800g\udfffh\ufffe &#0; &#x1F600;',
      line: 'x'.repeat(100_000),
      words: `${'word '.repeat(20_000)}end`,
      spaces: `a${' '.repeat(100_000)}b`,
      'no-break spaces': `a${'\u00a0b'.repeat(50_000)}`,
      emoji: '🎉'.repeat(10_000),
      'a cell taller than a page': `| a | b |\n|---|---|\n| ${'long cell text '.repeat(5_000)} | x |`,
      'a code line of 50,000 characters': `\`\`\`\n${'y'.repeat(50_000)}\n\`\`\``,
    };
    const texts = new Map<string, string[]>();
    for (const [name, markdown] of Object.entries(cases)) {
      const pdf = await markdownToPdf(markdown, { title: name });
      expect(isPdf(pdf), name).toBe(true);
      texts.set(name, await pagesOf(pdf));
    }
    expect(texts.get('html')!.join(' ')).toContain('<script>alert("x")</script>');
    const line = texts.get('line')!;
    expect(line.length).toBeGreaterThan(10);
    expect(line.join('').match(/x/g)).toHaveLength(100_000); // every character, over many pages
  });

  it('finishes huge and hostile input (400,000 characters) in reasonable time', {
    timeout: 120_000,
  }, async () => {
    const n = 400_000;
    const paragraph =
      'Led **five** engineers to ship *the checkout* in `React`, see [site](https://example.com). ';
    const cases = {
      'a long resume': `## Experience\n### Role\n- ${paragraph}\n- ${paragraph}\n\n${paragraph}\n\n`.repeat(
        n / 400,
      ),
      'emphasis runs': '*a'.repeat(n / 2),
      brackets: '['.repeat(n),
      'a table of 66,000 rows': `|a|b|\n|-|-|\n${'|x|y|\n'.repeat(66_000)}`,
      '100,000 list items': '- a\n'.repeat(n / 4),
      'a heading of hashes': `# ${'#'.repeat(n)}x`,
      'spaces inside a line': `a${' '.repeat(n)}b\nc`,
      'a code block of 100,000 lines': `\`\`\`\n${'x\n'.repeat(n / 4)}`,
      '80,000 rules': '---\n\n'.repeat(n / 5),
    };
    const times: string[] = [];
    for (const [name, markdown] of Object.entries(cases)) {
      const start = performance.now();
      const pdf = await markdownToPdf(markdown, { title: name });
      const ms = performance.now() - start;
      times.push(`${name} ${Math.round(ms)} ms`);
      expect(isPdf(pdf), name).toBe(true);
      expect(ms, name).toBeLessThan(10_000);
    }
    console.log(`markdownToPdf, 400k characters: ${times.join('; ')}`);
    // Past the budget of drawing calls the rest is plain text, all of it.
    const table = await textOf(await markdownToPdf(cases['a table of 66,000 rows'], { title: 'x' }));
    expect(table.match(/x \| y/g)?.length).toBeGreaterThan(50_000);
  });

  it('numbers each list from its first number, and never throws on odd Markdown', async () => {
    const text = await textOf(
      await markdownToPdf('1. one\n2. two\n\nBetween.\n\n5. five\n6. six', { title: 'x' }),
    );
    expect(text).toContain('1. one 2. two Between. 5. five 6. six');
    const odd = [
      '',
      ' ',
      '#',
      '|',
      '| a |\n|---|---|',
      '***',
      '[a](',
      '```',
      '- ',
      '99999999999. big',
      '> ',
      '<br>',
    ];
    for (const markdown of odd) {
      const pdf = await markdownToPdf(markdown, { title: 'x' });
      expect(isPdf(pdf), JSON.stringify(markdown)).toBe(true);
    }
  });
});
