import { expect, test } from '@playwright/test';
import { accessToken, signedInAccount, signUpThroughForm } from './support/accounts.ts';

/**
 * Deleting the account on /account (issue 13): the password first, a wrong one said so; then signed out
 * on /, the token gone, and the same address signs up again.
 */
test.describe('account deletion', () => {
  test('deletes the account after the password and lets the e-mail sign up again', async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, testInfo);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('Not-the-password#1');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByText('That password is not correct.')).toBeVisible();

    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    expect(await accessToken(page)).toBeNull();

    await page.goto('/signup');
    await signUpThroughForm(page, account);
    await expect(page.getByText('User created successfully, please sign in')).toBeVisible();
  });
});
