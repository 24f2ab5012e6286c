import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generationUsage,
  history,
  invitation,
  member as membership,
  organizationPlan,
} from '#server/db/schema';
import { createAccount, requestToken, TEST_ORIGIN, verifyEmail } from '#tests/factories/account';
import { saveChat } from '#tests/factories/chat';
import { organizationCall, type TeamPerson, teamPerson } from '#tests/factories/team-member';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { type FakeSmtpServer, startFakeSmtp } from '#tests/fakes/smtp-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { firstLink } from '#tests/helpers/mail-message';
import { multipartPayload } from '#tests/helpers/multipart';
import { textPdf } from '#tests/helpers/pdf-writer';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

const ADMIN_EMAIL = 'teams-admin@example.test';
const FREE_REFUSAL =
  'You have used the 1 generation of your Free plan this month. Upgrade for more generations.';

/**
 * Teams (ADR 0026): better-auth's organization endpoints with invitations by mail, a team's plan that
 * counts its members' generations in its workspace, usage per member, and chats shared with a team;
 * members, non-members, former members and other teams' admins each see what they may, and no more.
 */
describe.each(testDatabaseKinds())('teams (%s)', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let fake: FakeOpenAiServer;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    fake = await startFakeOpenAi({ text: 'A team answer.' });
    t = await createTestApp(kind, {
      ...providerEnv(fake.url),
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      AUTH_RATE_LIMIT_PER_IP: '0',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '0',
      FREE_GENERATIONS_PER_MONTH: '1',
      AI_RATE_LIMIT_PER_USER: '0',
      AI_MAX_IN_FLIGHT_PER_USER: '1000',
      AI_QUEUE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    await fake?.close();
  });

  type Person = TeamPerson;
  const person = (email?: string) => teamPerson(t.app, email);
  let adminAccount: Promise<Person> | undefined;
  /** The server's administrator (ADMIN_EMAILS), signed up once for the file. */
  const theAdmin = () => {
    adminAccount ??= person(ADMIN_EMAIL);
    return adminAccount;
  };
  const org = (who: Person, endpoint: string, payload?: object) =>
    organizationCall(t.app, who, endpoint, payload);
  const api = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  /** A chat the person saves (through POST /api/history); its id. */
  const save = async (who: Person, title: string, answer = 'The answer.') => {
    const user = {
      uid: who.uid,
      email: who.email,
      name: who.name,
      token: who.headers.authorization.slice('Bearer '.length),
      headers: who.headers,
    };
    return (await saveChat(t.app, user, { title, answer })).id;
  };
  const generate = (who: Person) =>
    api(who, 'POST', '/api/generate-article', { topic: 'Quarterly planning for small teams' });

  /** The next invitation mail to `email` (its sign-up's verification mail may come before it). */
  async function invitationMail(email: string) {
    for (;;) {
      const mail = await smtp.nextMessageTo(email);
      if (mail.subject === 'You are invited to a team on Draftsmith') return mail;
    }
  }
  const invitationIdOf = (mail: { text: string }) =>
    new URL(firstLink(mail.text)).pathname.split('/').pop() ?? '';

  /** `owner` makes a team, invites `invitee` as `role` by mail, and the invitee accepts through the link. */
  async function teamOf(owner: Person, invitees: { who: Person; role: 'member' | 'admin' }[]) {
    const slug = `team-${Math.random().toString(36).slice(2, 10)}`;
    const created = await org(owner, 'create', { name: `Team ${slug}`, slug });
    expect(created.statusCode, created.body).toBe(200);
    const team = created.json() as { id: string; name: string };
    for (const { who, role } of invitees) {
      const invited = await org(owner, 'invite-member', { email: who.email, role, organizationId: team.id });
      expect(invited.statusCode, invited.body).toBe(200);
      const id = invitationIdOf(await invitationMail(who.email));
      const accepted = await org(who, 'accept-invitation', { invitationId: id });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    return team;
  }

  it('invites by mail with a week to accept; a cancelled, declined or expired invitation cannot be accepted', async () => {
    const owner = await person();
    const team = await teamOf(owner, []);
    const invitee = await person();
    const invited = await org(owner, 'invite-member', {
      email: invitee.email,
      role: 'member',
      organizationId: team.id,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const sent = invited.json() as { id: string; expiresAt: string };
    const week = Date.parse(sent.expiresAt) - Date.now();
    expect(week).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(week).toBeLessThanOrEqual(7 * 24 * 3600_000);

    const mail = await invitationMail(invitee.email);
    // Neither name in the subject: both are the inviter's to choose (finding 8 of issue 28).
    expect(mail.subject).toBe('You are invited to a team on Draftsmith');
    expect(mail.text).toContain(`${owner.name} (${owner.email}) invited you to join the team “${team.name}”`);
    // The link carries the invited address, for the sign-up form of someone without an account.
    expect(firstLink(mail.text)).toBe(
      `${TEST_ORIGIN}/accept-invitation/${sent.id}?email=${encodeURIComponent(invitee.email)}`,
    );
    expect(mail.text).toContain('expires in 7 days');

    // The invitation as its page shows it, then cancelled by the owner: it can no longer be accepted.
    const shown = await org(invitee, `get-invitation?id=${sent.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ organizationName: team.name, role: 'member', status: 'pending' });
    // The server's own view of it names the inviter too, for its invitee only.
    const own = await api(invitee, 'GET', `/api/invitations/${sent.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({
      id: sent.id,
      organizationId: team.id,
      organizationName: team.name,
      email: invitee.email,
      role: 'member',
      status: 'pending',
      expiresAt: expect.any(String),
      inviter: { name: owner.name, email: owner.email },
    });
    const notTheirs = await api(await person(), 'GET', `/api/invitations/${sent.id}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.code).toBe('not_found:invitation');
    expect((await api(owner, 'GET', `/api/invitations/${sent.id}`)).statusCode).toBe(404);
    expect((await api(invitee, 'GET', '/api/invitations/no-such-id')).statusCode).toBe(404);
    expect((await org(owner, 'cancel-invitation', { invitationId: sent.id })).statusCode).toBe(200);
    // Cancelled, it still shows, as cancelled: the page says why it cannot be used.
    expect((await api(invitee, 'GET', `/api/invitations/${sent.id}`)).json()).toMatchObject({
      status: 'canceled',
    });
    expect((await org(invitee, 'accept-invitation', { invitationId: sent.id })).statusCode).toBe(400);

    // Declined: gone too.
    const again = await org(owner, 'invite-member', {
      email: invitee.email,
      role: 'member',
      organizationId: team.id,
    });
    const secondId = (again.json() as { id: string }).id;
    expect((await org(invitee, 'reject-invitation', { invitationId: secondId })).statusCode).toBe(200);
    expect((await org(invitee, 'accept-invitation', { invitationId: secondId })).statusCode).toBe(400);

    // Expired: a week has passed.
    const third = await org(owner, 'invite-member', {
      email: invitee.email,
      role: 'admin',
      organizationId: team.id,
    });
    const thirdId = (third.json() as { id: string }).id;
    await t.app.database.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, thirdId));
    expect((await org(invitee, 'accept-invitation', { invitationId: thirdId })).statusCode).toBe(400);

    // Another account cannot take an invitation meant for someone else.
    const fourth = await org(owner, 'invite-member', {
      email: invitee.email,
      role: 'member',
      organizationId: team.id,
    });
    const fourthId = (fourth.json() as { id: string }).id;
    const stranger = await person();
    expect((await org(stranger, 'accept-invitation', { invitationId: fourthId })).statusCode).toBe(403);
    expect((await org(invitee, 'accept-invitation', { invitationId: fourthId })).statusCode).toBe(200);

    // Only owners and admins invite; the role must be member or admin.
    const byMember = await org(invitee, 'invite-member', {
      email: 'someone@example.test',
      role: 'member',
      organizationId: team.id,
    });
    expect(byMember.statusCode).toBe(403);
    const asOwner = await org(owner, 'invite-member', {
      email: 'someone@example.test',
      role: 'owner',
      organizationId: team.id,
    });
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().error.message).toBe('The role must be member or admin.');
  });

  it('checks a new team’s name and slug before better-auth sees them, and keeps no logo or metadata', async () => {
    const owner = await person();
    for (const [payload, message] of [
      [{ name: 'Acme\nClick https://evil.example', slug: 'acme' }, 'A team name must be one line of text.'],
      [{ name: 'x'.repeat(61), slug: 'acme' }, 'A team name can be at most 60 characters.'],
      [{ name: '  ', slug: 'acme' }, 'Please enter a name for the team.'],
      [{ name: 'Acme', slug: 'AB CD/../x' }, /lower-case letters and digits/],
      [{ name: 'Acme' }, /lower-case letters and digits/],
    ] as const) {
      const res = await org(owner, 'create', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const slug = `clean-${Math.random().toString(36).slice(2, 8)}`;
    const made = await org(owner, 'create', {
      name: '  Clean Team  ',
      slug,
      logo: 'javascript:alert(1)',
      metadata: { big: 'x'.repeat(50_000) },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ name: 'Clean Team', slug });
    expect(made.json().logo ?? null).toBeNull();
    expect(made.json().metadata ?? null).toBeNull();
    const renamed = await org(owner, 'update', {
      data: { name: 'Two\nlines', logo: 'javascript:alert(1)' },
      organizationId: made.json().id,
    });
    expect(renamed.statusCode).toBe(400);
  });

  it('signs up through an invitation: the new account accepts it and works in the team', async () => {
    const owner = await person();
    const team = await teamOf(owner, []);
    const email = `newcomer-${Math.random().toString(36).slice(2, 8)}@example.test`;
    await org(owner, 'invite-member', { email, role: 'member', organizationId: team.id });
    const id = invitationIdOf(await invitationMail(email));
    const newcomer = await person(email);
    expect((await org(newcomer, 'accept-invitation', { invitationId: id })).statusCode).toBe(200);
    expect((await org(newcomer, 'set-active', { organizationId: team.id })).statusCode).toBe(200);
    await newcomer.refresh();
    const profile = await api(newcomer, 'GET', `/api/users/${newcomer.uid}`);
    expect(profile.json().user.workspace).toMatchObject({
      organizationId: team.id,
      name: team.name,
      role: 'member',
      plan: 'free',
    });
  });

  it('invitations need a verified address and an enabled account, whatever REQUIRE_EMAIL_VERIFICATION says', async () => {
    const unverified = await teamPerson(t.app, undefined, { verified: false });
    const team = await teamOf(unverified, []);
    const refused = await org(unverified, 'invite-member', {
      email: `stranger-${team.id.slice(0, 6)}@example.test`,
      role: 'member',
      organizationId: team.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'forbidden:email_unverified',
      message:
        'Verify your e-mail address to invite people to a team. Open the link we sent you, or choose Resend to get a new one.',
    });
    await verifyEmail(t.app, unverified.uid);
    const invited = await org(unverified, 'invite-member', {
      email: `stranger-${team.id.slice(0, 6)}@example.test`,
      role: 'member',
      organizationId: team.id,
    });
    expect(invited.statusCode, invited.body).toBe(200);
  });

  it('sends at most 20 invitations a day per inviter and 50 per team; a refused one is not counted', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const address = (i: number, who: string) => `inv-${tag}-${who}-${i}@example.test`;
    const owner = await person();
    const firstAdmin = await person();
    const secondAdmin = await person();
    const team = await teamOf(owner, [
      { who: firstAdmin, role: 'admin' },
      { who: secondAdmin, role: 'admin' },
    ]);
    const invite = (who: Person, email: string) =>
      org(who, 'invite-member', { email, role: 'member', organizationId: team.id });
    // better-auth refuses to invite a member: not counted.
    expect((await invite(owner, firstAdmin.email)).statusCode).toBe(400);
    for (let i = 0; i < 18; i++) expect((await invite(owner, address(i, 'o'))).statusCode).toBe(200);
    const byOwner = await invite(owner, address(99, 'o'));
    expect(byOwner.statusCode).toBe(429);
    expect(byOwner.json().error.code).toBe('rate_limit:invitations');
    expect(byOwner.json().error.message).toMatch(
      /^You have sent 20 invitations today, the most one person may send in a day\. Try again in /,
    );
    expect(Number(byOwner.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // The team's 50: 20 by the owner, 20 by one admin, 10 by the other.
    for (let i = 0; i < 20; i++) expect((await invite(firstAdmin, address(i, 'a'))).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await invite(secondAdmin, address(i, 'b'))).statusCode).toBe(200);
    const byTeam = await invite(secondAdmin, address(99, 'b'));
    expect(byTeam.statusCode).toBe(429);
    expect(byTeam.json().error.message).toMatch(
      /^This team has sent 50 invitations today, the most a team may send in a day\./,
    );
  });

  it('a member who leaves takes nothing of the team’s: their copies of its chats go, with their links', async () => {
    const owner = await person();
    const member = await person();
    const team = await teamOf(owner, [{ who: member, role: 'member' }]);
    await org(owner, 'set-active', { organizationId: team.id });
    await org(member, 'set-active', { organizationId: team.id });
    await owner.refresh();
    await member.refresh();
    const shared = await save(owner, 'Team notes');
    expect((await api(owner, 'POST', `/api/history/${shared}/team-share`)).statusCode).toBe(200);
    const followUp = await api(member, 'POST', `/api/history/${shared}/messages`, { content: 'More?' });
    expect(followUp.statusCode, followUp.body).toBe(200);
    const copyId = followUp.json().historyId as string;
    const link = (await api(member, 'POST', `/api/history/${copyId}/share`)).json().share.token as string;
    const own = await save(member, 'My own notes');

    expect((await org(member, 'leave', { organizationId: team.id })).statusCode).toBe(200);
    expect((await api(member, 'GET', `/api/history/item/${copyId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/shared/${link}` })).statusCode).toBe(404);
    expect((await api(member, 'GET', `/api/history/item/${own}`)).statusCode).toBe(200);
    expect((await api(owner, 'GET', `/api/history/item/${shared}`)).statusCode).toBe(200);
  });

  it('the only owner cannot leave until ownership is handed over; a member can', async () => {
    const owner = await person();
    const member = await person();
    const team = await teamOf(owner, [{ who: member, role: 'member' }]);
    const refused = await org(owner, 'leave', { organizationId: team.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message ?? refused.json().error?.message).toMatch(/only owner/i);
    const members = (await org(owner, `list-members?organizationId=${team.id}`)).json() as {
      members: { id: string; userId: string }[];
    };
    const memberId = members.members.find((m) => m.userId === member.uid)?.id;
    const handed = await org(owner, 'update-member-role', {
      memberId,
      role: 'owner',
      organizationId: team.id,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await org(owner, 'leave', { organizationId: team.id })).statusCode).toBe(200);
  });

  it("a member past their own plan's allowance generates in the team's workspace, and is refused again once removed", async () => {
    const admin = await theAdmin();
    const owner = await person();
    const member = await person();
    const team = await teamOf(owner, [{ who: member, role: 'member' }]);

    // Their own Free plan: one generation, then 402.
    expect((await generate(member)).statusCode).toBe(200);
    const refused = await generate(member);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toBe(FREE_REFUSAL);

    // An administrator gives the team the Enterprise plan (users cannot).
    const byUser = await api(owner, 'PUT', `/api/admin/organizations/${team.id}/plan`, {
      plan: 'enterprise',
    });
    expect(byUser.statusCode).toBe(403);
    const set = await api(admin, 'PUT', `/api/admin/organizations/${team.id}/plan`, { plan: 'enterprise' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().organization).toMatchObject({ id: team.id, plan: 'enterprise', members: 2 });
    const unknown = await api(admin, 'PUT', '/api/admin/organizations/nope/plan', { plan: 'pro' });
    expect(unknown.statusCode).toBe(404);
    const listed = await api(admin, 'GET', `/api/admin/organizations?query=${encodeURIComponent(team.name)}`);
    expect(listed.json().organizations).toEqual([expect.objectContaining({ id: team.id })]);

    // A token minted before switching still works in the personal workspace.
    expect((await generate(member)).statusCode).toBe(402);
    expect((await org(member, 'set-active', { organizationId: team.id })).statusCode).toBe(200);
    await member.refresh();
    for (let i = 0; i < 3; i++) expect((await generate(member)).statusCode).toBe(200);
    const profile = (await api(member, 'GET', `/api/users/${member.uid}`)).json().user;
    expect(profile.workspace).toMatchObject({ organizationId: team.id, plan: 'enterprise' });
    expect(profile.usage).toMatchObject({ used: 3, limit: null });

    // Usage per member and tool, for the owner; a member and outsiders are refused.
    const usage = await api(owner, 'GET', `/api/organizations/${team.id}/usage`);
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json()).toMatchObject({
      plan: 'enterprise',
      limit: null,
      seats: 2,
      used: 3,
      tools: { 'article-generator': 3 },
    });
    expect(usage.json().members).toEqual([
      expect.objectContaining({ userId: owner.uid, role: 'owner', used: 0 }),
      expect.objectContaining({
        userId: member.uid,
        role: 'member',
        used: 3,
        tools: { 'article-generator': 3 },
      }),
    ]);
    expect((await api(member, 'GET', `/api/organizations/${team.id}/usage`)).statusCode).toBe(403);
    expect((await api(admin, 'GET', `/api/organizations/${team.id}/usage`)).statusCode).toBe(403);
    expect((await api(owner, 'GET', '/api/organizations/no-such-team/usage')).statusCode).toBe(404);
    // The team's generations never counted against the member's own plan.
    expect((await api(owner, 'GET', `/api/users/${owner.uid}`)).json().user.usage.used).toBe(0);

    // Removed: the same token, still naming the team, is refused by the personal plan at once.
    const removed = await org(owner, 'remove-member', {
      memberIdOrEmail: member.email,
      organizationId: team.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await generate(member);
    expect(after.statusCode).toBe(402);
    expect(after.json().error.message).toBe(FREE_REFUSAL);
    await member.refresh();
    expect((await api(member, 'GET', `/api/users/${member.uid}`)).json().user.workspace).toBeNull();
  });

  it("a team's limited plan is one count for all its members, whatever the concurrency", async () => {
    const admin = await theAdmin();
    const owner = await person();
    const member = await person();
    const team = await teamOf(owner, [{ who: member, role: 'admin' }]);
    await api(admin, 'PUT', `/api/admin/organizations/${team.id}/plan`, { plan: 'starter' });
    // 95 of the Starter plan's 100 generations used this month by the team.
    await t.app.database.db.insert(generationUsage).values(
      Array.from({ length: 95 }, (_, i) => ({
        userId: owner.uid,
        generationId: `team-${team.id}-${i}`,
        tool: 'email-helper',
        status: 'used',
        organizationId: team.id,
      })),
    );
    for (const who of [owner, member]) {
      expect((await org(who, 'set-active', { organizationId: team.id })).statusCode).toBe(200);
      await who.refresh();
    }
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => generate(i % 2 ? owner : member)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(results.find((r) => r.statusCode === 402)?.json().error.message).toBe(
      "You have used all 100 generations of your team's Starter plan this month. Upgrade for unlimited generations.",
    );
    const usage = (await api(member, 'GET', `/api/organizations/${team.id}/usage`)).json();
    expect(usage).toMatchObject({ plan: 'starter', limit: 100, used: 100 });
    // Their own plans were not touched.
    expect((await api(owner, 'GET', `/api/users/${owner.uid}`)).json().user.usage.used).toBe(100);
    await org(owner, 'set-active', { organizationId: null });
    await owner.refresh();
    expect((await api(owner, 'GET', `/api/users/${owner.uid}`)).json().user.usage).toMatchObject({
      used: 0,
      limit: 1,
    });
  });

  it('a chat shared with the team: members read it and go on in their own copy; private chats stay private', async () => {
    const owner = await person();
    const member = await person();
    const outsider = await person();
    const otherOwner = await person();
    const otherAdmin = await person();
    const team = await teamOf(owner, [{ who: member, role: 'member' }]);
    await teamOf(otherOwner, [{ who: otherAdmin, role: 'admin' }]);

    const ownersChat = await save(owner, 'Launch plan', 'Ship on Monday.');
    const membersPrivate = await save(member, 'My private notes');

    // Sharing needs a team's workspace.
    const personal = await api(owner, 'POST', `/api/history/${ownersChat}/team-share`);
    expect(personal.statusCode).toBe(409);
    expect(personal.json().error.code).toBe('conflict:no_workspace');
    expect((await org(owner, 'set-active', { organizationId: team.id })).statusCode).toBe(200);
    await owner.refresh();
    const shared = await api(owner, 'POST', `/api/history/${ownersChat}/team-share`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().teamShare).toMatchObject({ organizationId: team.id, organizationName: team.name });
    // Nobody shares another's chat.
    expect((await api(owner, 'POST', `/api/history/${membersPrivate}/team-share`)).statusCode).toBe(404);

    // The member lists and reads it, with its author; its own item shows the share.
    const list = await api(member, 'GET', `/api/organizations/${team.id}/chats`);
    expect(list.statusCode).toBe(200);
    expect(list.json().chats).toEqual([
      expect.objectContaining({
        _id: ownersChat,
        title: 'Launch plan',
        author: { uid: owner.uid, name: owner.name },
      }),
    ]);
    const read = await api(member, 'GET', `/api/history/item/${ownersChat}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().history).toMatchObject({
      uid: owner.uid,
      author: { uid: owner.uid, name: owner.name },
      teamShare: { organizationId: team.id },
    });
    // Read-only for the member: no rename, delete, share link, versions or edits of someone else's chat.
    const sharedAnswer = (read.json().history.messages as { id: string }[])[1]!.id;
    for (const [method, url, payload] of [
      ['PUT', `/api/history/${ownersChat}/messages/${sharedAnswer}`, { content: 'Edited by a member.' }],
      ['POST', `/api/history/${ownersChat}/messages/${sharedAnswer}/rewrite`, { instruction: 'shorter' }],
      ['PATCH', `/api/history/${ownersChat}`, { title: 'Mine now' }],
      ['DELETE', `/api/history/${ownersChat}`, undefined],
      ['POST', `/api/history/${ownersChat}/share`, undefined],
      ['DELETE', `/api/history/${ownersChat}/team-share`, undefined],
      ['POST', `/api/history/${ownersChat}/regenerate`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: member.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }

    // A follow-up by the member continues in their own copy; the owner's chat is unchanged.
    const followUp = await api(member, 'POST', `/api/history/${ownersChat}/messages`, {
      content: 'And what about Tuesday?',
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
    const copyId = followUp.json().historyId as string;
    expect(copyId).not.toBe(ownersChat);
    const copy = (await api(member, 'GET', `/api/history/item/${copyId}`)).json().history;
    expect(copy).toMatchObject({ uid: member.uid, title: 'Launch plan', teamShare: null });
    expect(copy.messages.map((m: { content: string }) => m.content)).toEqual([
      expect.any(String),
      'Ship on Monday.',
      'And what about Tuesday?',
      'A team answer.',
    ]);
    const original = (await api(owner, 'GET', `/api/history/item/${ownersChat}`)).json().history;
    expect(original.messages).toHaveLength(2);
    // Another follow-up on the shared chat, refused (the member's Free plan is used up) and asked
    // again, never leaves another copy: one copy per member and chat.
    for (let i = 0; i < 3; i++) {
      const again = await api(member, 'POST', `/api/history/${ownersChat}/messages`, {
        content: 'And Wednesday?',
      });
      expect(again.statusCode).toBe(402);
    }
    const membersChats = (await api(member, 'GET', `/api/history/${member.uid}`)).json().history as unknown[];
    expect(membersChats).toHaveLength(2);

    // Outsiders, another team's admin, and the owner reading a member's private chat: 404.
    for (const who of [outsider, otherAdmin, otherOwner]) {
      expect((await api(who, 'GET', `/api/history/item/${ownersChat}`)).statusCode).toBe(404);
      expect((await api(who, 'GET', `/api/organizations/${team.id}/chats`)).statusCode).toBe(403);
      expect(
        (await api(who, 'POST', `/api/history/${ownersChat}/messages`, { content: 'Let me in' })).statusCode,
      ).toBe(404);
    }
    expect((await api(owner, 'GET', `/api/history/item/${membersPrivate}`)).statusCode).toBe(404);
    expect((await api(owner, 'GET', `/api/history/item/${copyId}`)).statusCode).toBe(404);

    // The member publishes their copy by a link while they are in the team.
    const copyLink = (await api(member, 'POST', `/api/history/${copyId}/share`)).json().share.token as string;
    expect((await t.app.inject({ url: `/api/shared/${copyLink}` })).statusCode).toBe(200);

    // Removed: the member's access ends at once.
    const removed = await org(owner, 'remove-member', {
      memberIdOrEmail: member.email,
      organizationId: team.id,
    });
    expect(removed.statusCode).toBe(200);
    expect((await api(member, 'GET', `/api/history/item/${ownersChat}`)).statusCode).toBe(404);
    expect((await api(member, 'GET', `/api/organizations/${team.id}/chats`)).statusCode).toBe(403);
    // Their copy is the team's content: it goes, and its public link with it (issue 28, finding 7).
    expect((await api(member, 'GET', `/api/history/item/${copyId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/shared/${copyLink}` })).statusCode).toBe(404);
    // Their own chats stay theirs.
    expect((await api(member, 'GET', `/api/history/item/${membersPrivate}`)).statusCode).toBe(200);

    // Unshared: private again.
    const admin = await person();
    await teamOf(owner, []);
    expect((await api(owner, 'DELETE', `/api/history/${ownersChat}/team-share`)).json()).toEqual({
      teamShare: null,
    });
    expect((await api(admin, 'GET', `/api/history/item/${ownersChat}`)).statusCode).toBe(404);
  });

  it('a shared document chat: a member asks in their own copy, which carries the document’s parts', async () => {
    const owner = await person();
    const member = await person();
    const team = await teamOf(owner, [{ who: member, role: 'member' }]);
    const pages = Array.from({ length: 30 }, (_, i) => [
      { x: 72, y: 760, text: `Page ${i + 1} lists the routine duties of the depot staff.` },
      ...(i === 23 ? [{ x: 72, y: 740, text: 'The vault code is kept by Marisol Quenby alone.' }] : []),
    ]);
    const { payload, headers } = await multipartPayload(
      {},
      {
        field: 'file',
        name: 'duties.pdf',
        content: textPdf(pages),
      },
    );
    const summary = await t.app.inject({
      method: 'POST',
      url: '/api/doc-summarizer',
      headers: { ...owner.headers, ...headers },
      payload,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const ownersChat = summary.json().historyId as string;
    expect((await org(owner, 'set-active', { organizationId: team.id })).statusCode).toBe(200);
    await owner.refresh();
    expect((await api(owner, 'POST', `/api/history/${ownersChat}/team-share`)).statusCode).toBe(200);

    // The member reads the cited page of the shared chat…
    const page = await api(member, 'GET', `/api/history/${ownersChat}/document/passage?pages=24`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().text).toContain('Marisol Quenby');
    // …and asks in their own copy, answered from the same document.
    fake.requests.length = 0;
    const followUp = await api(member, 'POST', `/api/history/${ownersChat}/messages`, {
      content: 'Who keeps the vault code?',
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
    const copyId = followUp.json().historyId as string;
    expect(copyId).not.toBe(ownersChat);
    const question = fake.requests.at(-1)?.body.messages.at(-1)?.content ?? '';
    expect(question).toContain('[p. 24]');
    expect(question).toContain('The vault code is kept by Marisol Quenby alone.');
    const copied = await api(member, 'GET', `/api/history/${copyId}/document/passage?pages=24`);
    expect(copied.json().text).toContain('Marisol Quenby');
    expect((await api(member, 'GET', `/api/history/item/${copyId}`)).json().history.coverage).toMatchObject({
      pages: 30,
    });
    // The owner's own chat is not the member's to change.
    expect((await api(member, 'GET', `/api/history/item/${copyId}`)).json().history.uid).toBe(member.uid);
  });
});

/** Several instances behind a load balancer: a removal through one holds on the other at once. */
describe.runIf(process.env.TEST_DATABASE_URL)('teams across two instances (postgres)', () => {
  let fake: FakeOpenAiServer;
  let instances: TestInstances | undefined;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: 'A team answer.' });
    instances = await createTestInstances(2, {
      ...providerEnv(fake.url),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      PUBLIC_URL: TEST_ORIGIN,
      FREE_GENERATIONS_PER_MONTH: '0',
      AUTH_RATE_LIMIT_PER_IP: '0',
      AI_RATE_LIMIT_PER_USER: '0',
    });
  });
  afterAll(async () => {
    await instances?.close();
    await fake?.close();
  });

  it("ends a removed member's team plan and shared chats on the other instance with the same token", async () => {
    const [a, b] = (instances?.apps ?? []) as [FastifyInstance, FastifyInstance];
    const owner = await createAccount(a);
    const member = await createAccount(a);
    const slug = `two-${Math.random().toString(36).slice(2, 10)}`;
    const team = (await organizationCall(a, owner, 'create', { name: 'Two instances', slug })).json() as {
      id: string;
    };
    // Invitations have their own tests above: here the member joins directly, and the team has a plan.
    await a.database.db
      .insert(membership)
      .values({ id: `m-${slug}`, organizationId: team.id, userId: member.uid, role: 'member' });
    await a.database.db
      .insert(organizationPlan)
      .values({ organizationId: team.id, subscription: 'enterprise' });
    expect((await organizationCall(b, member, 'set-active', { organizationId: team.id })).statusCode).toBe(
      200,
    );
    const minted = await requestToken(b, member.cookie, member.email);
    const authorization = `Bearer ${minted.json().token as string}`;
    const ownerToken = `Bearer ${(await requestToken(a, owner.cookie, owner.email)).json().token as string}`;
    const chat = await a.inject({
      method: 'POST',
      url: '/api/history',
      headers: { authorization: ownerToken },
      payload: {
        uid: owner.uid,
        service: 'email-helper',
        title: 'Shared draft',
        messages: [{ role: 'user', content: 'Draft' }],
      },
    });
    const chatId = chat.json().history.id as string;
    await a.database.db
      .update(history)
      .set({ sharedOrganizationId: team.id, organizationSharedAt: new Date() })
      .where(eq(history.id, chatId));

    const generate = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/generate-article',
        headers: { authorization },
        payload: { topic: 'Two instances' },
      });
    const read = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: `/api/history/item/${chatId}`, headers: { authorization } });
    expect((await generate(a)).statusCode).toBe(200);
    expect((await read(a)).statusCode).toBe(200);

    const removed = await organizationCall(b, owner, 'remove-member', {
      memberIdOrEmail: member.email,
      organizationId: team.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The very next calls on the other instance, with the token minted before the removal.
    expect((await generate(a)).statusCode).toBe(402);
    expect((await read(a)).statusCode).toBe(404);
  });
});
