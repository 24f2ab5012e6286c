import { expect, test } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';

test.describe('personal API keys', () => {
  test('a user creates a key on /account, sees it once, uses it, and revokes it', async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, testInfo);
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'API keys' });
    await expect(section.getByText('No API keys yet.')).toBeVisible();

    await section.getByLabel('Key name').fill('Build script');
    await section.getByLabel('Expires after').selectOption({ label: '30 days' });
    await section.getByRole('button', { name: 'Create key' }).click();
    const notice = section.getByRole('status', { name: 'New API key' });
    await expect(notice).toContainText('You will not see it again.');
    const key = (await notice.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^ds_[A-Za-z]{64}$/);
    await expect(notice.getByRole('button', { name: 'Copy API key' })).toBeVisible();

    const row = section.getByRole('listitem').filter({ hasText: 'Build script' });
    await expect(row).toContainText(key.slice(0, 6));
    await expect(row).toContainText('Never used');
    await notice.getByRole('button', { name: 'I have copied it' }).click();
    await expect(notice).toBeHidden();
    // Shown once: a reload lists the key without it.
    await page.reload();
    await expect(section.getByRole('listitem').filter({ hasText: 'Build script' })).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);

    // The key calls the API as its owner, both ways; the browser's own cookie plays no part.
    const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
      user: { id: string };
    };
    const own = await page.request.get(`/api/users/${session.user.id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(own.status()).toBe(200);
    expect(((await own.json()) as { user: { email: string } }).user.email).toBe(account.email);
    const viaHeader = await page.request.get(`/api/users/${session.user.id}`, {
      headers: { 'x-api-key': key },
    });
    expect(viaHeader.status()).toBe(200);
    await page.reload();
    await expect(section.getByRole('listitem').filter({ hasText: 'Build script' })).toContainText(
      'Last used',
    );

    // Revoked after a confirmation: refused at once.
    await section.getByRole('button', { name: 'Revoke Build script' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('stop working at once');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(section.getByText('No API keys yet.')).toBeVisible();
    const refused = await page.request.get(`/api/users/${session.user.id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthorized:api_key');
  });
});
