import { escapeHtml } from '#server/plugins/page-html';
import { type Block, parseBlocks } from './markdown-blocks.ts';
import { isSafeUrl, parseInline, type Span } from './markdown-inline.ts';

/**
 * An answer as a standalone HTML page (issue 33: the .html download), from the same block and inline
 * readers as the Word export: headings, paragraphs, nested lists, quotes, code, rules and tables. The
 * model's text is data: every character is escaped, raw HTML in it stays text, and only http(s) and
 * mailto links become links (`isSafeUrl`). The page carries no script and no remote resource.
 */
export function markdownToHtml(markdown: string, options: { title: string }): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    renderBlocks(parseBlocks(markdown)),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

const STYLE =
  'body{font:16px/1.6 system-ui,sans-serif;margin:0;color:#1f2328}main{max-width:46rem;margin:2rem auto;padding:0 1rem}' +
  'pre{background:#f6f8fa;padding:.75rem;overflow:auto}code{font-family:ui-monospace,monospace}' +
  'table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.25rem .5rem}' +
  'blockquote{margin:0;padding-left:1rem;border-left:3px solid #d0d7de;color:#59636e}';

function renderInline(text: string): string {
  return parseInline(text).map(renderSpan).join('');
}

function renderSpan(span: Span): string {
  let html = escapeHtml(span.text);
  if (span.code) html = `<code>${html}</code>`;
  if (span.strike) html = `<s>${html}</s>`;
  if (span.italic) html = `<em>${html}</em>`;
  if (span.bold) html = `<strong>${html}</strong>`;
  if (span.link && isSafeUrl(span.link)) html = `<a href="${escapeHtml(span.link)}">${html}</a>`;
  return span.break ? `<br>${html}` : html;
}

/** The blocks in order; consecutive list items as nested lists (a new `list` number starts a new list). */
function renderBlocks(blocks: Block[]): string {
  const out: string[] = [];
  // The lists open now, innermost last, each with its kind and the items' list number.
  const open: { ordered: boolean; list: number; depth: number }[] = [];
  const closeTo = (depth: number) => {
    while (open.length > 0 && open.at(-1)!.depth >= depth) {
      const list = open.pop()!;
      out.push(`</li></${list.ordered ? 'ol' : 'ul'}>`);
    }
  };
  for (const block of blocks) {
    if (block.kind !== 'item') closeTo(0);
    switch (block.kind) {
      case 'heading':
        out.push(`<h${block.level}>${renderInline(block.text)}</h${block.level}>`);
        break;
      case 'paragraph':
        out.push(`<p>${renderInline(block.text)}</p>`);
        break;
      case 'quote':
        out.push(`<blockquote><p>${renderInline(block.text)}</p></blockquote>`);
        break;
      case 'code':
        out.push(`<pre><code>${escapeHtml(block.lines.join('\n'))}</code></pre>`);
        break;
      case 'rule':
        out.push('<hr>');
        break;
      case 'table':
        out.push(renderTable(block));
        break;
      case 'item': {
        // Deeper lists end; a list of another kind or number at this depth ends too.
        closeTo(block.depth + 1);
        let top = open.at(-1);
        if (top && top.depth === block.depth && (top.list !== block.list || top.ordered !== block.ordered)) {
          closeTo(block.depth);
          top = open.at(-1);
        }
        if (top && top.depth === block.depth) {
          out.push(`</li><li>${renderInline(block.text)}`);
        } else {
          // A new list, inside the item still open above it if any.
          const tag = block.ordered ? `ol${block.start !== 1 ? ` start="${block.start}"` : ''}` : 'ul';
          out.push(`<${tag}><li>${renderInline(block.text)}`);
          open.push({ ordered: block.ordered, list: block.list, depth: block.depth });
        }
        break;
      }
    }
  }
  closeTo(0);
  return out.join('\n');
}

function renderTable(block: Extract<Block, { kind: 'table' }>): string {
  const cell = (tag: 'th' | 'td', text: string, column: number) => {
    const align = block.align[column];
    return `<${tag}${align ? ` style="text-align:${align}"` : ''}>${renderInline(text)}</${tag}>`;
  };
  const [header = [], ...rows] = block.rows;
  return [
    '<table>',
    `<thead><tr>${header.map((text, i) => cell('th', text, i)).join('')}</tr></thead>`,
    `<tbody>${rows.map((row) => `<tr>${row.map((text, i) => cell('td', text, i)).join('')}</tr>`).join('')}</tbody>`,
    '</table>',
  ].join('');
}
