/** Text rules shared by server and web (docs/product.md §3, §4, §9). */

export const SIDEBAR_CUT = 20;
export const REQUEST_TITLE_CUT = 100;

/** Longer than `max` characters → first `max` characters plus '...'. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Sidebar chat titles: over 20 characters → 20 plus '...'. */
export function cutSidebarTitle(title: string): string {
  return cutText(title, SIDEBAR_CUT);
}

/** User block display name: 20 characters or longer → first 20 plus '...' (docs/product.md §2). */
export function cutDisplayName(name: string): string {
  return name.length >= SIDEBAR_CUT ? `${name.slice(0, SIDEBAR_CUT)}...` : name;
}

/**
 * Request display title (docs/product.md §3). For form data: the text field cut to 100 characters, else the
 * uploaded file's name. For an object: the prompt field cut the same way, else the first string value,
 * else 'Untitled request'.
 */
export function requestDisplayTitle(request: FormData | Record<string, unknown>): string {
  if (typeof FormData !== 'undefined' && request instanceof FormData) {
    const text = request.get('text');
    if (typeof text === 'string' && text.length > 0) return cutText(text, REQUEST_TITLE_CUT);
    const file = request.get('file');
    if (file && typeof file === 'object' && 'name' in file && file.name) return String(file.name);
    return 'Untitled request';
  }
  const record = request as Record<string, unknown>;
  if (typeof record.prompt === 'string' && record.prompt.length > 0) {
    return cutText(record.prompt, REQUEST_TITLE_CUT);
  }
  const first = Object.values(record).find((v): v is string => typeof v === 'string' && v.length > 0);
  return first !== undefined ? cutText(first, REQUEST_TITLE_CUT) : 'Untitled request';
}

/** Busy label from the wording of the action (docs/product.md §4); 'refactr' is the product's misspelt keyword, kept. */
export function busyLabel(action: string): string {
  const a = action.toLowerCase();
  if (a.includes('explain')) return 'Explaining...';
  if (a.includes('refactr') || a.includes('refactor')) return 'Refactoring...';
  if (a.includes('summarize')) return 'Summarizing...';
  if (a.includes('optimize')) return 'Optimizing...';
  if (a.includes('generate')) return 'Generating...';
  return 'Thinking...';
}

/** 50 MB, 1.5 MB, 20 KB, 900 bytes. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 10) return `${Math.round(mb)} MB`;
  if (mb >= 1) return `${Number(mb.toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * Control characters no field takes (the server's one input rule, server/input-rules.ts): every C0 and C1
 * control but tab, line feed and carriage return.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * `text` without control characters: what the web app sends of what a person typed or pasted (text from
 * a PDF can carry form feeds), so a paste never fails the server's rule.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '');
}
