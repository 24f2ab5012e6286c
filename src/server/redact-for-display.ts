/**
 * Text from configuration or errors, made safe to show outside the server log: URLs keep only their
 * scheme, host and file name (no user, password, query, fragment or directories), `hf:` references keep
 * only their file name, absolute file-system paths become their base name, and strings shaped like API
 * tokens are masked. Anything else passes through unchanged. The full text belongs in the log only.
 */
export function redactForDisplay(text: string): string {
  return text.replace(SENSITIVE, (match, url, hf, path, token) => {
    if (token) return REDACTED;
    const { body, tail } = splitTrailingPunctuation(match);
    if (url) return displayUrl(body) + tail;
    if (hf) return `hf:${ELLIPSIS}/${baseName(body.slice('hf:'.length))}${tail}`;
    if (path) return baseName(body) + tail;
    return match;
  });
}

const REDACTED = '[redacted]';
const ELLIPSIS = '…';

// One pass, leftmost match first, so a replacement is never scanned again (the `//` of a shortened URL
// is not a path). Paths start a word: at the start, after white space, a quote, `(`, `=` or `,`.
const SENSITIVE = new RegExp(
  [
    /(\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>`]+)/.source,
    /(\bhf:[^\s"'<>`]+)/.source,
    /((?<=^|[\s"'(=,[`])(?:\/[^\s"'<>`]+|~\/[^\s"'<>`]*|[a-z]:[\\/][^\s"'<>`]*|\\\\[^\s"'<>`]+))/.source,
    // Hugging Face, OpenAI/Anthropic and Google key shapes, and whatever follows "Bearer".
    /(\bhf_[A-Za-z\d]{20,}|\bsk-[\w-]{16,}|\bAIza[\w-]{30,}|(?<=\bBearer\s+)[\w.~+/-]{8,}=*)/.source,
  ].join('|'),
  'gi',
);

function splitTrailingPunctuation(text: string): { body: string; tail: string } {
  const tail = /[.,;:!?)\]]+$/.exec(text)?.[0] ?? '';
  return { body: text.slice(0, text.length - tail.length), tail };
}

function displayUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '[URL]';
  }
  if (url.protocol === 'file:') return baseName(decodeSafely(url.pathname));
  const segments = url.pathname.split('/').filter(Boolean);
  const file = segments.at(-1);
  const path = file ? `/${segments.length > 1 ? `${ELLIPSIS}/` : ''}${file}` : '';
  return `${url.protocol}//${url.host}${path}`;
}

/** The last segment of a POSIX or Windows path (a trailing separator ignored). */
function baseName(path: string): string {
  const segments = path.split(/[\\/]+/).filter(Boolean);
  return segments.at(-1) ?? path;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
