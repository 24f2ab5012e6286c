import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  WidthType,
} from 'docx';
import { type PdfLine, textPdf } from './pdf-writer.ts';
import { writeZip } from './zip-writer.ts';

/**
 * The corpus's documents as blocks, written out in each format by the builders below, so every format
 * carries the same headings, paragraphs, lists and tables (with non-ASCII text) and the tests can look
 * for the same things in each.
 */
export type Block =
  | { heading: string }
  | { paragraph: string }
  | { bullets: string[] }
  | { steps: string[] }
  | { table: string[][] };

/** The short sample every format is checked against (tests/fixtures/documents/sample.*). */
export const SAMPLE: Block[] = [
  { heading: 'Quarterly report — Zürich office' },
  {
    paragraph:
      'A naïve plan for the launch in Tokyo (東京), written in Zürich. Curly “quotes” and an em dash — stay as they are.',
  },
  { bullets: ['Open the Zürich office', 'Hire a naïve intern', 'Visit 東京 in spring'] },
  { steps: ['Sign the lease', 'Move the desks'] },
  {
    table: [
      ['City', 'Country', 'Staff'],
      ['Zürich', 'Switzerland', '12'],
      ['東京', 'Japan', '30'],
    ],
  },
  { paragraph: 'The end of the sample.' },
];

/**
 * A long document of numbered sections, each a heading, six paragraphs, a list and a table: about three
 * quarters of an A4 page each in pdfOf's layout (300 sections: about 235 pages).
 */
export function longBlocks(sections: number): Block[] {
  const blocks: Block[] = [];
  const sentence =
    'The committee in Zürich reviewed the naïve forecast line by line and asked for a clearer account of costs, staff and risks before the next meeting. ';
  for (let i = 1; i <= sections; i++) {
    blocks.push({ heading: `Section ${i}` });
    for (let p = 0; p < 6; p++) blocks.push({ paragraph: `Part ${i}.${p + 1}. ${sentence.repeat(3)}` });
    blocks.push({ bullets: [`Review item ${i}`, `Budget line ${i}`] });
    blocks.push({
      table: [
        ['Quarter', 'Revenue', 'Staff'],
        [`Q${(i % 4) + 1}`, `${1000 + i}`, `${10 + (i % 7)}`],
      ],
    });
  }
  return blocks;
}

export function plainText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      if ('heading' in block) return block.heading;
      if ('paragraph' in block) return block.paragraph;
      if ('bullets' in block) return block.bullets.map((b) => `- ${b}`).join('\n');
      if ('steps' in block) return block.steps.map((s, i) => `${i + 1}. ${s}`).join('\n');
      return block.table.map((row) => row.join('\t')).join('\n');
    })
    .join('\n\n');
}

export async function docxOf(blocks: Block[]): Promise<Buffer> {
  const children: (Paragraph | Table)[] = blocks.flatMap((block): (Paragraph | Table)[] => {
    if ('heading' in block) return [new Paragraph({ text: block.heading, heading: HeadingLevel.HEADING_1 })];
    if ('paragraph' in block) return [new Paragraph({ text: block.paragraph })];
    if ('bullets' in block) return block.bullets.map((text) => new Paragraph({ text, bullet: { level: 0 } }));
    if ('steps' in block) {
      return block.steps.map((text) => new Paragraph({ text, numbering: { reference: 'steps', level: 0 } }));
    }
    return [
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: block.table.map(
          (row) =>
            new TableRow({ children: row.map((text) => new TableCell({ children: [new Paragraph(text)] })) }),
        ),
      }),
    ];
  });
  const document = new Document({
    creator: 'Draftsmith tests',
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const ODF_NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
].join(' ');

/** content.xml of an OpenDocument text: bullets use list style L1, numbered steps L2. */
export function odtContent(blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      if ('heading' in block) return `<text:h text:outline-level="1">${escapeXml(block.heading)}</text:h>`;
      if ('paragraph' in block) return `<text:p>${escapeXml(block.paragraph)}</text:p>`;
      if ('bullets' in block || 'steps' in block) {
        const [style, items] = 'bullets' in block ? ['L1', block.bullets] : ['L2', block.steps];
        const list = items.map((t) => `<text:list-item><text:p>${escapeXml(t)}</text:p></text:list-item>`);
        return `<text:list text:style-name="${style}">${list.join('')}</text:list>`;
      }
      const columns = block.table[0]?.length ?? 0;
      const rows = block.table.map(
        (row) =>
          `<table:table-row>${row.map((c) => `<table:table-cell><text:p>${escapeXml(c)}</text:p></table:table-cell>`).join('')}</table:table-row>`,
      );
      return `<table:table><table:table-column table:number-columns-repeated="${columns}"/>${rows.join('')}</table:table>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content ${ODF_NAMESPACES} office:version="1.3">
<office:automatic-styles>
<text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/></text:list-style>
<text:list-style style:name="L2"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/></text:list-style>
</office:automatic-styles>
<office:body><office:text>
${body}
</office:text></office:body>
</office:document-content>
`;
}

/** An .odt package: `mimetype` first and stored, as the format requires, then the manifest and content. */
export function odtOf(blocks: Block[], content = odtContent(blocks)): Buffer {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
`;
  return writeZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', method: 'store' },
    { name: 'META-INF/manifest.xml', data: manifest },
    { name: 'content.xml', data: content },
  ]);
}

/** Lines of about this many characters, cut at spaces. */
function wrap(text: string, width = 95): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A text PDF laid out like a word processor would: A4, 11 pt body, 16 pt headings, tables in columns. */
export function pdfOf(blocks: Block[]): Buffer {
  const pages: PdfLine[][] = [[]];
  let y = 790;
  const place = (line: Omit<PdfLine, 'y'>, height: number) => {
    if (y - height < 50) {
      pages.push([]);
      y = 790;
    }
    y -= height;
    pages.at(-1)!.push({ ...line, y });
  };
  for (const block of blocks) {
    if ('heading' in block) place({ x: 50, size: 16, text: block.heading }, 28);
    else if ('paragraph' in block) {
      for (const line of wrap(block.paragraph)) place({ x: 50, text: line }, 14);
      y -= 8;
    } else if ('bullets' in block || 'steps' in block) {
      const items =
        'bullets' in block ? block.bullets.map((b) => `• ${b}`) : block.steps.map((s, i) => `${i + 1}. ${s}`);
      for (const item of items) place({ x: 60, text: item }, 16);
      y -= 8;
    } else {
      for (const row of block.table) {
        row.forEach((cell, i) => {
          if (i === 0) place({ x: 50, text: cell }, 16);
          else pages.at(-1)!.push({ x: 50 + i * 160, y, text: cell });
        });
      }
      y -= 8;
    }
  }
  return textPdf(pages);
}
