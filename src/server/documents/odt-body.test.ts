import { describe, expect, it } from 'vitest';
import { MarkdownWriter } from './markdown-writer.ts';
import { ODF, OdtBody, OdtStyles } from './odt-body.ts';
import { parseXml } from './xml-stream.ts';

const NS = `xmlns:office="${ODF.office}" xmlns:text="${ODF.text}" xmlns:table="${ODF.table}" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"`;
const STYLES = `<office:automatic-styles>
  <style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style>
  <style:style style:name="Inherits" style:family="paragraph" style:parent-style-name="Break"/>
  <style:style style:name="Last" style:family="paragraph"><style:paragraph-properties fo:break-after="page"/></style:style>
</office:automatic-styles>`;

async function read(body: string) {
  const writer = new MarkdownWriter(100_000);
  const styles = new OdtStyles();
  const content = new OdtBody(writer, styles);
  await parseXml(
    `<office:document-content ${NS}>${STYLES}<office:body><office:text>${body}</office:text></office:body></office:document-content>`,
    {
      open(element) {
        styles.open(element);
        content.open(element);
      },
      close(uri, local) {
        styles.close(uri, local);
        content.close(uri, local);
      },
      text(text) {
        content.text(text);
      },
    },
  );
  const text = writer.text();
  const starts = writer.pageStarts();
  return { pages: starts.map((start, i) => text.slice(start, starts[i + 1] ?? text.length).trim()), writer };
}

describe('OdtBody pages', () => {
  it('breaks pages at soft page breaks, between paragraphs or inside one (the paragraph stays on its first page)', async () => {
    const { pages } = await read(
      '<text:p>One.</text:p><text:soft-page-break/><text:p>Two begins <text:soft-page-break/>and ends.</text:p><text:p>Three.</text:p>',
    );
    expect(pages).toEqual(['One.', 'Two begins and ends.', 'Three.']);
  });

  it('breaks pages before and after paragraphs whose style says so, inherited from a parent style', async () => {
    const { pages } = await read(
      '<text:p>One.</text:p><text:p text:style-name="Break">Two.</text:p><text:h text:style-name="Inherits" text:outline-level="2">Three</text:h><text:p text:style-name="Last">Still three.</text:p><text:p>Four.</text:p>',
    );
    expect(pages).toEqual(['One.', 'Two.', '## Three\n\nStill three.', 'Four.']);
  });

  it('starts the page after a table a soft page break fell in, and after the list item it fell in', async () => {
    const { pages, writer } = await read(
      '<table:table><table:table-row><table:table-cell><text:p>a</text:p></table:table-cell><table:table-cell><text:p>b</text:p></table:table-cell></table:table-row><text:soft-page-break/><table:table-row><table:table-cell><text:p>c</text:p></table:table-cell><table:table-cell><text:p>d</text:p></table:table-cell></table:table-row></table:table>' +
        '<text:list><text:list-item><text:p>first <text:soft-page-break/>item</text:p></text:list-item><text:list-item><text:p>second</text:p></text:list-item></text:list>',
    );
    expect(writer.tables).toBe(1);
    expect(pages).toEqual(['| a | b |\n| --- | --- |\n| c | d |', '- first item', '- second']);
  });
});
