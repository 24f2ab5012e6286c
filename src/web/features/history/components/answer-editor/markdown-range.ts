import type { MarkdownManager } from '@tiptap/markdown';
import type { Node as DocNode } from '@tiptap/pm/model';
import { EditorState, Selection } from '@tiptap/pm/state';
import { type ChangeObject, diffChars } from 'diff';

/** Characters no answer holds (Unicode private use), put in for a moment to find a range's edges. */
const START = '\uE000';
const END = '\uE001';

/** A range of character offsets into an answer's Markdown (`end` is exclusive; `start` = `end`: a cursor). */
export interface MarkdownOffsets {
  start: number;
  end: number;
}

/**
 * Where the document range `from`…`to` falls in the Markdown the editor writes for `doc`: the edges are
 * marked with characters no answer holds, the document written out, and the marks found. Null when the
 * Markdown with the marks is not the Markdown without them (an edge that changes how its neighbours
 * are written), so a range is never guessed.
 */
export function markdownOffsets(
  manager: Pick<MarkdownManager, 'serialize'>,
  doc: DocNode,
  from: number,
  to: number,
): (MarkdownOffsets & { markdown: string }) | null {
  const markdown = manager.serialize(doc.toJSON());
  const start = textPosition(doc, from, 1);
  const end = from === to ? start : textPosition(doc, to, -1);
  if (start === null || end === null || end < start) return null;
  const tr = EditorState.create({ doc }).tr;
  const { schema } = doc.type;
  // The end first: text put in at the end leaves the start where it is. Each mark takes the formatting
  // of the text on the far side of its edge, so a range that starts where bold text starts includes the
  // opening `**`, and one that starts inside it stays inside.
  tr.insert(end, schema.text(END, doc.resolve(end).nodeAfter?.marks ?? []));
  tr.insert(start, schema.text(START, doc.resolve(start).nodeBefore?.marks ?? []));
  const marked = manager.serialize(tr.doc.toJSON());
  const at = marked.indexOf(START);
  const endAt = marked.indexOf(END);
  if (
    at === -1 ||
    endAt < at ||
    marked.indexOf(START, at + 1) !== -1 ||
    marked.indexOf(END, endAt + 1) !== -1
  ) {
    return null;
  }
  if (marked.replace(START, '').replace(END, '') !== markdown) return null;
  return { markdown, start: at, end: endAt - 1 };
}

/** The nearest position inside text from `pos` (forward for a start, backward for an end), or null. */
function textPosition(doc: DocNode, pos: number, direction: 1 | -1): number | null {
  const $pos = doc.resolve(Math.max(0, Math.min(pos, doc.content.size)));
  if ($pos.parent.inlineContent) return $pos.pos;
  const near =
    Selection.findFrom($pos, direction, true) ?? Selection.findFrom($pos, -direction as 1 | -1, true);
  return near ? (direction === 1 ? near.from : near.to) : null;
}

/**
 * The same range in `stored`, the answer as saved, when the editor writes it a little differently
 * (`*` for `-` in a list, a blank line more or less): the two texts are compared character by
 * character and the offsets carried across. Null when they differ too much to compare quickly.
 */
export function offsetsInStored(
  markdown: string,
  stored: string,
  range: MarkdownOffsets,
): MarkdownOffsets | null {
  if (markdown === stored) return range;
  const changes = diffChars(markdown, stored, { timeout: 300 });
  if (!changes) return null;
  const start = carry(changes, range.start, 'start');
  const end = range.start === range.end ? start : carry(changes, range.end, 'end');
  return end < start ? null : { start, end };
}

/**
 * An offset of the first text carried into the second: kept in text both share; at text only the first
 * has, to the edge of what the second has in its place (its start for a range's start, its end for a
 * range's end, so the replaced text is never cut in two).
 */
function carry(changes: ChangeObject<string>[], offset: number, edge: 'start' | 'end'): number {
  let mine = 0;
  let theirs = 0;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const length = change.value.length;
    if (change.added) {
      theirs += length;
      continue;
    }
    if (change.removed) {
      if (offset < mine + length) {
        const next = changes[i + 1];
        return edge === 'end' && next?.added ? theirs + next.value.length : theirs;
      }
      mine += length;
      continue;
    }
    if (offset <= mine + length) return theirs + (offset - mine);
    mine += length;
    theirs += length;
  }
  return theirs;
}
