import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { errorForLog } from './logger-options.ts';

describe('errorForLog', () => {
  it('keeps what failed (code, constraint, SQL) and drops what it was given (parameters, key values)', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await db.execute(sql`create table t (email text primary key)`);
    const secret = 'ada.private@example.test';
    await db.execute(sql`insert into t values (${secret})`);
    const failure = await db.execute(sql`insert into t values (${secret})`).then(
      () => null,
      (err: unknown) => err,
    );
    await client.close();
    expect(failure).toBeInstanceOf(Error);
    const logged = errorForLog(failure);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(secret);
    expect(text).toContain('insert into t values ($1)');
    expect(text).toContain('23505');
    expect(text).toContain('t_pkey');
    // A new in-memory PGlite runs initdb: about 2 s alone, over 5 s (the default limit) on a loaded
    // machine. The test measures no time; the limit only bounds a hang.
  }, 30_000);

  it('leaves other values and errors as pino would', () => {
    expect(errorForLog('text')).toBe('text');
    const logged = errorForLog(new Error('plain')) as { message: string; type: string };
    expect(logged).toMatchObject({ message: 'plain', type: 'Error' });
  });

  it('drops an AI provider error’s request and answer bodies at every depth of its causes', () => {
    const provider = Object.assign(new Error('fake error 400'), {
      statusCode: 400,
      requestBodyValues: { messages: [{ role: 'user', content: 'the user’s private text' }] },
      responseBody: '{"error":"private"}',
    });
    const wrapped = new Error('The AI provider returned an error.', { cause: provider });
    const text = JSON.stringify(errorForLog(wrapped));
    expect(text).not.toContain('private');
    expect(text).toContain('"statusCode":400');
  });
});
