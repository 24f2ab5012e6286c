import { expect, test } from '@playwright/test';

/**
 * `/signin?error=…` is where social sign-in comes back after a failure, and an address anyone can
 * send: the toast says a fixed message for the codes better-auth and providers use, and a generic one
 * for anything else, never the text from the address.
 */
const GENERIC = 'Sign-in failed. Please try again.';

test.describe('sign-in error toast', () => {
  test('shows the generic message, never text from the address', async ({ page }, testInfo) => {
    const spoof = '<script>Your account is locked, call 555</script>';
    await page.goto(`/signin?error=${encodeURIComponent(spoof)}`);
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText(GENERIC);
    await expect(toast).toContainText('Social sign-in did not complete.');
    await expect(page.locator('body')).not.toContainText('locked');
    await expect(page.locator('body')).not.toContainText('555');
    await expect(page).toHaveURL(/\/signin$/);
    await page.screenshot({ path: testInfo.outputPath('signin-spoofed-error.png') });
  });

  test('gives a known code its fixed message and ignores error_description', async ({ page }) => {
    await page.goto('/signin?error=access_denied&error_description=Call%20555%20now');
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Sign-in was cancelled at the provider.');
    await expect(page.locator('body')).not.toContainText('555');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('a forged OAuth callback lands on /signin with the restart message', async ({ page }) => {
    await page.goto('/api/auth/callback/google?code=forged&state=forged');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.locator('[data-sonner-toast]')).toContainText(
      'The sign-in was interrupted or took too long. Please start again.',
    );
  });
});
