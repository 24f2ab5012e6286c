import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import type { ReceivedMail } from '#tests/fakes/smtp-server';
import { firstLink } from '#tests/helpers/mail-message';
import { createAccount, newAccount, signInThroughForm, type TestAccount } from './support/accounts.ts';
import { useMailServer } from './support/mail-server.ts';
import { historyItem, seedChat, sidebar } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * Teams (issue 18) on a server of its own whose SMTP_URL points at a fake SMTP server in this process:
 * an owner creates a team from the header's workspace switcher, invites a colleague by e-mail and
 * shares a chat with the team; the colleague, in a second browser context, follows the mail's link,
 * signs in, accepts, reads the shared chat (read-only, a follow-up going on in their own copy) and
 * switches between their personal workspace and the team's.
 */
test.describe('teams', () => {
  // The run's fake AI provider (global setup shares its address), so a follow-up is answered.
  const server = useMailServer('teams', {
    AI_PROVIDER: process.env.AI_PROVIDER ?? 'openai-compatible',
    AI_BASE_URL: process.env.AI_BASE_URL ?? '',
    AI_MODEL: process.env.AI_MODEL ?? 'fake-model',
  });

  async function signedInPage(browser: Browser, account: TestAccount): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await createAccount(page.request, account, server.base);
    // Sending invitations needs a verified address: the sign-up's link, opened as its owner would.
    const verification = await server.smtp.nextMessageTo(account.email);
    expect(verification.subject).toBe('Verify your e-mail address for Draftsmith');
    await page.goto(firstLink(verification.text));
    await page.goto('/signin');
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`${server.base}/`);
    return page;
  }

  /** The team invitation mail to `email` (after the sign-up's verification mail). */
  async function invitationMail(email: string): Promise<ReceivedMail> {
    await expect
      .poll(
        () =>
          server.smtp
            .messagesTo(email)
            .some((mail) => mail.subject === 'You are invited to a team on Draftsmith'),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    return server.smtp
      .messagesTo(email)
      .find((mail) => mail.subject === 'You are invited to a team on Draftsmith')!;
  }

  async function expectNoAxeViolations(page: Page) {
    // Toasts come and go on their own timer; the pages' own content is what is checked here.
    const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  }

  /** The page in both themes, wide, then at 375 px; the viewport is put back afterwards. */
  async function shotsInThemes(page: Page, testInfo: TestInfo, name: string, { narrow = true } = {}) {
    const wide = page.viewportSize()!;
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(page, theme);
      await shot(page, testInfo, `${name}-${theme}.png`, { fullPage: true });
      await expectNoAxeViolations(page);
      if (!narrow) continue;
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, testInfo, `${name}-${theme}-375.png`, { fullPage: true });
      await page.setViewportSize(wide);
    }
    await emulateTheme(page, 'light');
  }

  test('create a team, invite, accept in another browser, share a chat, read it as a member, switch workspaces', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { base } = server;
    const owner = newAccount(testInfo, { username: 'Olivia Owner' });
    const member = newAccount(testInfo, { username: 'Mark Member' });
    const teamName = `Acme Writers ${testInfo.workerIndex}${Date.now().toString(36).slice(-4)}`;

    // The owner creates a team from the header's workspace switcher.
    const ownerPage = await signedInPage(browser, owner);
    const ownerSwitcher = ownerPage.getByRole('button', { name: /^Workspace:/ });
    await expect(ownerSwitcher).toHaveText(/Personal/);
    await ownerSwitcher.click();
    await expect(ownerSwitcher).toHaveAttribute('aria-expanded', 'true');
    const workspaces = ownerPage.getByRole('list', { name: 'Workspaces' });
    await expect(workspaces.getByRole('button', { name: 'Personal' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await shot(ownerPage, testInfo, 'teams-switcher-open-light.png');
    await ownerPage.keyboard.press('Escape');
    await expect(ownerSwitcher).toHaveAttribute('aria-expanded', 'false');
    await expect(ownerSwitcher).toBeFocused();

    await ownerSwitcher.click();
    await ownerPage.getByRole('button', { name: 'Create a team' }).click();
    const create = ownerPage.getByRole('dialog', { name: 'Create a team' });
    // A name past the limit is refused as it is typed, before anything is sent.
    await create.getByLabel('Team name').fill('A'.repeat(70));
    await expect(create.getByText('A team name can be at most 60 characters.')).toBeVisible();
    await create.getByLabel('Team name').fill('A'.repeat(60));
    await expect(create.getByText('A team name can be at most 60 characters.')).toHaveCount(0);
    await create.getByLabel('Team name').fill('');
    await create.getByRole('button', { name: 'Create team' }).click();
    await expect(create.getByText('Please enter a name for the team.')).toBeVisible();
    await create.getByLabel('Team name').fill(teamName);
    await create.getByRole('button', { name: 'Create team' }).click();
    await expect(ownerPage).toHaveURL(`${base}/team`);
    await expect(ownerPage.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    await expect(ownerPage.getByText('Your role: Owner')).toBeVisible();
    await expect(ownerPage.getByText(`1 member in ${teamName}.`)).toBeVisible();
    await expect(ownerSwitcher).toHaveText(new RegExp(teamName));

    // The switcher, open in a team workspace, in both themes.
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(ownerPage, theme);
      await ownerSwitcher.click();
      await expect(ownerPage.getByRole('link', { name: 'Team page' })).toBeVisible();
      await ownerPage.waitForTimeout(300); // the panel's entrance animation
      await shot(ownerPage, testInfo, `teams-switcher-team-${theme}.png`);
      await ownerPage.mouse.click(5, 600);
      await expect(ownerSwitcher).toHaveAttribute('aria-expanded', 'false');
    }
    await emulateTheme(ownerPage, 'light');

    // An invitation by e-mail, listed as pending with its expiry.
    await ownerPage.getByLabel('E-mail address').fill(member.email);
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    const pending = ownerPage.getByRole('list', { name: 'Pending invitations' });
    await expect(pending).toContainText(member.email);
    await expect(pending).toContainText('Member · Expires');
    const mail = await invitationMail(member.email);
    const link = firstLink(mail.text);
    expect(link.startsWith(`${base}/accept-invitation/`)).toBe(true);

    // The owner shares one of their chats with the team.
    const chatTitle = 'Spring launch plan';
    await seedChat(ownerPage, {
      service: 'article-generator',
      title: chatTitle,
      prompt: 'Write the launch plan',
      reply: '## Plan\n\nThree steps to launch the spring issue.',
    });
    await ownerPage.goto('/services/article-generator');
    await historyItem(ownerPage, chatTitle).click();
    await ownerPage.getByRole('button', { name: 'Share with team' }).click();
    await expect(ownerPage.getByTestId('team-share-state')).toHaveText(`Shared with ${teamName}`);
    // Undo, then share again.
    await ownerPage.getByRole('button', { name: 'Stop sharing with team' }).click();
    await expect(ownerPage.getByRole('button', { name: 'Share with team' })).toBeVisible();
    await ownerPage.getByRole('button', { name: 'Share with team' }).click();
    await expect(ownerPage.getByTestId('team-share-state')).toBeVisible();
    await expect(sidebar(ownerPage).getByTestId('sidebar-workspace')).toHaveText(`Workspace: ${teamName}`);

    // The colleague, without an account, in another browser, follows the mail's link: the page names
    // the invited address and asks nothing of the server that needs a session (no failed call).
    const memberContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const memberPage = await memberContext.newPage();
    const failures: string[] = [];
    memberPage.on('console', (message) => {
      if (message.type() === 'error') failures.push(`console: ${message.text()}`);
    });
    memberPage.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    await memberPage.goto(link);
    await expect(memberPage.getByRole('heading', { name: 'You have been invited to a team' })).toBeVisible();
    await expect(memberPage.getByRole('main')).toContainText(`The invitation was sent to ${member.email}.`);
    await shotsInThemes(memberPage, testInfo, 'teams-invitation-signed-out');
    expect(failures).toEqual([]);
    // Signing up from it: the form has the invited address already, and comes back here after sign-in.
    await memberPage.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await expect(memberPage).toHaveURL(/\/signup\?email=/);
    await expect(memberPage.getByLabel('Email')).toHaveValue(member.email);
    await memberPage.getByLabel('Username').fill(member.username);
    await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
    await memberPage.getByLabel(/I agree to the Terms of Service/).check();
    await memberPage.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(memberPage).toHaveURL(`${base}/signin`);
    await signInThroughForm(memberPage, member);
    await expect(memberPage).toHaveURL(link);
    await expect(memberPage.getByRole('heading', { name: `Join ${teamName}` })).toBeVisible();
    // Who invited: their name and their address.
    await expect(memberPage.getByText(`${owner.username} invited you to work with the team`)).toBeVisible();
    await expect(memberPage.getByText(owner.username, { exact: true })).toBeVisible();
    await expect(memberPage.getByText(owner.email, { exact: true })).toBeVisible();
    await shotsInThemes(memberPage, testInfo, 'teams-invitation');
    await memberPage.getByRole('button', { name: 'Accept' }).click();
    await expect(memberPage).toHaveURL(`${base}/team`);
    await expect(memberPage.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    await expect(memberPage.getByText('Your role: Member')).toBeVisible();
    const memberSwitcher = memberPage.getByRole('button', { name: /^Workspace:/ });
    await expect(memberSwitcher).toHaveText(new RegExp(teamName));
    // A member sees neither the invitations nor the usage, and can still leave.
    await expect(memberPage.getByRole('region', { name: 'Invite people', exact: true })).toHaveCount(0);
    await expect(memberPage.getByRole('region', { name: 'Usage', exact: true })).toHaveCount(0);
    await expect(memberPage.getByRole('button', { name: 'Leave team' })).toBeVisible();

    // The shared chat, read-only for the member, its author named.
    const shared = memberPage.getByRole('list', { name: 'Chats shared with the team' });
    await expect(shared).toContainText(`Shared by ${owner.username}`);
    await shared.getByRole('link', { name: new RegExp(chatTitle) }).click();
    await expect(memberPage).toHaveURL(`${base}/services/article-generator`);
    await expect(memberPage.getByTestId('chat-shared-by')).toContainText(`Shared by ${owner.username}`);
    await expect(memberPage.getByRole('region', { name: 'AI Output' })).toContainText(
      'Three steps to launch',
    );
    await expect(memberPage.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
    await expect(memberPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(memberPage.getByRole('button', { name: 'Share with team' })).toHaveCount(0);
    await shotsInThemes(memberPage, testInfo, 'teams-shared-chat');

    // A follow-up goes on in the member's own copy, which then opens as theirs.
    const followUp = memberPage.getByRole('textbox', { name: 'Ask a follow-up' });
    await followUp.fill('What comes first?');
    await followUp.press('Control+Enter');
    await expect(memberPage.getByTestId('chat-shared-by')).toHaveCount(0, { timeout: 20_000 });
    await expect(memberPage.getByRole('region', { name: 'Your follow-up' })).toHaveText('What comes first?');
    await expect(memberPage.getByRole('region', { name: 'Answer' }).last()).toContainText('fake model');
    await expect(memberPage.getByRole('button', { name: 'Share with team' })).toBeVisible();

    // The owner sees the new member, the usage, and the shared chat.
    await ownerPage.goto('/team');
    const members = ownerPage.getByRole('region', { name: 'Members', exact: true });
    await expect(members).toContainText(member.email);
    await expect(members.getByLabel(`Role of ${member.username}`)).toHaveValue('member');
    await expect(ownerPage.getByRole('region', { name: 'Usage', exact: true })).toContainText(
      'Used this period',
    );
    // The usage by member fits a desktop's width; on a phone it scrolls, a shadow saying there is more.
    const byMember = ownerPage.getByRole('region', { name: 'Usage by member' });
    expect(await byMember.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    await expect(byMember.locator('..')).not.toHaveAttribute('data-hidden-end', /.*/);
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await expect(byMember.locator('..')).toHaveAttribute('data-hidden-end', 'true');
    await ownerPage.setViewportSize({ width: 1280, height: 900 });
    await expect(ownerPage.getByRole('list', { name: 'Chats shared with the team' })).toContainText(
      chatTitle,
    );
    // The only owner cannot leave: better-auth's reason is shown.
    await ownerPage.getByRole('button', { name: 'Leave team' }).click();
    await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Leave team' }).click();
    await expect(
      ownerPage.getByRole('region', { name: 'Leave team', exact: true }).getByRole('alert'),
    ).toContainText('only owner');
    await shotsInThemes(ownerPage, testInfo, 'teams-page');

    // The member switches to their personal workspace and back.
    await memberSwitcher.click();
    await memberPage
      .getByRole('list', { name: 'Workspaces' })
      .getByRole('button', { name: 'Personal' })
      .click();
    await expect(memberSwitcher).toHaveText(/Personal/);
    await expect(sidebar(memberPage).getByTestId('sidebar-workspace')).toHaveText(
      'Workspace: Personal workspace',
    );
    // The switch is over when its toast says so (the pages' data has been read again by then). Opened
    // before, the list would close as the toast slid in under the pointer (a pointer leaving closes it).
    const switched = memberPage
      .getByRole('listitem')
      .filter({ hasText: 'You are now working in your personal workspace.' });
    await expect(switched).toBeVisible();
    // The toast lies over the switcher and stays while the pointer rests on it (a click waited for it
    // until the test's time ran out): closed, as a person would.
    await switched.getByRole('button', { name: 'Close toast' }).click();
    await expect(switched).toBeHidden();
    await memberSwitcher.click();
    await memberPage
      .getByRole('list', { name: 'Workspaces' })
      .getByRole('button', { name: teamName })
      .click();
    await expect(memberSwitcher).toHaveText(new RegExp(teamName));
    await expect(sidebar(memberPage).getByTestId('sidebar-workspace')).toHaveText(`Workspace: ${teamName}`);

    // On a narrow screen the switcher is part of the menu.
    await memberPage.setViewportSize({ width: 375, height: 800 });
    await memberPage.getByRole('button', { name: 'Open menu' }).click();
    const menu = memberPage.getByRole('dialog', { name: 'Menu' });
    await expect(
      menu.getByRole('list', { name: 'Workspaces' }).getByRole('button', { name: teamName }),
    ).toHaveAttribute('aria-current', 'true');
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(memberPage, theme);
      await shot(memberPage, testInfo, `teams-switcher-menu-${theme}-375.png`);
    }
    await memberContext.close();
    await ownerPage.context().close();
  });
});
