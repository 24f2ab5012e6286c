/** Keyset cursor for history pages: the (createdAt, id) of the last chat on the previous page. */
export interface HistoryCursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

/** The cursor, or null when the string is not one this server made. */
export function decodeCursor(value: string): HistoryCursor | null {
  const [iso, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!iso || !id || !UUID.test(id)) return null;
  const createdAt = new Date(iso);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id };
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
