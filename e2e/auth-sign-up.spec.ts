import { expect, test } from '@playwright/test';
import { accessToken, newAccount, signInThroughForm, signUpThroughForm } from './support/accounts.ts';

const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('sign-up screen', () => {
  test('shows the sign-up screen without header or footer', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign Up | Draftsmith');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up with GitHub' })).toBeVisible();
    await expect(page.getByText('Or sign up with e-mail')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    await expect(page.getByLabel('Profile photo (optional)')).toHaveAttribute('type', 'file');
    expect(await page.getByLabel('Profile photo (optional)').getAttribute('accept')).toContain('image/png');
  });

  test('the terms box alone gates submit, and every validation message shows under its input', async ({
    page,
  }) => {
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Sign Up', exact: true });
    const terms = page.getByLabel(/I agree to the Terms of Service/);
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await email.fill('someone@example.test');
    await expect(page.getByText('Invalid email address')).toHaveCount(0);

    const password = page.getByLabel('Password', { exact: true });
    const steps: [string, string][] = [
      ['abcdef', 'Password must contain at least one uppercase letter'],
      ['Abcdef', 'Password must contain at least one numeric character'],
      ['Abcde1', 'Password must contain at least one special character'],
    ];
    for (const [value, message] of steps) {
      await password.fill(value);
      await expect(page.getByText(message)).toBeVisible();
    }
    await password.fill('Abcde1!');
    await expect(page.locator('#signup-password-error')).toHaveCount(0);

    await terms.uncheck();
    await expect(submit).toBeDisabled();
  });

  test('generate password fills a valid 12-character password and reveals it', async ({ page }) => {
    await page.goto('/signup');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Generate password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    const value = await password.inputValue();
    expect(value).toMatch(/^[A-Za-z0-9!@#$%^&*()]{12}$/);
    expect(value).toMatch(/[A-Z]/);
    expect(value).toMatch(/[0-9]/);
    expect(value).toMatch(/[^A-Za-z0-9]/);
    await page.getByRole('button', { name: 'Generate password' }).click();
    expect(await password.inputValue()).not.toBe(value);
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('signing up with a photo, then signing in with the new account', async ({ page }, testInfo) => {
    const account = newAccount(testInfo);
    await page.goto('/signup');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Profile photo (optional)').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PHOTO_PNG,
    });
    await expect(page.getByText('me.png')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(page.getByText('User created successfully, please sign in')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    expect(await accessToken(page)).toBeNull();

    await signInThroughForm(page, account);
    await expect(page).toHaveURL(/\/$/);
    const avatar = page.getByRole('button', { name: /Account menu/ }).locator('img');
    await expect(avatar).toHaveAttribute('src', /\/api\/uploads\//);
    expect(await accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test('a second sign-up with the same e-mail fails with the spec toast', async ({ page }, testInfo) => {
    const account = newAccount(testInfo);
    for (const attempt of [1, 2]) {
      await page.goto('/signup');
      await signUpThroughForm(page, account);
      const message =
        attempt === 1
          ? 'User created successfully, please sign in'
          : 'User creation failed, please try again';
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page).toHaveURL(/\/signup$/);
  });
});
