import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createAccount, newAccount, signedInAccount, signInThroughApi } from './support/accounts.ts';
import { newestOutboxLink } from './support/outbox.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * Issue 30: on the shared end-to-end server, as on a default install, there is no SMTP_URL and no
 * Stripe. What the pages say must be true there: no mail was sent (the administrator finds the link in
 * the log and DATA_DIR/outbox), an invitation is passed on by its link, and payments are not mentioned.
 */
test.describe('a server without mail or online payment', () => {
  async function expectNoAxeViolations(page: Page) {
    const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  }

  test('the verification banner says no link was sent, and where the administrator finds it', async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, testInfo);
    await page.goto('/services/article-generator');
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await expect(banner).toContainText('This server has no e-mail set up, so no link was sent to');
    await expect(banner).toContainText('DATA_DIR/outbox');
    await expect(banner).not.toContainText('We sent a link');
    const first = await newestOutboxLink(account.email);

    await banner.getByRole('button', { name: 'New link' }).click();
    await expect(banner.getByRole('status')).toHaveText('A new link is in the server’s log and outbox.');
    await expect.poll(() => newestOutboxLink(account.email)).not.toBe(first);
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(page, theme);
      await shot(page, testInfo, `no-mail-banner-${theme}.png`);
      await expectNoAxeViolations(page);
    }
  });

  test('an invitation is created, not sent, and its link is copied to pass on', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = await signedInAccount(page, testInfo, { username: 'Nora Owner' });
    // Inviting needs a verified address: the link from the outbox, as the administrator would pass it on.
    await page.goto(await newestOutboxLink(owner.email));
    await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('button', { name: /^Workspace:/ }).click();
    await page.getByRole('button', { name: 'Create a team' }).click();
    const create = page.getByRole('dialog', { name: 'Create a team' });
    const teamName = `No-mail team ${testInfo.testId.slice(0, 6)}`;
    await create.getByLabel('Team name').fill(teamName);
    await create.getByRole('button', { name: 'Create team' }).click();
    await expect(page).toHaveURL(/\/team$/);

    const invitations = page.locator('#invitations');
    await expect(invitations).toContainText('This server has no e-mail set up, so no invitation is mailed');
    await expect(invitations.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
    const invitee = newAccount(testInfo, { username: 'Ivo Invitee' });
    await page.getByLabel('E-mail address').fill(invitee.email);
    await invitations.getByRole('button', { name: 'Create invitation' }).click();
    await expect(page.getByText(`Invitation for ${invitee.email} created. No e-mail was sent`)).toBeVisible();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await expect(pending).toContainText(invitee.email);

    const copy = pending.getByRole('button', { name: `Copy the invitation link for ${invitee.email}` });
    await expect(copy).toHaveText('Copy invitation link');
    await copy.click();
    await expect(copy).toHaveText('Copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const copied = new URL(link);
    expect(copied.origin).toBe(new URL(page.url()).origin);
    expect(copied.pathname).toMatch(/^\/accept-invitation\/[\w-]+$/);
    expect(copied.searchParams.get('email')).toBe(invitee.email);
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(page, theme);
      await shot(page, testInfo, `no-mail-invitations-${theme}.png`, { fullPage: true });
      await expectNoAxeViolations(page);
    }

    // The link, passed on by hand, opens the invitation for its addressee: signed out, the page names
    // the invited address; signed in, it shows the team and who invited, with Accept.
    const other = await browser.newContext();
    const inviteePage = await other.newPage();
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('main')).toContainText(invitee.email);
    await createAccount(inviteePage.request, invitee);
    await signInThroughApi(inviteePage.request, invitee, copied.origin);
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('main')).toContainText(teamName);
    await expect(inviteePage.getByRole('main')).toContainText('Nora Owner');
    await expect(inviteePage.getByRole('button', { name: 'Accept' })).toBeVisible();
    await other.close();
  });

  test('the pricing page speaks of no payment provider, and says what a free account gets', async ({
    page,
  }, testInfo) => {
    await page.goto('/subscription');
    const note = page.getByTestId('free-plan-note');
    await expect(note).toContainText('A free account gets 20 generations a month');
    await expect(note).toContainText('a regenerated answer and a follow-up');
    await expect(page.getByText('Prices are in US dollars, excluding applicable taxes.')).toBeVisible();
    await expect(page.getByText(/Stripe/)).toHaveCount(0);
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(page, theme);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await shot(page, testInfo, `pricing-free-note-${theme}-${width}.png`, { fullPage: true });
      }
      await expectNoAxeViolations(page);
    }
  });
});
