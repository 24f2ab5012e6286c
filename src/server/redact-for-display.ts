/**
 * Text from configuration or errors, made safe to show outside the server log: URLs keep only their
 * scheme, host and file name (no user, password, query, fragment or directories), `user:pass@host/…`
 * without a scheme only its host and file name, `hf:` references only their file name, absolute
 * file-system paths (after white space or any delimiter) their base name; the values of secret-named
 * assignments (`token=`, `api_key:`, `"password": "…"`) and strings shaped like API tokens are masked.
 * Anything else passes through unchanged. The full text belongs in the log only.
 */
export function redactForDisplay(text: string): string {
  return text.replace(SENSITIVE, (match: string, ...rest: unknown[]) => {
    const found = rest.at(-1) as Record<string, string | undefined>;
    if (found.token) return REDACTED;
    if (found.name !== undefined && found.value !== undefined) return found.name + masked(found.value);
    const { body, tail } = splitTrailingPunctuation(match);
    if (found.url) return displayUrl(body) + tail;
    if (found.hf) return `hf:${ELLIPSIS}/${baseName(body.slice('hf:'.length))}${tail}`;
    if (found.userinfo) return displayUrl(`http://${body}`, { scheme: false }) + tail;
    if (found.path) return baseName(body) + tail;
    return match;
  });
}

const REDACTED = '[redacted]';
const ELLIPSIS = '…';
/** One piece of a URL or path: up to white space, a quote or angle bracket. */
const PART = /[^\s"'<>`]/.source;

// One pass, leftmost match first, so a replacement is never scanned again (the `//` of a shortened URL
// is not a path). At one position the first alternative wins.
const SENSITIVE = new RegExp(
  [
    // A secret-named key (…token, …key, …secret, …password…), `=` or `:`, and its value (quoted or not;
    // after `:` an unquoted value must follow at once, so prose like "API key: check it" stays).
    /(?<name>\b[\w.-]*?(?:token|key|secret|password|passwd|credentials?|signature|sig)["']?(?:\s*=\s*|:\s*(?=["'])|:))(?<value>"[^"]*"|'[^']*'|[^\s&;,"'<>`)\]}]+)/
      .source,
    // A URL, and the words after a space that still look like its path or query (a space in a URL).
    `(?<url>\\b[a-z][a-z\\d+.-]*:\\/\\/${PART}+(?: ${PART}*[/?#=&%]${PART}*)*|\\bfile:\\/${PART}+)`,
    `(?<hf>\\bhf:${PART}+)`,
    // Credentials without a scheme: user:password@host…
    /(?<userinfo>\b[^\s"'<>`:/@]+:[^\s"'<>`/@]*@[^\s"'<>`]+)/.source,
    // Absolute paths start at the start, after white space or a delimiter.
    `(?<path>(?<=^|[\\s"'(=,[\`:])(?:\\/${PART}+|~\\/${PART}*|[a-z]:[\\\\/]${PART}*|\\\\\\\\${PART}+))`,
    // Hugging Face, OpenAI/Anthropic, Google, GitHub, Slack and GitLab key shapes, and what follows "Bearer".
    /(?<token>\bhf_[A-Za-z\d]{20,}|\bsk-[\w-]{16,}|\bAIza[\w-]{30,}|\bgh[pousr]_[A-Za-z\d]{20,}|\bgithub_pat_\w{20,}|\bxox[abprs]-[\w-]{10,}|\bglpat-[\w-]{20,}|(?<=\bBearer\s+)[\w.~+/-]{8,}=*)/
      .source,
  ].join('|'),
  'gi',
);

/** A masked value, in the quotes it came in. */
function masked(value: string): string {
  const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
  return `${quote}${REDACTED}${quote}`;
}

function splitTrailingPunctuation(text: string): { body: string; tail: string } {
  const tail = /[.,;:!?)\]]+$/.exec(text)?.[0] ?? '';
  return { body: text.slice(0, text.length - tail.length), tail };
}

function displayUrl(text: string, { scheme = true } = {}): string {
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
  return `${scheme ? `${url.protocol}//` : ''}${url.host}${path}`;
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
