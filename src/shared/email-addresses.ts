/**
 * Addresses as people paste them and mail clients write them (issue 34): `Ana Ruiz <ana@example.com>`,
 * `"Ruiz, Ana" <ana@example.com>`, a bare address, Outlook's `Ana Ruiz [mailto:ana@example.com]` and
 * its `Ruiz, Ana <ana@example.com>; Bob <bob@example.com>`. Best effort, never a throw, and linear in the
 * text's length: each list is scanned once, character by character, with no backtracking regex.
 * Zod-free and without Node APIs (the web uses it too).
 */

/** A person in an address header: their display name ('' if none) and address. */
export interface Mailbox {
  name: string;
  /** '' when a pasted header names the person without an address. */
  address: string;
}

/** An address as mail carries it: one `@`, no spaces, brackets, quotes or separators on either side. */
const ADDRESS = /^[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+$/;
/** A display name needs quotes in a header when it holds one of these (RFC 5322's specials). */
const SPECIALS = /[()<>[\]:;@\\,."]/;

/** 'Ana Ruiz <ana@example.com>', '"Ruiz, Ana" <ana@example.com>', or the address alone without a name. */
export function formatMailbox({ name, address }: Mailbox): string {
  if (!name) return address;
  const shown = SPECIALS.test(name) ? `"${name.replace(/[\\"]/g, '\\$&')}"` : name;
  return address ? `${shown} <${address}>` : shown;
}

export function formatMailboxes(mailboxes: readonly Mailbox[]): string {
  return mailboxes.map(formatMailbox).join(', ');
}

/** Whether two mailboxes are the same address (addresses compare without case). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The mailboxes of an address header's value. Entries are split at `;` when the list uses it (Outlook),
 * else at `,`, never inside quotes or angle brackets; with `,`, a name without an address joined to the
 * next entry that has one is Outlook's unquoted 'Ruiz, Ana <ana@…>'. An entry with no address is kept
 * by its name ('Bob Smith'); an empty one is dropped.
 */
export function parseMailboxes(value: string): Mailbox[] {
  const separator = hasTopLevel(value, ';') ? ';' : ',';
  const entries = splitTopLevel(value, separator);
  const mailboxes: Mailbox[] = [];
  for (let i = 0; i < entries.length; i++) {
    let entry = entries[i] ?? '';
    while (separator === ',' && !entry.includes('@') && /[<[]/.test(entries[i + 1] ?? '')) {
      entry = `${entry},${entries[++i]}`;
    }
    const mailbox = parseMailbox(entry);
    if (mailbox) mailboxes.push(mailbox);
  }
  return mailboxes;
}

/** One entry: an address in `<…>` or `[mailto:…]` with the name around it, a bare address, or a name. */
function parseMailbox(entry: string): Mailbox | null {
  const text = entry.trim();
  if (text === '') return null;
  for (const [open, close] of [
    ['<', '>'],
    ['[', ']'],
  ] as const) {
    const start = text.lastIndexOf(open);
    const end = start < 0 ? -1 : text.indexOf(close, start);
    if (end < 0) continue;
    const address = addressOf(text.slice(start + 1, end));
    if (address) return { name: nameOf(`${text.slice(0, start)} ${text.slice(end + 1)}`, address), address };
  }
  // 'ana@example.com' or 'ana@example.com (Ana Ruiz)': the word with an @ is the address.
  const words = text.split(/\s+/);
  const at = words.findIndex((word) => addressOf(word) !== '');
  if (at >= 0) {
    const address = addressOf(words[at] ?? '');
    return { name: nameOf(words.filter((_, i) => i !== at).join(' '), address), address };
  }
  return { name: nameOf(text, ''), address: '' };
}

function addressOf(text: string): string {
  const address = text
    .trim()
    .replace(/^mailto:/i, '')
    .replace(/^['"]|['"]$/g, '');
  return ADDRESS.test(address) ? address : '';
}

/** A display name without its quotes, a comment's parentheses or spare spaces; '' when it is the address. */
function nameOf(text: string, address: string): string {
  let name = text.replace(/\s+/g, ' ').trim();
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) {
    name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  } else if (name.length >= 2 && name.startsWith('(') && name.endsWith(')')) {
    name = name.slice(1, -1);
  } else if (name.length >= 2 && name.startsWith("'") && name.endsWith("'")) {
    name = name.slice(1, -1);
  }
  name = name.trim();
  return address !== '' && sameAddress(name, address) ? '' : name;
}

/** Calls `each` for every character outside quotes and angle or square brackets. */
function scanTopLevel(value: string, each: (char: string, index: number) => boolean | undefined): void {
  let quoted = false;
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const char = value[i] as string;
    if (quoted) {
      if (char === '\\') i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '<' || char === '[') depth++;
    else if ((char === '>' || char === ']') && depth > 0) depth--;
    else if (depth === 0 && each(char, i)) return;
  }
}

function hasTopLevel(value: string, separator: string): boolean {
  let found = false;
  scanTopLevel(value, (char) => {
    found = char === separator;
    return found;
  });
  return found;
}

function splitTopLevel(value: string, separator: string): string[] {
  const entries: string[] = [];
  let start = 0;
  scanTopLevel(value, (char, index) => {
    if (char !== separator) return false;
    entries.push(value.slice(start, index));
    start = index + 1;
    return false;
  });
  entries.push(value.slice(start));
  return entries;
}
