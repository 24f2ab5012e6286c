import { describe, expect, it } from 'vitest';
import { documentConversation, documentForRequest } from './chat-context.ts';
import {
  carryLabels,
  citationRule,
  type DocumentPart,
  labelledText,
  PART_TOKENS,
  passagesWithin,
  splitDocument,
} from './document-parts.ts';
import { estimateTokens, splitIntoParts } from './long-document.ts';
import { SERVER_TOOLS } from './prompts.ts';

const paragraph = (n: number) =>
  `Paragraph ${n} tells of the committee's review of costs, staff and risks in some detail, at length.`;

describe('splitDocument', () => {
  it('cuts each page on its own, so that every part lies within one page', () => {
    const pages = ['First page.', '', `${paragraph(1)}\n\n${paragraph(2)}`, 'Last page.'];
    const starts: number[] = [];
    let text = '';
    for (const page of pages) {
      starts.push(text.length);
      text += page;
    }
    const parts = splitDocument(text, starts);
    expect(parts).toEqual([
      { part: 1, page: 1, text: 'First page.' },
      { part: 2, page: 3, text: `${paragraph(1)}\n\n${paragraph(2)}` },
      { part: 3, page: 4, text: 'Last page.' },
    ]);
  });

  it('splits a long page into several parts of that page, and numbers a text without pages through', () => {
    const long = Array.from({ length: 80 }, (_, i) => paragraph(i)).join('\n\n');
    const paged = splitDocument(long, [0]);
    expect(paged.length).toBeGreaterThan(3);
    for (const part of paged) {
      expect(part.page).toBe(1);
      expect(estimateTokens(part.text)).toBeLessThanOrEqual(PART_TOKENS);
    }
    const unpaged = splitDocument(long);
    expect(unpaged.map((p) => p.part)).toEqual(unpaged.map((_, i) => i + 1));
    expect(unpaged.every((p) => p.page === null)).toBe(true);
    // Nothing lost.
    expect(unpaged.map((p) => p.text).join('\n\n')).toBe(long);
  });
});

describe('labelledText', () => {
  it('opens each page once with its label, and marks a gap between the parts given', () => {
    const parts: DocumentPart[] = [
      { part: 1, page: 1, text: 'a' },
      { part: 2, page: 1, text: 'b' },
      { part: 3, page: 2, text: 'c' },
      { part: 7, page: 5, text: 'd' },
    ];
    expect(labelledText(parts)).toBe('[p. 1]\n\na\n\nb\n\n[p. 2]\n\nc\n\n[…]\n\n[p. 5]\n\nd');
    expect(labelledText([{ part: 3, page: null, text: 'x' }])).toBe('[part 3]\n\nx');
  });

  it('tells the model how to cite what it is labelled with', () => {
    expect(citationRule(true)).toContain('(p. 12)');
    expect(citationRule(true)).toContain('(pp. 12–13)');
    expect(citationRule(false)).toContain('(part 3)');
  });
});

describe('passagesWithin', () => {
  it('takes the best parts that fit, then puts them back in the document’s order', () => {
    const part = (n: number, words: number): DocumentPart => ({
      part: n,
      page: n,
      text: 'word '.repeat(words).trim(),
    });
    // Ranked best first: 9, 2, 5 (too long for what is left), 4.
    const ranked = [part(9, 60), part(2, 60), part(5, 300), part(4, 30)];
    const kept = passagesWithin(ranked, 300);
    expect(kept.map((p) => p.part)).toEqual([2, 4, 9]);
  });
});

describe('documentForRequest', () => {
  const parts = Array.from({ length: 50 }, (_, i) => ({ part: i + 1, page: i + 1, text: paragraph(i + 1) }));
  const source = (ranked: DocumentPart[] = parts) => {
    const calls: string[] = [];
    return {
      calls,
      source: {
        size: async () => ({
          parts: parts.length,
          characters: parts.reduce((sum, p) => sum + p.text.length, 0),
        }),
        all: async () => {
          calls.push('all');
          return parts;
        },
        ranked: async (limit: number) => {
          calls.push(`ranked ${limit}`);
          return ranked.slice(0, limit);
        },
      },
    };
  };

  it('gives the whole document when it fits the room', async () => {
    const { source: s, calls } = source();
    const result = await documentForRequest(s, 10_000);
    expect(result?.whole).toBe(true);
    expect(result?.text).toBe(labelledText(parts));
    expect(calls).toEqual(['all']);
  });

  it('gives the best-ranked parts that fit otherwise, in order, without reading the whole', async () => {
    const ranked = [parts[40]!, parts[3]!, parts[20]!, ...parts];
    const { source: s, calls } = source(ranked);
    const result = await documentForRequest(s, 150);
    expect(result?.whole).toBe(false);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^ranked \d+$/);
    expect(result?.text).toBe(labelledText([parts[3]!, parts[20]!, parts[40]!]));
  });

  it('is null for a chat that keeps no parts', async () => {
    const none = {
      size: async () => ({ parts: 0, characters: 0 }),
      all: async () => [],
      ranked: async () => [],
    };
    expect(await documentForRequest(none, 1000)).toBeNull();
  });
});

describe('carryLabels', () => {
  it('opens a piece that begins inside a page with that page’s label again', () => {
    const parts = Array.from({ length: 30 }, (_, i) => ({
      part: i + 1,
      page: Math.floor(i / 10) + 1,
      text: paragraph(i),
    }));
    const pieces = carryLabels(splitIntoParts(labelledText(parts), 200));
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece).toMatch(/^\[p\. \d+\]\n\n/);
    // The label carried is the page the piece's first paragraph is on.
    const second = pieces[1] ?? '';
    const firstParagraph = /Paragraph (\d+)/.exec(second)?.[1];
    expect(second.startsWith(`[p. ${Math.floor(Number(firstParagraph) / 10) + 1}]`)).toBe(true);
    // A text without labels is left as it is.
    expect(carryLabels(['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('documentConversation', () => {
  const tool = SERVER_TOOLS['doc-summarizer'] as never;
  const parts = Array.from({ length: 200 }, (_, i) => ({ part: i + 1, page: i + 1, text: paragraph(i + 1) }));
  const source = {
    size: async () => ({ parts: parts.length, characters: parts.reduce((sum, p) => sum + p.text.length, 0) }),
    all: async () => parts,
    ranked: async (limit: number) => parts.slice(0, limit),
  };

  it('gives the request room first: a long request never makes the whole too long', async () => {
    const request = 'word '.repeat(9_000).trim(); // about 15,000 tokens of a 20,000-token prompt
    const { turns, system } = await documentConversation({
      tool,
      before: [],
      request,
      fileName: 'report.pdf',
      maxPromptTokens: 20_000,
      parts: source,
    });
    const total =
      estimateTokens(system ?? '') + turns.reduce((sum, turn) => sum + estimateTokens(turn.content), 0);
    expect(total).toBeLessThanOrEqual(20_000);
    expect(turns.at(-1)?.content).toContain('[p. 1]');
  });

  it('says the document is left out when no passage fits beside the request', async () => {
    const { turns, system } = await documentConversation({
      tool,
      before: [],
      request: 'word '.repeat(11_900).trim(),
      fileName: 'report.pdf',
      maxPromptTokens: 20_000,
      parts: source,
    });
    expect(system).toBeUndefined();
    expect(turns.at(-1)?.content).not.toContain('<document>');
  });
});
