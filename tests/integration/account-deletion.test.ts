import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq, getTableName, is } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema';
import { createAccount, requestToken, signUp, TEST_ORIGIN } from '#tests/factories/account';
import type { TestUser } from '#tests/factories/user';
import type { FakeOpenAiServer } from '#tests/fakes/openai-server';
import { createFakeModelApp } from '#tests/helpers/fake-model-app';
import { multipartPayload } from '#tests/helpers/multipart';
import { uploadPhoto } from '#tests/helpers/photos';
import type { TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const SAMPLE = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'documents', 'sample.txt'));

/** Every table of the schema, and the columns of each that name a user (a foreign key to user.id). */
const TABLES = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];
function userColumns(table: PgTable): PgColumn[] {
  if (table === schema.user) return [schema.user.id];
  const config = getTableConfig(table);
  return config.foreignKeys
    .filter((fk) => fk.reference().foreignTable === schema.user)
    .flatMap((fk) => fk.reference().columns);
}

/**
 * Account deletion (issue 13) through better-auth's POST /api/auth/delete-user: the password first, then
 * every row and file of the user gone, every token refused at once, and the address free again.
 */
describe.each(testDatabaseKinds())('account deletion (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    ({ t, fake } = await createFakeModelApp(kind, {
      AI_RATE_LIMIT_PER_USER: '0',
    }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A signed-up account with a profile, a photo, a chat made from a document and a plain chat. */
  async function fullAccount() {
    const account = await createAccount(t.app);
    const minted = await requestToken(t.app, account.cookie, account.email);
    expect(minted.statusCode, minted.body).toBe(200);
    const headers = { authorization: `Bearer ${minted.json().token}` };
    const user: TestUser & typeof account = { ...account, token: minted.json().token, headers };
    expect((await t.app.inject({ method: 'POST', url: '/api/users', headers, payload: {} })).statusCode).toBe(
      201,
    );
    const photo = await uploadPhoto(t.app, user);
    expect(photo.statusCode, photo.body).toBe(200);
    const { payload, headers: form } = await multipartPayload(
      {},
      { field: 'file', name: 'notes.txt', content: SAMPLE },
    );
    const summary = await t.app.inject({
      method: 'POST',
      url: '/api/doc-summarizer',
      headers: { ...headers, ...form },
      payload,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/history',
      headers,
      payload: {
        uid: account.uid,
        service: 'article-generator',
        title: 'Plain chat',
        messages: [{ role: 'user', content: 'hi' }],
      },
    });
    expect(chat.statusCode, chat.body).toBe(201);
    return { ...user, photoKey: photo.json().user.photoURL.slice('/api/uploads/'.length) as string };
  }

  const deleteUser = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { origin: TEST_ORIGIN, cookie },
      payload,
    });
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const key of t.app.fileStorage.keys()) keys.push(key);
    return keys;
  };
  const documentKeys = async (uid: string) =>
    (await t.app.database.db.select().from(schema.history).where(eq(schema.history.userId, uid)))
      .map((row) => row.file?.key)
      .filter((key): key is string => key !== undefined);
  /** Rows naming this user, table by table (only the tables that have some). */
  async function rowsOf(uid: string): Promise<Record<string, number>> {
    const found: Record<string, number> = {};
    for (const table of TABLES) {
      for (const column of userColumns(table)) {
        const [row] = await t.app.database.db.select({ n: count() }).from(table).where(eq(column, uid));
        if (row && row.n > 0) found[`${getTableName(table)}.${column.name}`] = row.n;
      }
    }
    return found;
  }

  it('has every reference to a user cascade, and no user column without one', () => {
    for (const table of TABLES) {
      const config = getTableConfig(table);
      for (const fk of config.foreignKeys) {
        if (fk.reference().foreignTable === schema.user) expect(fk.onDelete, config.name).toBe('cascade');
      }
      const referencing = new Set(userColumns(table).map((c) => c.name));
      for (const column of config.columns) {
        if (/^(user_?id|reference_?id|owner_?id)$/i.test(column.name) && table !== schema.user)
          expect(referencing.has(column.name), `${config.name}.${column.name} references user`).toBe(true);
      }
    }
  });

  it('deletes every row and file of the user, refuses the old token at once, and frees the address', async () => {
    const other = await fullAccount();
    const ada = await fullAccount();
    const adaDocuments = await documentKeys(ada.uid);
    expect(adaDocuments).toHaveLength(1);
    const adaFiles = [ada.photoKey, ...adaDocuments];
    const otherFiles = [other.photoKey, ...(await documentKeys(other.uid))];
    expect(await storedKeys()).toEqual(expect.arrayContaining([...adaFiles, ...otherFiles]));
    // The check below can fail: before, every table the account touches has its rows.
    expect(Object.keys(await rowsOf(ada.uid)).sort()).toEqual(
      [
        'account.userId',
        'generation_usage.userId',
        'history.userId',
        'profile.userId',
        'session.userId',
        'user.id',
      ].sort(),
    );

    // A password reset asked for before: its verification row names the user without a foreign key.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: ada.email },
    });
    expect(reset.statusCode).toBe(200);
    const verificationRows = async (uid: string) =>
      (await t.app.database.db.select().from(schema.verification)).filter((row) => row.value.includes(uid));
    await expect.poll(async () => (await verificationRows(ada.uid)).length).toBe(1);

    const res = await deleteUser(ada.cookie, { password: ada.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User deleted' });

    expect(await rowsOf(ada.uid)).toEqual({});
    expect(await verificationRows(ada.uid)).toEqual([]);
    const left = await storedKeys();
    for (const key of adaFiles) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining(otherFiles));
    expect(Object.keys(await rowsOf(other.uid))).toContain('history.userId');

    // The token issued before: refused on the spot, not when it expires.
    const after = await t.app.inject({ url: `/api/history/${ada.uid}`, headers: ada.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized:token');
    expect((await t.app.inject({ url: `/api/users/${other.uid}`, headers: other.headers })).statusCode).toBe(
      200,
    );
    // The session cookie is over too.
    expect((await requestToken(t.app, ada.cookie, ada.email)).statusCode).toBe(401);

    const again = await signUp(t.app, { name: 'ada-again', email: ada.email, password: 'Another#123' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.id).not.toBe(ada.uid);
  });

  it('refuses a wrong or missing password and deletes nothing', async () => {
    const bob = await fullAccount();
    const before = await rowsOf(bob.uid);
    const wrong = await deleteUser(bob.cookie, { password: 'Wrong#1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('bad_request:invalid_password');
    const missing = await deleteUser(bob.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({
      code: 'bad_request:password_required',
      message: 'Enter your password to delete your account.',
    });
    expect(await rowsOf(bob.uid)).toEqual(before);
    expect(await storedKeys()).toEqual(
      expect.arrayContaining([bob.photoKey, ...(await documentKeys(bob.uid))]),
    );
    expect((await t.app.inject({ url: `/api/users/${bob.uid}`, headers: bob.headers })).statusCode).toBe(200);
  });

  it('needs a signed-in session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { origin: TEST_ORIGIN },
      payload: { password: 'Secret#123' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('takes a fresh session instead of a password from an account without one, never a stale session', async () => {
    const carol = await createAccount(t.app);
    // As a social-only account: no password of its own.
    await t.app.database.db.delete(schema.account).where(eq(schema.account.userId, carol.uid));
    await t.app.database.db
      .update(schema.session)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
      .where(eq(schema.session.userId, carol.uid));
    const stale = await deleteUser(carol.cookie, {});
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('bad_request:session_expired');
    expect(await rowsOf(carol.uid)).toHaveProperty(['user.id'], 1);

    await t.app.database.db
      .update(schema.session)
      .set({ createdAt: new Date() })
      .where(eq(schema.session.userId, carol.uid));
    const fresh = await deleteUser(carol.cookie, {});
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await rowsOf(carol.uid)).toEqual({});
  });
});
