import { describe, expect, it } from 'vitest';
import { postgresLocation } from './postgres-location.ts';

describe('postgresLocation', () => {
  it('keeps host, port, database and user, never the password', () => {
    const location = postgresLocation('postgres://ada:s3cret@db.internal:6543/drafts?sslmode=verify-full');
    expect(location).toEqual({
      label: 'db.internal:6543/drafts',
      server: 'db.internal:6543',
      database: 'drafts',
      user: 'ada',
    });
    expect(JSON.stringify(location)).not.toContain('s3cret');
  });

  it("fills in pg's defaults: port 5432, the user's name as database, localhost", () => {
    expect(postgresLocation('postgresql://ada@db.internal')).toEqual({
      label: 'db.internal:5432/ada',
      server: 'db.internal:5432',
      database: 'ada',
      user: 'ada',
    });
    expect(postgresLocation('postgres:///drafts').label).toBe('localhost:5432/drafts');
    expect(postgresLocation('postgres://[::1]:5433/d%20b').label).toBe('[::1]:5433/d b');
  });

  it('never fails on a URL it cannot read', () => {
    expect(postgresLocation('postgres://u:p@[bad').label).toBe('the server in DATABASE_URL');
  });
});
