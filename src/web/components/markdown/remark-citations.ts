import type { Nodes, PhrasingContent, Root, Text } from 'mdast';
import { citationQuery, splitCitations } from '#web/lib/citations.ts';

/** The element a citation becomes (components: `button`), carrying its query ('pages=12', 'part=3'). */
export const CITATION_ELEMENT = 'button';
/** The query's attribute on that element (hast's property `dataCitation`). */
export const CITATION_ATTRIBUTE = 'data-citation';

/** A link's text cannot hold a button, and code is never read for citations (it has no text nodes). */
const SKIPPED: ReadonlySet<Nodes['type']> = new Set(['link', 'linkReference']);

/**
 * Marks the document citations of an answer's text ('(p. 12)', '(part 3)': lib/citations.ts) as
 * elements of their own, made from Markdown text nodes only: code (inline or fenced) holds none, and
 * no raw HTML is involved, so the renderer's rules stay as they are.
 */
export function remarkCitations() {
  return (tree: Root) => {
    markIn(tree);
  };
}

function markIn(node: Nodes): void {
  if (!('children' in node) || SKIPPED.has(node.type)) return;
  const children: Nodes[] = [];
  let changed = false;
  for (const child of node.children) {
    if (child.type === 'text') {
      const pieces = citationNodes(child);
      changed ||= pieces.length !== 1 || pieces[0] !== child;
      children.push(...pieces);
    } else {
      markIn(child);
      children.push(child);
    }
  }
  // Text nodes only ever sit among phrasing content, so the list keeps its type.
  if (changed) (node as { children: Nodes[] }).children = children;
}

function citationNodes(node: Text): PhrasingContent[] {
  const pieces = splitCitations(node.value);
  if (pieces.length === 1 && typeof pieces[0] === 'string') return [node];
  return pieces.map((piece) =>
    typeof piece === 'string'
      ? { type: 'text', value: piece }
      : {
          type: 'text',
          value: piece.text,
          data: {
            hName: CITATION_ELEMENT,
            hProperties: { type: 'button', dataCitation: citationQuery(piece.citation) },
          },
        },
  );
}
