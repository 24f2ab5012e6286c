/**
 * Keyset cursor for paged lists (history chats, the admin's users): the (createdAt, id) of the last row
 * on the previous page, opaque to clients.
 */
export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

/** The cursor, or null when the string is not one this server made (`isId` checks the id's form). */
export function decodeCursor(value: string, isId: (id: string) => boolean = isUuid): KeysetCursor | null {
  const [iso, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!iso || !id || rest.length > 0 || !isId(id)) return null;
  const createdAt = new Date(iso);
  const year = createdAt.getUTCFullYear();
  // A date PostgreSQL's timestamptz can hold, and that a row of ours could have.
  return Number.isNaN(createdAt.getTime()) || year < 1970 || year > 9999 ? null : { createdAt, id };
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
