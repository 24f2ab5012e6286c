import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

/** ts_headline's match markers, as chat-search.ts uses them. */
const S = '\uE000';
const E = '\uE001';

describe('plainText', () => {
  it('drops code fences and the marks of headings, quotes and lists, joining the lines', () => {
    expect(plainText('```\n# FAKE REPLY\n```')).toBe('FAKE REPLY');
    expect(plainText('```ts\nconst a = 1;\n```\nDone.')).toBe('const a = 1; Done.');
    expect(plainText('## Plan ##\n\n> quoted\n- one\n* two\n1. three\n- [x] four')).toBe(
      'Plan quoted one two three four',
    );
    expect(plainText('Intro\n\n---\n\nAfter')).toBe('Intro After');
  });

  it('keeps the text of emphasis, code spans, links and images, not their marks or URLs', () => {
    expect(plainText('Some **bold**, *italic*, _under_, ~~gone~~ and `code`.')).toBe(
      'Some bold, italic, under, gone and code.',
    );
    expect(plainText('See [the docs](https://example.com/a_b) and ![a chart](chart.png).')).toBe(
      'See the docs and a chart.',
    );
    expect(plainText('Mail <mailto:ada@example.com> or <https://example.com>')).toBe(
      'Mail mailto:ada@example.com or https://example.com',
    );
  });

  it('leaves words, arithmetic and snake_case alone', () => {
    expect(plainText('2 * 3 is 6; snake_case_name stays; a # b')).toBe(
      '2 * 3 is 6; snake_case_name stays; a # b',
    );
    expect(plainText('C# and F# are languages')).toBe('C# and F# are languages');
  });

  it('turns table rows into their cells', () => {
    expect(plainText('| Tool | Uses |\n| --- | ---: |\n| Refactor | 3 |')).toBe('Tool Uses Refactor 3');
  });

  it('drops the marks of fragments cut in the middle of them', () => {
    expect(plainText('bold** end of a *sentence')).toBe('bold end of a sentence');
    expect(plainText('the link text](https://example.com/x) and more')).toBe('the link text and more');
    expect(plainText('a [cut link](https://exa')).toBe('a cut link');
  });

  it('keeps match markers where they are, in each fragment', () => {
    expect(
      plainText(`# ${S}Kubernetes${E} notes\n\n**${S}cluster${E}** setup … \`\`\`\n- ${S}kubectl${E} apply`),
    ).toBe(`${S}Kubernetes${E} notes ${S}cluster${E} setup … ${S}kubectl${E} apply`);
    expect(plainText(`[${S}docs${E}](https://${S}docs${E}.example.com)`)).toBe(`${S}docs${E}`);
  });
});
