import { CONTROL_CHARACTER } from '#shared/text';
import { AppError } from './errors.ts';

/**
 * The one input rule every route follows, whatever its own schema (SECURITY.md, "Input"): no string a
 * client sends (a body's values and keys, the query, the path's parameters, a form's fields) holds a
 * control character, except tab, line feed and carriage return, which text may hold. PostgreSQL's text
 * cannot store U+0000 at all, and the others only hide text from the person who reads it (in a title,
 * a name, a mail). Checked once, before any route's own validation, for the app's routes and
 * better-auth's alike.
 */

/** How deep a body is searched: deeper than any route's schema, shallow enough to stay cheap. */
const MAX_DEPTH = 16;

export interface ControlCharacterFound {
  /** Where: `title`, `messages.0.content`, `query.q`, or '' for the value itself. */
  path: string;
  /** The character as U+XXXX. */
  codePoint: string;
}

function codePointOf(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function joinPath(base: string, key: string): string {
  return base ? `${base}.${key}` : key;
}

/** The first control character in `value` (a string, or any string, key or nested value of it), or null. */
export function findControlCharacter(value: unknown, path = '', depth = 0): ControlCharacterFound | null {
  if (typeof value === 'string') {
    const match = CONTROL_CHARACTER.exec(value);
    return match ? { path, codePoint: codePointOf(match[0]) } : null;
  }
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  // No route takes anything nested this deep: refused rather than left unread.
  if (depth > MAX_DEPTH) return { path, codePoint: '' };
  for (const [key, item] of Object.entries(value)) {
    const keyMatch = CONTROL_CHARACTER.exec(key);
    if (keyMatch) return { path: joinPath(path, '(a field name)'), codePoint: codePointOf(keyMatch[0]) };
    const found = findControlCharacter(item, joinPath(path, key), depth + 1);
    if (found) return found;
  }
  return null;
}

/** 400 `bad_request:validation` for the first control character in `value`, naming the field. */
export function refuseControlCharacters(value: unknown, path = ''): void {
  const found = findControlCharacter(value, path);
  if (!found) return;
  if (found.codePoint === '') {
    throw new AppError('bad_request:validation', 'The request is nested too deeply to be read.');
  }
  const where = found.path ? ` in ${found.path}` : '';
  throw new AppError(
    'bad_request:validation',
    `The request contains a control character (${found.codePoint})${where}, which no field allows.`,
  );
}
