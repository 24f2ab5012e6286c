import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInstance, type Instance } from '#bench/scale/instances';
import { createAccessTokens } from '#server/auth/access-token';
import { createTokenRevocations } from '#server/auth/token-revocations';
import { type DatabaseTarget, openDatabase } from '#server/db/client';
import { history, member, organization, organizationPlan, profile, user } from '#server/db/schema';
import { TOOL_SLUGS } from '#shared/tools';
import { createEmptyPostgresDatabase, type TestDatabaseKind } from '#tests/helpers/test-database';

const SECRET = 'bench-secret-that-is-at-least-32-characters-long';
/** The chats of the account with a long history (the growth figure). */
export const HISTORY_CHATS = 10_000;
/** The members of the team that generates at once (the growth figure). */
export const TEAM_MEMBERS = 200;

/** Draftsmith as `npm start` runs it, on a seeded database, and the accounts that call it. */
export interface DraftsmithServer {
  url: string;
  /** The server process's id (its CPU time from /proc). */
  pid: number;
  /** The account that sends the calls: no chats, a free plan without a limit that gets in the way. */
  authorization: string;
  /** An account with HISTORY_CHATS chats. */
  longHistory: string;
  /** TEAM_MEMBERS members of one team on a paid plan, each working in its workspace. */
  team: string[];
  stop(): Promise<void>;
}

/**
 * Writes the accounts straight into the database (through the app's own client, so that its migrations
 * run first), before the server opens it; their bearer tokens are minted with the server's secret.
 */
async function seed(target: DatabaseTarget) {
  const database = await openDatabase(target);
  const { db } = database;
  try {
    const tokens = createAccessTokens(SECRET, createTokenRevocations(null, console));
    const account = async (label: string, org?: string) => {
      const uid = randomUUID();
      const email = `${label}-${uid.slice(0, 8)}@example.test`;
      await db.insert(user).values({ id: uid, email, name: `${label} ${uid.slice(0, 4)}` });
      await db.insert(profile).values({ userId: uid, subscription: 'free' });
      const { token } = await tokens.sign({ sub: uid, email, sid: `bench-${uid}`, org });
      return { uid, authorization: `Bearer ${token}` };
    };
    const caller = await account('caller');
    const long = await account('long-history');
    const now = Date.now();
    for (let i = 0; i < HISTORY_CHATS; i += 500) {
      await db.insert(history).values(
        Array.from({ length: Math.min(500, HISTORY_CHATS - i) }, (_, j) => ({
          userId: long.uid,
          service: TOOL_SLUGS[(i + j) % TOOL_SLUGS.length]!,
          title: `Saved chat ${i + j + 1}`,
          messages: [
            { role: 'user' as const, content: `Topic: saved chat ${i + j + 1}` },
            { role: 'assistant' as const, content: 'A saved answer of a few words. '.repeat(20) },
          ],
          status: 'complete',
          createdAt: new Date(now - (HISTORY_CHATS - i - j) * 1000),
        })),
      );
    }
    const teamId = randomUUID();
    await db
      .insert(organization)
      .values({ id: teamId, name: 'Bench team', slug: `bench-${teamId.slice(0, 8)}` });
    // A paid plan with a seat for each member (seats hold only for a live subscription, team_seat_limit).
    await db.insert(organizationPlan).values({
      organizationId: teamId,
      subscription: 'pro',
      seats: TEAM_MEMBERS,
      stripeSubscriptionId: 'sub_bench',
      subscriptionStatus: 'active',
    });
    const team: string[] = [];
    for (let i = 0; i < TEAM_MEMBERS; i++) {
      const one = await account('member', teamId);
      await db.insert(member).values({
        id: randomUUID(),
        organizationId: teamId,
        userId: one.uid,
        role: i === 0 ? 'owner' : 'member',
      });
      team.push(one.authorization);
    }
    return { caller: caller.authorization, longHistory: long.authorization, team };
  } finally {
    await database.close();
  }
}

/**
 * The built server (dist/server/server.js) with npm start's Node flags, on a fresh database of `kind`
 * (PGlite in its data directory, or a new database on TEST_DATABASE_URL's server; `redis` adds
 * REDIS_URL), the model at `fakeUrl`. BENCH_PROFILE_DIR: the server writes its CPU profile there when it
 * stops (--cpu-prof).
 */
export async function startDraftsmith(
  kind: TestDatabaseKind,
  fakeUrl: string,
  concurrent: number,
  options: { redis?: string; profileDir?: string } = {},
): Promise<DraftsmithServer> {
  const dir = mkdtempSync(join(tmpdir(), 'draftsmith-overhead-'));
  const postgres = kind === 'postgres' ? await createEmptyPostgresDatabase() : null;
  const target: DatabaseTarget = postgres
    ? { kind: 'postgres', url: postgres.url }
    : { kind: 'pglite', dataDir: join(dir, 'draftsmith', 'pglite') };
  if (target.kind === 'pglite') mkdirSync(join(dir, 'draftsmith'), { recursive: true });
  const accounts = await seed(target);
  if (options.profileDir) {
    process.env.BENCH_NODE_FLAGS = `${process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=8 --liftoff-only'} --cpu-prof --cpu-prof-dir=${options.profileDir}`;
  }
  const instance: Instance = await createInstance('draftsmith', dir, {
    BETTER_AUTH_SECRET: SECRET,
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fakeUrl,
    AI_MODEL: 'bench-model',
    // One account sends most requests, `concurrent` of them at once: lift the per-user limits.
    AI_MAX_IN_FLIGHT_PER_USER: String(concurrent),
    AI_RATE_LIMIT_PER_USER: '0',
    AI_QUEUE_LIMIT: String(concurrent * 4),
    FREE_GENERATIONS_PER_MONTH: '1000000',
    // The account with 10,000 chats keeps them all (the default allows 5,000).
    HISTORY_MAX_CHATS_PER_USER: String(HISTORY_CHATS * 2),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(options.redis ? { REDIS_URL: options.redis } : {}),
  });
  await instance.start();
  return {
    url: instance.url,
    pid: instance.pid!,
    authorization: accounts.caller,
    longHistory: accounts.longHistory,
    team: accounts.team,
    async stop() {
      await instance.kill('SIGTERM');
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
