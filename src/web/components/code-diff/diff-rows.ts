import { diffLines } from 'diff';

/** One line of a diff: unchanged, or only in the code before (removed) or after (added). */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  /** Line numbers in the code before and after (null where the line is not there). */
  before: number | null;
  after: number | null;
  text: string;
}

/** A row of the side-by-side view: the line before on the left, the line after on the right. */
export interface DiffRow {
  left: DiffLine | null;
  right: DiffLine | null;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The unified diff of two texts, line by line (jsdiff's line diff). */
export function unifiedLines(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let beforeNo = 1;
  let afterNo = 1;
  for (const change of diffLines(
    before.endsWith('\n') ? before : `${before}\n`,
    after.endsWith('\n') ? after : `${after}\n`,
  )) {
    for (const text of linesOf(change.value)) {
      if (change.added) lines.push({ kind: 'added', before: null, after: afterNo++, text });
      else if (change.removed) lines.push({ kind: 'removed', before: beforeNo++, after: null, text });
      else lines.push({ kind: 'same', before: beforeNo++, after: afterNo++, text });
    }
  }
  return lines;
}

/** The same lines side by side: a run of removed lines faces the run of added lines that replaced it. */
export function sideBySideRows(lines: readonly DiffLine[]): DiffRow[] {
  const rows: DiffRow[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.kind === 'same') {
      rows.push({ left: line, right: line });
      i++;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (lines[i]?.kind === 'removed') removed.push(lines[i++]!);
    while (lines[i]?.kind === 'added') added.push(lines[i++]!);
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      rows.push({ left: removed[k] ?? null, right: added[k] ?? null });
    }
  }
  return rows;
}
