import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLive } from '#server/billing/subscription-change';
import { member, organizationPlan } from '#server/db/schema';
import { teamSeatLimit } from '#server/teams/team-seats';
import { TEST_ORIGIN } from '#tests/factories/account';
import { organizationCall, teamPerson } from '#tests/factories/team-member';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

const SEATS_FULL = {
  code: 'conflict:seats_full',
  message: 'This team has no free seat. Ask the team’s owner to add seats, then accept the invitation again.',
};

/**
 * Paid seats hold in the database (teams/team-seats.ts, the `member_seats` trigger): invitations
 * accepted at the same moment never make a team larger than the seats its subscription pays for.
 */
async function seatRace(apps: FastifyInstance[], invitees: number, seats: number) {
  const [first] = apps as [FastifyInstance];
  const owner = await teamPerson(first);
  const slug = `seats-${Math.random().toString(36).slice(2, 10)}`;
  const created = await organizationCall(first, owner, 'create', { name: 'Seat race', slug });
  expect(created.statusCode, created.body).toBe(200);
  const teamId = (created.json() as { id: string }).id;
  await first.database.db.insert(organizationPlan).values({
    organizationId: teamId,
    subscription: 'pro',
    seats,
    stripeSubscriptionId: `sub_${slug}`,
    subscriptionStatus: 'active',
  });
  const people = await Promise.all(Array.from({ length: invitees }, () => teamPerson(first)));
  const invitationIds: string[] = [];
  for (const who of people) {
    const invited = await organizationCall(first, owner, 'invite-member', {
      email: who.email,
      role: 'member',
      organizationId: teamId,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    invitationIds.push((invited.json() as { id: string }).id);
  }
  // Every invitee accepts at once, spread over the instances.
  const answers = await Promise.all(
    people.map((who, i) =>
      organizationCall(apps[i % apps.length] as FastifyInstance, who, 'accept-invitation', {
        invitationId: invitationIds[i],
      }),
    ),
  );
  const members = await first.database.db.select().from(member).where(eq(member.organizationId, teamId));
  return { answers, members, owner, teamId, people, invitationIds };
}

describe('paid seats under races (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_IP: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('8 invitations accepted at once on a 2-seat team: exactly 2 members, the others 409', async () => {
    const { answers, members } = await seatRace([t.app], 8, 2);
    expect(members).toHaveLength(2);
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(answer.json().error).toEqual(SEATS_FULL);
  });

  it('a refused invitation stays pending, and is accepted once the owner adds a seat', async () => {
    const { people, invitationIds, teamId, answers } = await seatRace([t.app], 2, 2);
    const refusedAt = answers.findIndex((a) => a.statusCode === 409);
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    // Asked again without a free seat: the same answer, also from better-auth's own check.
    const who = people[refusedAt] as Awaited<ReturnType<typeof teamPerson>>;
    const again = await organizationCall(t.app, who, 'accept-invitation', {
      invitationId: invitationIds[refusedAt],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(SEATS_FULL);
    await t.app.database.db
      .update(organizationPlan)
      .set({ seats: 3 })
      .where(eq(organizationPlan.organizationId, teamId));
    const accepted = await organizationCall(t.app, who, 'accept-invitation', {
      invitationId: invitationIds[refusedAt],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('counts paid seats only while the subscription is live, as billing does; else 100', async () => {
    const owner = await teamPerson(t.app);
    const slug = `live-${Math.random().toString(36).slice(2, 10)}`;
    const teamId = (
      (await organizationCall(t.app, owner, 'create', { name: 'Live seats', slug })).json() as { id: string }
    ).id;
    expect(await teamSeatLimit(t.app.database.db, teamId)).toBe(100);
    await t.app.database.db
      .insert(organizationPlan)
      .values({ organizationId: teamId, subscription: 'pro', seats: 7, stripeSubscriptionId: `sub_${slug}` });
    const statuses = ['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired'];
    for (const status of [...statuses, 'unpaid', 'paused']) {
      await t.app.database.db
        .update(organizationPlan)
        .set({ subscriptionStatus: status })
        .where(eq(organizationPlan.organizationId, teamId));
      expect(await teamSeatLimit(t.app.database.db, teamId), status).toBe(isLive(status) ? 7 : 100);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('paid seats across two instances (postgres)', () => {
  let instances: TestInstances | undefined;
  beforeAll(async () => {
    instances = await createTestInstances(2, {
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_RATE_LIMIT_PER_IP: '0',
    });
  });
  afterAll(async () => {
    await instances?.close();
  });

  it('8 invitations accepted at once through two instances on a 2-seat team: exactly 2 members', async () => {
    const { answers, members } = await seatRace(instances?.apps ?? [], 8, 2);
    expect(members).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(answer.json().error).toEqual(SEATS_FULL);
  });
});
