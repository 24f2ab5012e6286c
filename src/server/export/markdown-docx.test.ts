import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { readDocument } from '#server/documents/read-document';
import { parseBlocks } from './markdown-blocks.ts';
import { markdownToDocx } from './markdown-docx.ts';
import { parseInline } from './markdown-inline.ts';

const RESUME = `# Jana Novák
Frontend engineer · Zürich · [jana@example.com](mailto:jana@example.com) · [GitHub](https://github.com/jana)

## Summary
Frontend engineer with **6 years** of *React* and \`TypeScript\`; naïve about nothing. Office in 東京 🎉.

## Experience
### Senior Frontend Engineer, Shoply — 2019–2024
- Built the checkout in **React** and *TypeScript*, used by 2M customers a month
  - Cut the bundle by 40%
- Led the move to a [design system](https://design.example.com/?a=1&b=2)

1. Shipped the new search
2. Mentored three engineers

---

## Skills
| Skill | Level | Years |
|:------|:-----:|------:|
| React | Expert | 6 |
| Go | Basic |
`;

/** Every entry of a zip, as text. */
async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes);
  const entries = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  zip.close();
  return entries;
}

/** Throws unless the text is well-formed XML (Word refuses the whole file otherwise). */
function assertWellFormed(name: string, xml: string) {
  const parser = new SaxesParser();
  parser.on('error', (err) => {
    throw new Error(`${name}: ${err.message}`);
  });
  parser.write(xml).close();
}

/** The document's parts, each checked to be well-formed XML. */
async function docxParts(markdown: string, title = 'Resume'): Promise<Map<string, string>> {
  const parts = await unzip(await markdownToDocx(markdown, { title }));
  for (const [name, xml] of parts) if (/\.(xml|rels)$/.test(name)) assertWellFormed(name, xml);
  return parts;
}

/** The text the project's own .docx reader gets back (headings, lists and tables as Markdown). */
async function readBack(markdown: string): Promise<string> {
  const bytes = await markdownToDocx(markdown, { title: 'Resume' });
  const limits = {
    maxBytes: 50_000_000,
    maxPages: 500,
    maxChars: 5_000_000,
    zipMaxEntries: 100,
    zipMaxEntryBytes: 50_000_000,
    zipMaxTotalBytes: 200_000_000,
    timeoutMs: 20_000,
    memoryMb: 512,
    concurrency: 1,
  };
  return (await readDocument({ bytes, fileName: 'resume.docx', format: 'docx' }, limits)).text;
}

describe('markdownToDocx', () => {
  it('writes a .docx package: a zip with the document, its styles, numbering and properties', async () => {
    const parts = await docxParts(RESUME, 'Jana Novák — Resume');
    for (const name of [
      '[Content_Types].xml',
      'word/document.xml',
      'word/styles.xml',
      'word/numbering.xml',
    ]) {
      expect(parts.has(name), name).toBe(true);
    }
    const core = parts.get('docProps/core.xml')!;
    expect(core).toContain('<dc:title>Jana Novák — Resume</dc:title>');
    expect(core).toContain('<dc:creator>Draftsmith</dc:creator>');
    const styles = parts.get('word/styles.xml')!;
    expect(styles).toMatch(/<w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri"[^>]*\/>.*<w:sz w:val="22"\/>/);
  });

  it('uses Word heading styles, list numbering, bold, italic, code, hyperlinks and tables', async () => {
    const xml = (await docxParts(RESUME)).get('word/document.xml')!;
    for (const style of ['Heading1', 'Heading2', 'Heading3'])
      expect(xml).toContain(`<w:pStyle w:val="${style}"/>`);
    expect(xml.match(/<w:numPr>/g)).toHaveLength(5);
    expect(xml).toContain('<w:ilvl w:val="1"/>'); // the nested bullet
    expect(xml).toMatch(/<w:b\/>.*6 years/);
    expect(xml).toMatch(/<w:i\/>.*React/);
    expect(xml).toMatch(/<w:rFonts w:ascii="Consolas"[^>]*\/>.*TypeScript/);
    expect(xml.match(/<w:hyperlink /g)).toHaveLength(3);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toMatch(/<w:pBdr><w:bottom /); // the rule
  });

  it('reads back through a .docx reader with its structure: headings, nested and numbered lists, a table', async () => {
    const text = await readBack(RESUME);
    expect(text).toContain('# Jana Novák');
    expect(text).toContain('## Experience');
    expect(text).toContain('### Senior Frontend Engineer, Shoply — 2019–2024');
    expect(text).toMatch(
      /^- Built the checkout in React and TypeScript, used by 2M customers a month\n {2}- Cut the bundle by 40%$/m,
    );
    expect(text).toMatch(/^1\. Shipped the new search\n2\. Mentored three engineers$/m);
    expect(text).toContain('| Skill | Level | Years |');
    expect(text).toContain('| Go | Basic |  |');
    expect(text).toContain('Office in 東京 🎉.');
  });

  it('keeps non-ASCII text and titles intact', async () => {
    const parts = await docxParts('Zürich, naïve, 東京, Ærøskøbing, עברית, 🎉\n\n## Ünïcödé', 'Résumé 東京');
    expect(parts.get('word/document.xml')).toContain('Zürich, naïve, 東京, Ærøskøbing, עברית, 🎉');
    expect(parts.get('word/document.xml')).toContain('Ünïcödé');
    expect(parts.get('docProps/core.xml')).toContain('<dc:title>Résumé 東京</dc:title>');
  });

  it('starts each numbered list again, and counts from the number the list starts with', async () => {
    const parts = await docxParts(
      '1. one\n2. two\n\nBetween.\n\n1. again\n\n2. still the same list\n\nText.\n\n5. five\n6. six',
    );
    const ids = [...parts.get('word/document.xml')!.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);
    expect(ids).toHaveLength(6);
    expect(new Set([ids[0], ids[1]]).size).toBe(1);
    expect(new Set([ids[2], ids[3]]).size).toBe(1);
    expect(new Set([ids[0], ids[2], ids[4]]).size).toBe(3);
    // The list that starts at 5 uses a numbering whose definition starts at 5.
    const numbering = parts.get('word/numbering.xml')!;
    const abstractOf = new Map(
      [...numbering.matchAll(/<w:num w:numId="(\d+)"[^>]*><w:abstractNumId w:val="(\d+)"\/>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    const startOf = new Map(
      [
        ...numbering.matchAll(
          /<w:abstractNum [^>]*w:abstractNumId="(\d+)"[^>]*>.*?<w:start w:val="(\d+)"\/>/g,
        ),
      ].map((m) => [m[1], m[2]]),
    );
    expect(startOf.get(abstractOf.get(ids[4])!)).toBe('5');
    expect(startOf.get(abstractOf.get(ids[0])!)).toBe('1');
  });

  it('links only web and mail addresses, and writes any other address after its text', async () => {
    const markdown =
      'See [site](https://example.com/a?b=1&c="2"), <https://auto.example.com>, https://bare.example.com/x. ' +
      'and [mail](mailto:a@example.com) but not [click](javascript:alert(1)) or [doc](file:///etc/passwd)';
    const parts = await docxParts(markdown);
    const rels = parts.get('word/_rels/document.xml.rels')!;
    const targets = [...rels.matchAll(/Target="([^"]+)" TargetMode="External"/g)].map((m) => m[1]);
    expect(targets).toEqual([
      'https://example.com/a?b=1&amp;c=&quot;2&quot;',
      'https://auto.example.com',
      'https://bare.example.com/x',
      'mailto:a@example.com',
    ]);
    const text = await readBack(markdown);
    expect(text).toContain('click (javascript:alert(1)) or doc (file:///etc/passwd)');
  });

  it('drops characters a document cannot hold instead of writing a file Word calls corrupt', async () => {
    const parts = await docxParts(
      'a\u0000b\u0001c\u0008d\u000be\u001ff\ud800g\udfffh\ufffei &#0; &#1; &#xD800; &#x1F600;',
      'x\u0000y',
    );
    const xml = parts.get('word/document.xml')!;
    expect(xml).toContain('abcdef\ufffdg\ufffdhi &amp;#0; &amp;#1; &amp;#xD800; 😀');
    expect(parts.get('docProps/core.xml')).toContain('<dc:title>xy</dc:title>');
  });

  it('never throws on odd Markdown', async () => {
    const odd = [
      '',
      ' ',
      '#',
      '######## seven',
      '|',
      '| a |\n|---|---|',
      '|a|\n|-|\n|b|c|d|',
      '***',
      '**',
      '* * *\n- - -',
      '[',
      '[]()',
      '[a](',
      '![img](x.png)',
      '```',
      '```js\nunclosed',
      '- ',
      '1.',
      '1)',
      '99999999999. big',
      '> ',
      '>>> deep',
      '<br>',
      '<div>html</div>',
      '\\',
      '\\\n',
      '&#0;&#xFFFFFF;&bogus;&',
      '    indented code',
      '\t- tab item\n\t\t- tab child',
      '- a\n        - very deep\n                - deeper\n                        - deepest',
      'Title\n===\nSub\n---',
      '`a``b```c',
      '*a **b* c**',
      '_a_b_ snake_case_name',
      '~~strike~~ ~single~',
      '\r\n\r\n# CRLF\r\n- item\r',
      '\ufeff# BOM',
    ];
    for (const markdown of odd) {
      await expect(docxParts(markdown), JSON.stringify(markdown)).resolves.toBeInstanceOf(Map);
    }
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
      'code runs': '`a'.repeat(n / 2),
      brackets: '['.repeat(n),
      'link openers': '[a]('.repeat(n / 4),
      'a table of 66,000 rows': `|a|b|\n|-|-|\n${'|x|y|\n'.repeat(66_000)}`,
      '100,000 list items': '- a\n'.repeat(n / 4),
      'nested list items': Array.from({ length: n / 30 }, (_, i) => `${' '.repeat(i % 30)}- x`).join('\n'),
      'a URL of dots': `https://a${'.'.repeat(n)}`,
      'underscores and stars': '_*'.repeat(n / 2),
      'a heading of hashes': `# ${'#'.repeat(n)}x`,
      'spaces inside a line': `a${' '.repeat(n)}b\nc`,
      'a setext underline': `a\n${'='.repeat(n)}x`,
      'a code block of 100,000 lines': `\`\`\`\n${'x\n'.repeat(n / 4)}`,
      'pipes over dashes': `${'|'.repeat(n / 2)}\n${'-|'.repeat(n / 4)}`,
    };
    const times: string[] = [];
    for (const [name, markdown] of Object.entries(cases)) {
      const start = performance.now();
      const bytes = await markdownToDocx(markdown, { title: name });
      const ms = performance.now() - start;
      times.push(`${name} ${Math.round(ms)} ms`);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(ms, name).toBeLessThan(5_000);
    }
    console.log(`markdownToDocx, 400k characters: ${times.join('; ')}`);
    const text = await readBack(cases['a table of 66,000 rows']);
    expect(text.startsWith('a | b x | y x | y')).toBe(true); // past the element budget: plain text, all of it
    expect(text.match(/x \| y/g)).toHaveLength(66_000);
  });
});

describe('parseBlocks', () => {
  it('reads headings, paragraphs with hard breaks, rules, quotes and code', () => {
    expect(
      parseBlocks(
        '# One #\nTitle\n===\ntext  \nbreak\\\nmore\njoined\n\n***\n> quoted\n> on\n```\n# not a heading\n```',
      ),
    ).toEqual([
      { kind: 'heading', level: 1, text: 'One' },
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'text\nbreak\nmore joined' },
      { kind: 'rule' },
      { kind: 'quote', text: 'quoted on' },
      { kind: 'code', lines: ['# not a heading'] },
    ]);
  });

  it('nests list items by indentation, tells lists apart and keeps a loose list one list', () => {
    const blocks = parseBlocks(
      '- a\n  - a1\n    - a11\n      - a111\n- b\n\n- c\n1. one\n3) three\n\ntext\n- d',
    );
    expect(blocks.map((b) => (b.kind === 'item' ? [b.text, b.depth, b.list, b.ordered] : b.kind))).toEqual([
      ['a', 0, 1, false],
      ['a1', 1, 2, false],
      ['a11', 2, 3, false],
      ['a111', 2, 3, false], // no deeper than MAX_LIST_DEPTH
      ['b', 0, 1, false],
      ['c', 0, 1, false],
      ['one', 0, 4, true],
      ['three', 0, 4, true],
      'paragraph',
      ['d', 0, 5, false],
    ]);
  });

  it('continues list items on their next lines and indented paragraphs', () => {
    expect(parseBlocks('- first\nlazy line\n\n  inside the item\n\nafter')).toEqual([
      { kind: 'item', ordered: false, depth: 0, list: 1, start: 1, text: 'first lazy line' },
      { kind: 'paragraph', text: 'inside the item', depth: 1 },
      { kind: 'paragraph', text: 'after' },
    ]);
  });

  it('reads pipe tables with their alignment, padding short rows and escaped pipes', () => {
    expect(parseBlocks('| A | B \\| C | D |\n|:--|:-:|--:|\n| 1 | 2 |\nafter')).toEqual([
      {
        kind: 'table',
        align: ['left', 'center', 'right'],
        rows: [
          ['A', 'B | C', 'D'],
          ['1', '2', ''],
        ],
      },
      { kind: 'paragraph', text: 'after' },
    ]);
    expect(parseBlocks('a | b\n--|--|--').map((b) => b.kind)).toEqual(['paragraph']); // column counts differ
  });
});

describe('parseInline', () => {
  it('reads bold, italic, both, strike and code, leaving unmatched markers as text', () => {
    expect(parseInline('**b** *i* ***bi*** ~~s~~ `c*d` **open *x')).toEqual([
      { text: 'b', bold: true },
      { text: ' ' },
      { text: 'i', italic: true },
      { text: ' ' },
      { text: 'bi', bold: true, italic: true },
      { text: ' ' },
      { text: 's', strike: true },
      { text: ' ' },
      { text: 'c*d', code: true },
      { text: ' **open *x' },
    ]);
  });

  it('leaves underscores inside words, lone stars and escapes alone', () => {
    expect(parseInline('snake_case_name 5 * 3 \\*not\\* _yes_')).toEqual([
      { text: 'snake_case_name 5 * 3 *not* ' },
      { text: 'yes', italic: true },
    ]);
  });

  it('reads links with formatting inside, images as their alt text, and line breaks', () => {
    expect(parseInline('[**Jana** N](https://x.example/a_(b)) ![photo](p.png)\nnext<br/>end')).toEqual([
      { text: 'Jana', bold: true, link: 'https://x.example/a_(b)' },
      { text: ' N', link: 'https://x.example/a_(b)' },
      { text: ' photo' },
      { text: 'next', break: true },
      { text: 'end', break: true },
    ]);
  });
});
