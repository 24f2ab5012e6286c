import { expect, test } from '@playwright/test';
import { firstLink } from '#tests/helpers/mail-message';
import { createAccount, newAccount, signInThroughForm } from './support/accounts.ts';
import { UNUSED_AI_ENV } from './support/app-server.ts';
import { useMailServer } from './support/mail-server.ts';

/**
 * The account e-mails on a server of its own whose SMTP_URL points at a fake SMTP server in this
 * process: 'Forgot password?' → the mail → a new password → signing in with it; and the verification
 * banner's Resend → the mail → the verified page.
 */
test.describe('account e-mails', () => {
  const server = useMailServer('mail', UNUSED_AI_ENV);

  test('forgot password → mail → new password → sign in with it', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const { smtp, base } = server;
    const account = newAccount(testInfo);
    await createAccount(page.request, account, base);
    await smtp.nextMessageTo(account.email); // the sign-up's verification mail

    await page.goto(`${base}/signin`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(`${base}/forgot-password`);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    // Like /signin: no site header or footer.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account exists for ${account.email}`);

    const mail = await smtp.nextMessageTo(account.email);
    expect(mail.subject).toBe('Reset your Draftsmith password');
    const link = firstLink(mail.text);
    expect(link.startsWith(`${base}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = 'Fresh#Start2025';
    await page.getByLabel('New password').fill('weak');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('New password')).toHaveAttribute('type', 'text');
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(`${base}/signin`);
    await expect(
      page.getByText('Your password has been changed. Please sign in with the new one.'),
    ).toBeVisible();

    await signInThroughForm(page, { ...account, password: newPassword });
    await expect(page).toHaveURL(`${base}/`);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password').fill('Again#Pass2025');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(`${base}/forgot-password`);
  });

  test('an unverified account sees the banner, resends the link and gets verified', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { smtp, base } = server;
    const account = newAccount(testInfo);
    await createAccount(page.request, account, base);
    await smtp.nextMessageTo(account.email);
    await page.goto(`${base}/signin`);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`${base}/`);

    await page.goto(`${base}/services/code-explainer`);
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await expect(banner).toContainText('Please verify your e-mail address.');
    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect(banner).toContainText('A new link is on its way.');

    const mail = await smtp.nextMessageTo(account.email);
    expect(mail.subject).toBe('Verify your e-mail address for Draftsmith');
    await page.goto(firstLink(mail.text));
    await expect(page).toHaveURL(`${base}/verify-email`);
    await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to the assistants' }).click();
    await expect(page).toHaveURL(/\/services\//);
    await expect(page.getByTestId('service-tagline')).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);
  });
});
