import { describe, expect, it } from 'vitest';
import {
  type Citation,
  citationFromQuery,
  citationLabel,
  citationQuery,
  splitCitations,
} from './citations.ts';

const pages = (from: number, to = from): Citation => ({ kind: 'pages', from, to });
const part = (n: number): Citation => ({ kind: 'part', part: n });

describe('splitCitations', () => {
  it('finds a page, a range with an en dash or a hyphen, and a part', () => {
    expect(splitCitations('Costs rose (p. 12).')).toEqual([
      'Costs rose (',
      { text: 'p. 12', citation: pages(12) },
      ').',
    ]);
    expect(splitCitations('(pp. 12–13)')).toEqual(['(', { text: 'pp. 12–13', citation: pages(12, 13) }, ')']);
    expect(splitCitations('(pp. 12-13)')).toEqual(['(', { text: 'pp. 12-13', citation: pages(12, 13) }, ')']);
    expect(splitCitations('As agreed (part 3).')).toEqual([
      'As agreed (',
      { text: 'part 3', citation: part(3) },
      ').',
    ]);
  });

  it('finds several in one parenthesis, each a citation of its own', () => {
    expect(splitCitations('(p. 3; p. 7)')).toEqual([
      '(',
      { text: 'p. 3', citation: pages(3) },
      '; ',
      { text: 'p. 7', citation: pages(7) },
      ')',
    ]);
    // A bare number goes on with the kind before it.
    expect(splitCitations('(pp. 3, 7)')).toEqual([
      '(',
      { text: 'pp. 3', citation: pages(3) },
      ', ',
      { text: '7', citation: pages(7) },
      ')',
    ]);
    expect(splitCitations('(p. 4, pp. 9–10)')).toEqual([
      '(',
      { text: 'p. 4', citation: pages(4) },
      ', ',
      { text: 'pp. 9–10', citation: pages(9, 10) },
      ')',
    ]);
    expect(splitCitations('(parts 2 and 5)')).toEqual([
      '(',
      { text: 'parts 2', citation: part(2) },
      ' and ',
      { text: '5', citation: part(5) },
      ')',
    ]);
  });

  it('finds every parenthesis of a text and keeps the text between them', () => {
    const pieces = splitCitations('Revenue grew (p. 2) while costs fell (p. 5), see the table.');
    expect(pieces.filter((piece) => typeof piece !== 'string')).toEqual([
      { text: 'p. 2', citation: pages(2) },
      { text: 'p. 5', citation: pages(5) },
    ]);
    expect(pieces.map((piece) => (typeof piece === 'string' ? piece : piece.text)).join('')).toBe(
      'Revenue grew (p. 2) while costs fell (p. 5), see the table.',
    );
  });

  it('takes spaces as they come: none after the dot, a non-breaking one, spaces around the dash', () => {
    expect(splitCitations('(p.12)')[1]).toEqual({ text: 'p.12', citation: pages(12) });
    expect(splitCitations('(p.\u00a012)')[1]).toEqual({ text: 'p.\u00a012', citation: pages(12) });
    expect(splitCitations('( pp. 12 – 14 )')[1]).toEqual({ text: 'pp. 12 – 14', citation: pages(12, 14) });
    expect(splitCitations('(Part 4)')[1]).toEqual({ text: 'Part 4', citation: part(4) });
  });

  it('leaves a parenthesis holding anything else as text', () => {
    for (const text of [
      '(page 12)',
      '(see p. 12)',
      '(p. 12, above)',
      '(2019)',
      '(12)',
      '(p. 12a)',
      '(pp. 13–12)',
      '(p. 0)',
      '(parts 2–3)',
      '(partial 3)',
      'p. 12 without brackets',
      '(p. 3 ((nested)))',
    ]) {
      expect(splitCitations(text), text).toEqual([text]);
    }
  });
});

describe('citation queries and labels', () => {
  it('asks for pages, a range or a part, and reads its own queries back', () => {
    for (const [citation, query, label] of [
      [pages(12), 'pages=12', 'p. 12'],
      [pages(12, 13), 'pages=12-13', 'pp. 12–13'],
      [part(3), 'part=3', 'part 3'],
    ] as const) {
      expect(citationQuery(citation)).toBe(query);
      expect(citationFromQuery(query)).toEqual(citation);
      expect(citationLabel(citation)).toBe(label);
    }
  });

  it('reads nothing else as a citation', () => {
    for (const query of [undefined, 3, '', 'pages=', 'pages=0', 'pages=9-2', 'part=0', 'part=1-2', 'x=1']) {
      expect(citationFromQuery(query)).toBeNull();
    }
  });
});
