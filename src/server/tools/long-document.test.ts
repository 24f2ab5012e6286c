import { describe, expect, it } from 'vitest';
import { estimateTokens, splitIntoParts } from './long-document.ts';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('estimateTokens', () => {
  it('counts about a token per three characters, and each CJK character as one', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdef')).toBe(2);
    expect(estimateTokens('東京')).toBe(2);
    expect(estimateTokens('Zürich 東京')).toBe(2 + Math.ceil(7 / 3));
  });
});

describe('splitIntoParts', () => {
  const paragraph = (n: number) => `Paragraph ${n} ${'word '.repeat(40).trim()}.`;

  it('keeps a text that fits in one part whole', () => {
    const text = `${paragraph(1)}\n\n${paragraph(2)}`;
    expect(splitIntoParts(text, 10_000)).toEqual([text]);
  });

  it('cuts along paragraph boundaries, each part within the limit, nothing lost or repeated', () => {
    const paragraphs = Array.from({ length: 50 }, (_, i) => paragraph(i));
    const parts = splitIntoParts(paragraphs.join('\n\n'), 300);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) expect(estimateTokens(part)).toBeLessThanOrEqual(300);
    expect(parts.join('\n\n')).toBe(paragraphs.join('\n\n'));
    // No paragraph is split: each part is whole paragraphs.
    for (const part of parts) expect(part.split('\n\n').every((p) => paragraphs.includes(p))).toBe(true);
  });

  it('cuts a paragraph longer than a part at sentences, then at spaces', () => {
    const sentences = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} says something.`);
    const text = sentences.join(' ');
    const parts = splitIntoParts(text, 100);
    for (const part of parts) expect(estimateTokens(part)).toBeLessThanOrEqual(100);
    expect(words(parts.join(' '))).toEqual(words(text));
    expect(parts.every((part) => part.endsWith('.'))).toBe(true);

    const unbroken = 'x'.repeat(5000);
    const cut = splitIntoParts(unbroken, 100);
    expect(cut.join('')).toBe(unbroken);
    for (const part of cut) expect(estimateTokens(part)).toBeLessThanOrEqual(100);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = '😀'.repeat(1000);
    const parts = splitIntoParts(text, 64);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });

  it('keeps a Markdown table (one block without blank lines) together when it fits', () => {
    const table = ['| City | Name |', '| --- | --- |', '| Zürich | naïve |', '| 東京 | Tokyo |'].join('\n');
    const text = [paragraph(1), table, paragraph(2)].join('\n\n');
    const parts = splitIntoParts(text, 80);
    expect(parts.some((part) => part.includes(table))).toBe(true);
  });

  it('cuts a table longer than a part between rows, each piece with the header row again', () => {
    const header = '| Region | Quarter | Revenue |';
    const rule = '| --- | --- | --- |';
    const rows = Array.from({ length: 60 }, (_, i) => `| Region ${i} | Q${(i % 4) + 1} | ${1000 + i} |`);
    const parts = splitIntoParts([header, rule, ...rows].join('\n'), 120);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      const lines = part.split('\n');
      expect(lines.slice(0, 2)).toEqual([header, rule]);
      expect(lines.length).toBeGreaterThan(2);
      expect(estimateTokens(part)).toBeLessThanOrEqual(120);
    }
    // Every row once, in order.
    expect(parts.flatMap((part) => part.split('\n').slice(2))).toEqual(rows);
  });

  it('splits two million characters of CJK quickly, whatever breaks it has', () => {
    const sentence = '東京の委員会は予算を見直した。';
    const cases = [
      sentence.repeat(2_000_000 / sentence.length), // sentences, no line breaks
      Array.from({ length: 100_000 }, () => sentence).join('\n'), // single newlines
      '東'.repeat(2_000_000), // no break at all
    ];
    for (const text of cases) {
      const started = performance.now();
      const parts = splitIntoParts(text, 5800);
      expect(performance.now() - started).toBeLessThan(1500);
      for (const part of parts) expect(estimateTokens(part)).toBeLessThanOrEqual(5800);
      expect(parts.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    }
  });

  it("counts other scripts a token a character, so their parts stay within a model's real context", () => {
    expect(estimateTokens('Ελληνικά')).toBe(8);
    expect(estimateTokens('हिन्दी')).toBe(6);
    expect(estimateTokens('Привет')).toBe(6);
  });

  it('splits two million characters quickly', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => paragraph(i)).join('\n\n');
    const started = performance.now();
    const parts = splitIntoParts(text, 6000);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(parts.length).toBeGreaterThan(100);
  });
});
