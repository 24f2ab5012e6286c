/** A fence line: its indentation (0–3 spaces), its run of backticks or tildes and what follows. */
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING = /^#{1,6}(?:[ \t]|$)/;
/**
 * What may tie one part of a text to another wherever it stands, inside a list or a quote too: link
 * reference and footnote definitions (used anywhere in the text), and raw HTML blocks (which may run
 * past a heading line).
 */
const CROSS_REFERENCES = /\[[^\]\n]+\]:|^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*<[A-Za-z/!?]/m;

interface Fence {
  marker: string;
  indent: number;
}

/** The fence a line opens: CommonMark forbids a backtick in a backtick fence's info string. */
function opensFence(line: string): Fence | null {
  const match = FENCE.exec(line);
  if (!match) return null;
  const [, indent = '', marker = '', info = ''] = match;
  if (marker[0] === '`' && info.includes('`')) return null;
  return { marker, indent: indent.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const match = /^( {0,3})(`{3,}|~{3,})[ \t]*$/.exec(line);
  const marker = match?.[2];
  return marker !== undefined && marker[0] === fence.marker[0] && marker.length >= fence.marker.length;
}

function indentation(line: string): number {
  return /^ */.exec(line)?.[0].length ?? 0;
}

/**
 * Markdown cut before each heading that starts a line outside fenced code, so each part can be parsed
 * and rendered on its own with the same result: such a heading always starts a new top-level block
 * (it ends any paragraph, list, quote or table above it). A text whose parts could depend on each
 * other stays whole: cross-references, and an indented fence (it may belong to a list item) with a
 * line less indented than its opening, which may instead end that item and leave the fence.
 */
export function markdownSections(text: string): string[] {
  if (CROSS_REFERENCES.test(text)) return [text];
  const sections: string[] = [];
  let fence: Fence | null = null;
  let start = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    if (fence !== null) {
      const outdented = fence.indent > 0 && line.trim() !== '' && indentation(line) < fence.indent;
      if (outdented) return [text];
      if (closesFence(line, fence)) fence = null;
    } else {
      fence = opensFence(line);
      if (fence === null && HEADING.test(line) && offset > start) {
        sections.push(text.slice(start, offset));
        start = offset;
      }
    }
    offset += line.length + 1;
  }
  sections.push(text.slice(start));
  return sections;
}
