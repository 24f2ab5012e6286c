import { getSchema } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { Node as DocNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { answerEditorExtensions, markedWithoutHtml } from './editor-extensions.ts';
import { markdownOffsets, offsetsInStored } from './markdown-range.ts';

const extensions = answerEditorExtensions();
const schema = getSchema(extensions);
const manager = new MarkdownManager({
  extensions: extensions.filter((extension) => extension.name !== 'markdown'),
  marked: markedWithoutHtml(),
});

function docOf(markdown: string): DocNode {
  return DocNode.fromJSON(schema, manager.parse(markdown));
}

/** The document position of the `n`th occurrence of `text` (its first character). */
function positionOf(doc: DocNode, text: string): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found !== -1 || !node.isText) return;
    const index = node.text?.indexOf(text) ?? -1;
    if (index !== -1) found = pos + index;
  });
  if (found === -1) throw new Error(`${text} not in the document`);
  return found;
}

describe('markdownOffsets', () => {
  it('finds a selected sentence of a paragraph under a heading', () => {
    const md = '# Title\n\nFirst sentence. Second sentence.\n\n- one\n- two';
    const doc = docOf(md);
    const from = positionOf(doc, 'Second');
    const range = markdownOffsets(manager, doc, from, from + 'Second sentence.'.length);
    expect(range).not.toBeNull();
    expect(range!.markdown.slice(range!.start, range!.end)).toBe('Second sentence.');
  });

  it('keeps the marks of a selection inside bold text on their side of the range', () => {
    const doc = docOf('Some **very bold words** here.');
    const from = positionOf(doc, 'bold');
    const range = markdownOffsets(manager, doc, from, from + 4)!;
    expect(range.markdown.slice(range.start, range.end)).toBe('bold');
    expect(range.markdown.slice(0, range.start)).toBe('Some **very ');
  });

  it('includes the bold marks of a bold run the selection starts or ends with', () => {
    const doc = docOf('- **Risk:** late reviews\n- other');
    const from = positionOf(doc, 'Risk');
    const to = positionOf(doc, 'reviews') + 'reviews'.length;
    const range = markdownOffsets(manager, doc, from, to)!;
    expect(range.markdown.slice(range.start, range.end)).toBe('**Risk:** late reviews');
    const ending = markdownOffsets(manager, doc, positionOf(doc, 'Risk') + 2, positionOf(doc, ' late'))!;
    expect(ending.markdown.slice(ending.start, ending.end)).toBe('sk:**');
  });

  it('starts inside bold text and ends after it', () => {
    const doc = docOf('Some **very bold** words.');
    const range = markdownOffsets(manager, doc, positionOf(doc, 'bold'), positionOf(doc, 'words'))!;
    expect(range.markdown.slice(range.start, range.end)).toBe('bold** ');
  });

  it('spans blocks: the Markdown between two paragraphs is part of the range', () => {
    const doc = docOf('Alpha one.\n\nBeta two.\n\nGamma three.');
    const from = positionOf(doc, 'one');
    const to = positionOf(doc, 'two') + 3;
    const range = markdownOffsets(manager, doc, from, to)!;
    expect(range.markdown.slice(range.start, range.end)).toBe('one.\n\nBeta two');
  });

  it('gives a cursor as a range of no length', () => {
    const doc = docOf('Hello world.');
    const at = positionOf(doc, 'world');
    const range = markdownOffsets(manager, doc, at, at)!;
    expect(range.start).toBe(range.end);
    expect(range.markdown.slice(0, range.start)).toBe('Hello ');
  });

  it('finds text inside a code block and a list item', () => {
    const doc = docOf('Intro.\n\n```js\nconst a = 1;\n```\n\n1. first\n2. second');
    const code = positionOf(doc, 'const');
    const inCode = markdownOffsets(manager, doc, code, code + 5)!;
    expect(inCode.markdown.slice(inCode.start, inCode.end)).toBe('const');
    const item = positionOf(doc, 'second');
    const inList = markdownOffsets(manager, doc, item, item + 6)!;
    expect(inList.markdown.slice(inList.start, inList.end)).toBe('second');
  });

  it('keeps raw HTML as the text it is, and writes it back as text', () => {
    const doc = docOf('A <b>tag</b> and <script>alert(1)</script>.');
    expect(doc.textContent).toBe('A <b>tag</b> and <script>alert(1)</script>.');
    expect(doc.firstChild?.firstChild?.marks).toEqual([]);
    const written = manager.serialize(doc.toJSON());
    expect(written).toBe('A &lt;b&gt;tag&lt;/b&gt; and &lt;script&gt;alert(1)&lt;/script&gt;.');
    expect(docOf(written).textContent).toBe(doc.textContent);
  });

  it('draws no link to targets that are not web, mail or in-site links, and keeps the text as written', () => {
    const md = '[ok](https://example.com) [bad](javascript:alert(1)) [data](data:text/html,x)';
    const doc = docOf(md);
    const drawn: string[] = [];
    doc.descendants((node) => {
      for (const mark of node.marks) {
        const dom = mark.type.spec.toDOM?.(mark, true) as unknown as [string, Record<string, string>];
        if (mark.type.name === 'link') drawn.push(dom[1].href ?? '');
      }
    });
    expect(drawn).toEqual(['https://example.com', '', '']);
    expect(manager.serialize(doc.toJSON())).toBe(md);
  });
});

describe('offsetsInStored', () => {
  it('is the same range when the editor writes the answer as it is stored', () => {
    expect(offsetsInStored('abc', 'abc', { start: 1, end: 2 })).toEqual({ start: 1, end: 2 });
  });

  it('carries a range across a list written with another bullet', () => {
    const stored = '* one\n* two words\n* three';
    const doc = docOf(stored);
    const from = positionOf(doc, 'two');
    const range = markdownOffsets(manager, doc, from, from + 'two words'.length)!;
    const carried = offsetsInStored(range.markdown, stored, range)!;
    expect(stored.slice(carried.start, carried.end)).toBe('two words');
  });

  it('ends a range after the stored text that stands in place of its last characters', () => {
    expect(offsetsInStored('a - b', 'a * b', { start: 0, end: 3 })).toEqual({ start: 0, end: 3 });
  });
});
