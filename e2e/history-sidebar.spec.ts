import { expect, test } from '@playwright/test';
import {
  historyItem,
  historyList,
  openItemMenu,
  openService,
  seedChat,
  sidebar,
} from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { sidebarTitle } from './support/tool-inputs.ts';

test('user block, New Chat, and a service change clearing the selection', async ({ page }, testInfo) => {
  const account = await openService(page, testInfo, 'code-explainer');
  const block = sidebar(page);
  await expect(block.getByTestId('sidebar-service-name')).toHaveText('Code Explainer');
  // The test usernames are longer than 20 characters: cut to 20 plus '...'.
  await expect(block.getByTestId('sidebar-user-name')).toHaveText(`${account.username.slice(0, 20)}...`);
  await expect(block.getByText('Free Plan', { exact: true })).toBeVisible();
  await expect(block.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');

  await seedChat(page, {
    service: 'code-explainer',
    title: 'Older chat about loops',
    prompt: 'for (;;) {}',
    reply: 'An **endless** loop.',
  });
  await seedChat(page, {
    service: 'code-explainer',
    title: 'Newest chat',
    prompt: 'x++',
    reply: 'Adds one.',
  });
  await seedChat(page, {
    service: 'code-refactor',
    title: 'Refactor chat',
    prompt: 'y--',
    reply: 'Removes one.',
  });
  await page.reload();

  // Newest first, only this service's chats.
  const items = historyList(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Newest chat');
  await expect(items.nth(1)).toContainText(sidebarTitle('Older chat about loops'));

  await page.getByLabel('Your Code').fill('half-typed code');
  await historyItem(page, sidebarTitle('Older chat about loops')).click();
  await expect(historyItem(page, sidebarTitle('Older chat about loops'))).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByRole('region', { name: 'AI Output' }).locator('strong')).toHaveText('endless');

  // New Chat: no selection, and a fresh form.
  await block.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByRole('region', { name: 'AI Output' })).toBeHidden();
  await expect(historyList(page).locator('[aria-current]')).toHaveCount(0);
  await expect(page.getByLabel('Your Code')).toHaveValue('');

  // A service change clears the selection and shows that service's history.
  await historyItem(page, 'Newest chat').click();
  await expect(page.getByRole('region', { name: 'Prompt' })).toContainText('x++');
  await page.getByRole('banner').getByRole('button', { name: 'Services' }).click();
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Code Refactor/ })
    .click();
  await expect(page).toHaveURL(/\/services\/code-refactor$/);
  await expect(block.getByTestId('sidebar-service-name')).toHaveText('Code Refactor');
  await expect(page.getByRole('button', { name: 'Refactor Code' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prompt' })).toBeHidden();
  await expect(historyList(page).getByRole('listitem')).toHaveCount(1);
  await expect(historyItem(page, 'Refactor chat')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Explain Code' })).toBeVisible();
  await expect(historyList(page).locator('[aria-current]')).toHaveCount(0);
});

test('rename: Escape cancels, blur saves; a chat without a reply says so', async ({ page }, testInfo) => {
  await openService(page, testInfo, 'email-helper');
  await seedChat(page, { service: 'email-helper', title: 'Draft for Sam', prompt: 'Ask Sam for the report' });
  await page.reload();

  await historyItem(page, 'Draft for Sam').click();
  await expect(page.getByRole('region', { name: 'Prompt' })).toContainText('Ask Sam for the report');
  await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('no message yet');

  await openItemMenu(page, 'Draft for Sam');
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const input = page.getByRole('textbox', { name: 'Chat title' });
  await input.fill('Should not stick');
  await input.press('Escape');
  await expect(input).toBeHidden();
  await expect(historyItem(page, 'Draft for Sam')).toBeVisible();
  await expect(sidebar(page)).toBeVisible();

  await openItemMenu(page, 'Draft for Sam');
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await input.fill('  Report request to Sam, second try  ');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(historyItem(page, sidebarTitle('Report request to Sam, second try'))).toBeVisible();
  await page.reload();
  await expect(historyItem(page, sidebarTitle('Report request to Sam, second try'))).toHaveAttribute(
    'title',
    'Report request to Sam, second try',
  );
});

test('sidebar and chat errors use the spec messages', async ({ page }, testInfo) => {
  await openService(page, testInfo, 'article-generator');
  const id = await seedChat(page, {
    service: 'article-generator',
    title: 'Broken one',
    prompt: 'p',
    reply: 'r',
  });
  await page.route(`**/api/history/item/${id}`, (route) =>
    route.fulfill({
      status: 404,
      json: { error: { code: 'not_found:history', message: 'No such history chat.' } },
    }),
  );
  await page.reload();
  await historyItem(page, 'Broken one').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch history' })).toBeVisible();

  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.route(`**/api/history/${id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          json: { error: { code: 'internal', message: 'Something went wrong.' } },
        })
      : route.fallback(),
  );
  await openItemMenu(page, 'Broken one');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect.poll(() => logs.some((l) => l.startsWith('Failed to delete history'))).toBe(true);
  await expect(historyItem(page, 'Broken one')).toBeVisible();

  await page.route('**/api/history/article-generator/**', (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'Nope.' } } }),
  );
  await page.route('**/api/users/**', (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'not_found:user', message: 'No such user.' } } }),
  );
  await page.reload();
  await expect(sidebar(page).getByText('Error loading chat history')).toBeVisible();
  await expect(sidebar(page).getByText('Error fetching user data')).toBeVisible();
});

test("a saved chat's request reads like the live one: its code highlighted, raw HTML as text", async ({
  page,
}, testInfo) => {
  await openService(page, testInfo, 'code-explainer');
  // The request as the code explainer writes it: an instruction, then the code in a fence.
  const prompt = [
    'Explain the following **javascript** code:',
    '',
    '```javascript',
    'const total = items.reduce((sum, item) => sum + item.price, 0);',
    '```',
    '',
    'Also <img src=x onerror="window.__pwned=1"> and <b>bold</b>.',
  ].join('\n');
  await seedChat(page, { service: 'code-explainer', title: 'Reduce explained', prompt, reply: 'It sums.' });
  await page.reload();
  await historyItem(page, 'Reduce explained').click();

  const request = page.getByRole('region', { name: 'Prompt' }).getByRole('region', { name: 'Request text' });
  const code = request.locator('pre code');
  await expect(code).toHaveText('const total = items.reduce((sum, item) => sum + item.price, 0);');
  await expect(code).toHaveClass(/hljs language-javascript/);
  await expect(code.locator('.hljs-keyword').first()).toHaveText('const');
  await expect(request.locator('.md-code').getByText('javascript', { exact: true })).toBeVisible();
  await expect(request.getByRole('button', { name: 'Copy code' })).toBeVisible();
  await expect(request.locator('strong')).toHaveText('javascript');
  // No fence marks left as text, and the HTML shown as text, never run or fetched.
  await expect(request).not.toContainText('```');
  await expect(request).toContainText('<img src=x onerror="window.__pwned=1">');
  await expect(request.locator('img, b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await shot(page, testInfo, 'saved-prompt-markdown.png');
});

test.describe('small screens', () => {
  test('the sidebar is an overlay, and opens by itself once the window is wide', async ({
    page,
  }, testInfo) => {
    await openService(page, testInfo, 'resume-assistant');
    await seedChat(page, {
      service: 'resume-assistant',
      title: 'CV for Berlin',
      prompt: 'cv',
      reply: 'Better CV.',
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(sidebar(page)).not.toBeInViewport();

    const open = page.getByRole('button', { name: 'Open sidebar' });
    await open.click();
    await expect(sidebar(page)).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).not.toBeInViewport();

    await open.click();
    await historyItem(page, 'CV for Berlin').click();
    await expect(sidebar(page)).not.toBeInViewport();
    await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('Better CV.');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sidebar(page)).toBeInViewport();
    await expect(open).toBeHidden();
    await page.setViewportSize({ width: 900, height: 800 });
    await expect(sidebar(page)).not.toBeInViewport();
  });
});
