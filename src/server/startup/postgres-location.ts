/**
 * Where a DATABASE_URL points, for people: `host:port/database` and the user, never the password (start
 * errors and the start banner print these). Null parts fall back to what pg would use.
 */
export interface PostgresLocation {
  /** `host:port/database`, e.g. `db.internal:5432/draftsmith`. */
  label: string;
  /** `host:port`. */
  server: string;
  database: string;
  user: string | null;
}

export function postgresLocation(databaseUrl: string): PostgresLocation {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return {
      label: 'the server in DATABASE_URL',
      server: 'the server in DATABASE_URL',
      database: '',
      user: null,
    };
  }
  const user = url.username ? decodeSafely(url.username) : null;
  const server = `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  const database = decodeSafely(url.pathname.replace(/^\/+/, '')) || (user ?? '');
  return { label: database ? `${server}/${database}` : server, server, database, user };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
