import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitation, organizationPlan } from '#server/db/schema';
import { TEST_ORIGIN } from '#tests/factories/account';
import { organizationCall, type TeamPerson, teamPerson } from '#tests/factories/team-member';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import {
  type FakeStripeServer,
  fakeStripeEnv,
  signedEvent,
  startFakeStripe,
  stripeEvent,
  stripeSubscription,
} from '#tests/fakes/stripe-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A team's subscription through Stripe (ADR 0026): Checkout for the team by an owner or admin, a seat
 * per member as the subscription's quantity, the webhook setting the team's plan and seats, the seats
 * capping who can join, and the portal for the team.
 */
describe('team billing with Stripe', () => {
  let stripe: FakeStripeServer;
  let fake: FakeOpenAiServer;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    fake = await startFakeOpenAi({ text: 'A paid answer.' });
    t = await createTestApp('pglite', {
      ...fakeStripeEnv(stripe.url),
      ...providerEnv(fake.url),
      AUTH_RATE_LIMIT_PER_IP: '0',
      FREE_GENERATIONS_PER_MONTH: '0',
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await fake?.close();
  });

  type Person = TeamPerson;
  const person = () => teamPerson(t.app);
  const org = (who: Person, endpoint: string, payload: object) =>
    organizationCall(t.app, who, endpoint, payload);
  const post = (who: Person, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const deliver = (event: object) => {
    const { payload, headers } = signedEvent(event);
    return t.app.inject({ method: 'POST', url: '/api/billing/webhook', headers, payload });
  };
  /** Invites `who` and returns the invitation's id (read from the database: the mail has its own tests). */
  async function invite(owner: Person, teamId: string, who: Person) {
    expect(
      (await org(owner, 'invite-member', { email: who.email, role: 'member', organizationId: teamId }))
        .statusCode,
    ).toBe(200);
    const [row] = await t.app.database.db
      .select({ id: invitation.id })
      .from(invitation)
      .where(eq(invitation.email, who.email.toLowerCase()));
    return row?.id ?? '';
  }

  it('subscribes a team per seat, sets its plan and seats from the webhook, and caps who can join', async () => {
    const owner = await person();
    const member = await person();
    const slug = `paid-${randomUUID().slice(0, 8)}`;
    const team = (await org(owner, 'create', { name: 'Paid team', slug })).json() as { id: string };
    expect(
      (await org(member, 'accept-invitation', { invitationId: await invite(owner, team.id, member) }))
        .statusCode,
    ).toBe(200);

    // Enterprise is for teams; a member cannot buy for the team.
    const personal = await post(owner, '/api/billing/checkout', { plan: 'enterprise', period: 'monthly' });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().error.message).toBe(
      'The Enterprise plan is for teams: subscribe your team from its page.',
    );
    const byMember = await post(member, '/api/billing/checkout', {
      plan: 'enterprise',
      period: 'monthly',
      organizationId: team.id,
    });
    expect(byMember.statusCode).toBe(403);

    // The owner's checkout: the team's customer, one seat per member at least.
    const before = stripe.requests.length;
    const checkout = await post(owner, '/api/billing/checkout', {
      plan: 'enterprise',
      period: 'yearly',
      organizationId: team.id,
      seats: 1,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [customerCall, , sessionCall] = stripe.requests.slice(before);
    expect(customerCall?.body).toMatchObject({ name: 'Paid team', 'metadata[organizationId]': team.id });
    expect(customerCall?.idempotencyKey).toBe(`draftsmith-team-customer-${team.id}`);
    expect(sessionCall?.body).toMatchObject({
      client_reference_id: `team:${team.id}`,
      'line_items[0][price]': 'price_enterprise_yearly',
      'line_items[0][quantity]': '2',
      'metadata[organizationId]': team.id,
      'subscription_data[metadata][organizationId]': team.id,
      success_url: `${TEST_ORIGIN}/team?checkout=success`,
    });
    const [plan] = await t.app.database.db
      .select()
      .from(organizationPlan)
      .where(eq(organizationPlan.organizationId, team.id));
    expect(plan?.stripeCustomerId).toMatch(/^cus_/);

    // Stripe reports the subscription: the team is on Enterprise with 2 seats.
    const now = new Date();
    const subscription = stripeSubscription({
      id: `sub_${randomUUID().slice(0, 8)}`,
      customer: plan?.stripeCustomerId ?? '',
      price: 'price_enterprise_yearly',
      periodStart: seconds(now),
      periodEnd: seconds(new Date(now.getTime() + 365 * 24 * 3600_000)),
      metadata: { organizationId: team.id, plan: 'enterprise' },
      quantity: 2,
    });
    expect(
      (await deliver(stripeEvent('customer.subscription.created', subscription, seconds(now)))).statusCode,
    ).toBe(200);
    const usage = await t.app.inject({ url: `/api/organizations/${team.id}/usage`, headers: owner.headers });
    expect(usage.json()).toMatchObject({ plan: 'enterprise', seats: 2, limit: null });
    // The owner's own profile is untouched.
    const profile = await t.app.inject({ url: `/api/users/${owner.uid}`, headers: owner.headers });
    expect(profile.json().user.subscription).toBe('free');

    // Working in the team: unlimited, where the own Free plan (0 here) allows nothing.
    expect((await post(member, '/api/generate-article', { topic: 'Personal' })).statusCode).toBe(402);
    await org(member, 'set-active', { organizationId: team.id });
    await member.refresh();
    expect((await post(member, '/api/generate-article', { topic: 'For the team' })).statusCode).toBe(200);

    // Both seats are taken: a third person's invitation cannot be accepted until a seat is added.
    const third = await person();
    const thirdInvitation = await invite(owner, team.id, third);
    const full = await org(third, 'accept-invitation', { invitationId: thirdInvitation });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('conflict:seats_full');
    const more = stripeSubscription({ ...subscriptionFields(subscription), quantity: 3 });
    expect(
      (await deliver(stripeEvent('customer.subscription.updated', more, seconds(now) + 60))).statusCode,
    ).toBe(200);
    expect((await org(third, 'accept-invitation', { invitationId: thirdInvitation })).statusCode).toBe(200);

    // Seats cut below the members in the portal: the team's plan stops counting until seats are added.
    const fewer = stripeSubscription({ ...subscriptionFields(subscription), quantity: 1 });
    expect(
      (await deliver(stripeEvent('customer.subscription.updated', fewer, seconds(now) + 90))).statusCode,
    ).toBe(200);
    expect((await post(member, '/api/generate-article', { topic: 'Over the seats' })).statusCode).toBe(402);
    const enough = stripeSubscription({ ...subscriptionFields(subscription), quantity: 3 });
    expect(
      (await deliver(stripeEvent('customer.subscription.updated', enough, seconds(now) + 100))).statusCode,
    ).toBe(200);
    expect((await post(member, '/api/generate-article', { topic: 'Seats again' })).statusCode).toBe(200);

    // The portal is the team's, for its owners and admins.
    const portal = await post(owner, '/api/billing/portal', { organizationId: team.id });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(stripe.requests.at(-1)?.body).toMatchObject({
      customer: plan?.stripeCustomerId,
      return_url: `${TEST_ORIGIN}/team`,
    });
    expect((await post(member, '/api/billing/portal', { organizationId: team.id })).statusCode).toBe(403);

    // Cancelled: the team falls back to no plan, and its members to their own.
    const deleted = stripeSubscription({ ...subscriptionFields(subscription), status: 'canceled' });
    expect(
      (await deliver(stripeEvent('customer.subscription.deleted', deleted, seconds(now) + 120))).statusCode,
    ).toBe(200);
    expect((await post(member, '/api/generate-article', { topic: 'After' })).statusCode).toBe(402);
  });
});

/** The fields stripeSubscription takes, read back from one it made. */
function subscriptionFields(subscription: ReturnType<typeof stripeSubscription>) {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customer: subscription.customer,
    price: item?.price.id ?? '',
    periodStart: item?.current_period_start ?? 0,
    periodEnd: item?.current_period_end ?? 0,
    metadata: subscription.metadata,
  };
}
