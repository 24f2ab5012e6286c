/**
 * The text of an e-mail's HTML part, for an e-mail without a plain-text part (extract-eml.ts), and where
 * its quoted history begins: the first `<blockquote>`, or the first element that mail clients mark as
 * the quote (Gmail's `gmail_quote`, Outlook's `divRplyFwdMsg` and `appendonsend`, Thunderbird's
 * `moz-cite-prefix`, Yahoo's `yahoo_quoted`). Tags are dropped, the contents of style, script, head and
 * title with them, block elements and `<br>` break the line (blocks that meet, once), list items are
 * '- ', white space is one space (kept inside `<pre>`) and entities are decoded.
 * One pass over the HTML with indexOf; its regexes see one tag or one run of text and cannot backtrack:
 * linear in its length, whatever it holds (an unclosed tag or comment ends the text).
 */

const QUOTE_MARKERS = ['gmail_quote', 'divrplyfwdmsg', 'appendonsend', 'moz-cite-prefix', 'yahoo_quoted'];
/** Elements whose contents are not text. */
const HIDDEN = new Set(['style', 'script', 'head', 'title', 'template', 'noscript', 'xml']);
/** Elements that begin and end a line. */
const BLOCKS = new Set([
  'address',
  'article',
  'blockquote',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);

export interface HtmlText {
  /** The text before the quoted history. */
  message: string;
  /** The quoted history's text; '' if none was marked. */
  quoted: string;
}

export function htmlToText(html: string): HtmlText {
  // Lower case for finding names, of ASCII letters only: the same length, so its offsets are the HTML's.
  const lower = html.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  const parts: string[] = [];
  let quotedAt = -1;
  let pre = 0;
  // Whether nothing has been written since the last line break: blocks that meet break the line once.
  let lineEmpty = true;
  const lineBreak = () => {
    parts.push('\n');
    lineEmpty = true;
  };
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const textEnd = open < 0 ? html.length : open;
    if (textEnd > at) {
      const text = decodeEntities(html.slice(at, textEnd));
      // A non-breaking space alone is content: Outlook's blank line is a paragraph of one.
      if (/[^ \t\n\r\f]/.test(text)) lineEmpty = false;
      parts.push(pre > 0 ? text.replace(/\u00a0/g, ' ') : text.replace(/[ \t\n\r\f\u00a0]+/g, ' '));
    }
    if (open < 0) break;
    if (lower.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      at = close < 0 ? html.length : close + 3;
      continue;
    }
    const close = html.indexOf('>', open + 1);
    if (close < 0) break;
    at = close + 1;
    const tag = lower.slice(open + 1, close);
    const name = /^\/?([a-z][a-z0-9:-]*)/.exec(tag)?.[1];
    if (!name) continue; // <!doctype>, <![if …]>, <?xml …?>
    const closing = tag.startsWith('/');
    if (!closing && HIDDEN.has(name) && !tag.endsWith('/')) {
      const end = lower.indexOf(`</${name}`, at);
      const endClose = end < 0 ? -1 : html.indexOf('>', end);
      // Never closed: only the tag is dropped (a `<head>` left open must not hide the message).
      if (endClose >= 0) at = endClose + 1;
      continue;
    }
    if (!closing && quotedAt < 0 && (name === 'blockquote' || QUOTE_MARKERS.some((m) => tag.includes(m)))) {
      quotedAt = parts.length;
    }
    if (name === 'pre') pre = Math.max(0, pre + (closing ? -1 : 1));
    if (name === 'br') lineBreak();
    else if (name === 'li' && !closing) {
      if (!lineEmpty) lineBreak();
      parts.push('- ');
      lineEmpty = false;
    } else if ((name === 'td' || name === 'th') && closing) parts.push(' ');
    else if (BLOCKS.has(name) && !lineEmpty) lineBreak();
  }
  if (quotedAt < 0) return { message: tidy(parts.join('')), quoted: '' };
  return { message: tidy(parts.slice(0, quotedAt).join('')), quoted: tidy(parts.slice(quotedAt).join('')) };
}

/** Lines without their spaces at either end, at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** ISO 8859-1's named characters, U+00A0 to U+00FF in order. */
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
const ENTITIES = new Map<string, string>([
  ...LATIN1.split(' ').map((name, i) => [name, String.fromCharCode(0xa0 + i)] as [string, string]),
  ...Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    ndash: '–',
    mdash: '—',
    lsquo: '‘',
    rsquo: '’',
    sbquo: '‚',
    ldquo: '“',
    rdquo: '”',
    bdquo: '„',
    hellip: '…',
    bull: '•',
    euro: '€',
    trade: '™',
    dagger: '†',
    permil: '‰',
    lsaquo: '‹',
    rsaquo: '›',
    ensp: ' ',
    emsp: ' ',
    thinsp: ' ',
    zwnj: '',
    zwj: '',
    lrm: '',
    rlm: '',
  }),
]);

/** `&amp;`, `&#233;`, `&#xE9;` and the named characters above; anything else stays as written. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));?/g,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return whole.endsWith(';') ? (ENTITIES.get(name) ?? whole) : whole;
      const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    },
  );
}
