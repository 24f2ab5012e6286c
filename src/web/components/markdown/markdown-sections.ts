const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^#{1,6}(?:[ \t]|$)/;
/**
 * What may tie one part of a text to another: link reference and footnote definitions (used anywhere
 * in the text) and raw HTML blocks (which may run past a heading line).
 */
const CROSS_REFERENCES = /^ {0,3}(?:\[[^\]\n]+\]:|<[A-Za-z/!?])/m;

function closesFence(line: string, fence: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return match?.[1] !== undefined && match[1][0] === fence[0] && match[1].length >= fence.length;
}

/**
 * Markdown cut before each heading that starts a line outside fenced code, so each part can be parsed
 * and rendered on its own with the same result: such a heading always starts a new top-level block
 * (it ends any paragraph, list, quote or table above it). A text with cross-references stays whole.
 */
export function markdownSections(text: string): string[] {
  if (CROSS_REFERENCES.test(text)) return [text];
  const sections: string[] = [];
  let fence: string | null = null;
  let start = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
    } else {
      const opened = FENCE_OPEN.exec(line)?.[1];
      if (opened !== undefined) fence = opened;
      else if (HEADING.test(line) && offset > start) {
        sections.push(text.slice(start, offset));
        start = offset;
      }
    }
    offset += line.length + 1;
  }
  sections.push(text.slice(start));
  return sections;
}
