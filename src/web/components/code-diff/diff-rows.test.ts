import { describe, expect, it } from 'vitest';
import { sideBySideRows, unifiedLines } from './diff-rows.ts';

describe('diff rows', () => {
  const before = 'a\nb\nc\nd';
  const after = 'a\nB\nc\nd\ne\n';

  it('numbers unchanged, removed and added lines on both sides', () => {
    expect(unifiedLines(before, after).map((l) => [l.kind, l.before, l.after, l.text])).toEqual([
      ['same', 1, 1, 'a'],
      ['removed', 2, null, 'b'],
      ['added', null, 2, 'B'],
      ['same', 3, 3, 'c'],
      ['same', 4, 4, 'd'],
      ['added', null, 5, 'e'],
    ]);
  });

  it('faces a run of removed lines with the added lines that replaced it', () => {
    const rows = sideBySideRows(unifiedLines(before, after));
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      ['c', 'c'],
      ['d', 'd'],
      [null, 'e'],
    ]);
  });

  it('has no changes for the same code', () => {
    expect(unifiedLines('x\ny', 'x\ny').every((l) => l.kind === 'same')).toBe(true);
  });
});
