import { expect, type Locator, test } from '@playwright/test';
import { historyItem, openService, seedChat, sidebar } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';

/**
 * What the sidebar shows is the spec's cut and nothing shorter (docs/product.md §2): the display name
 * whole below 20 characters and 20 plus '...' from 20 on, a chat title 20 plus '...' whatever its
 * characters, each fully inside the sidebar; and the logo at every width.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** The element shows all of its text (no CSS ellipsis) and lies inside the sidebar. */
async function expectWholeInsideSidebar(element: Locator, sidebarBox: Locator) {
  const fit = await element.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
  expect(fit.scroll, 'the text is not cut again by CSS').toBeLessThanOrEqual(fit.client);
  const box = (await element.boundingBox())!;
  const bounds = (await sidebarBox.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(bounds.x);
  expect(box.x + box.width).toBeLessThanOrEqual(bounds.x + bounds.width);
}

for (const { name, shown } of [
  { name: 'Christopher Johnson', shown: 'Christopher Johnson' },
  { name: 'Maximiliana Wolfeschlegel', shown: 'Maximiliana Wolfesch...' },
]) {
  test(`a ${name.length}-character display name shows as '${shown}', whole`, async ({ page }, testInfo) => {
    await openService(page, testInfo, 'article-generator', { username: name });
    const name$ = sidebar(page).getByTestId('sidebar-user-name');
    await expect(name$).toHaveText(shown);
    await expectWholeInsideSidebar(name$, sidebar(page));
    // The plan line and Upgrade still fit beside it.
    await expect(sidebar(page).getByText('Free Plan', { exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Upgrade' })).toBeInViewport();
    await shot(page, testInfo, `sidebar-name-${name.length}.png`);
  });
}

test('a 40-character title without spaces is cut to 20 plus "..." inside the sidebar', async ({
  page,
}, testInfo) => {
  await openService(page, testInfo, 'code-explainer');
  const title = 'const_result=document.querySelectorAll()';
  expect(title).toHaveLength(40);
  await seedChat(page, { service: 'code-explainer', title, prompt: 'x', reply: 'y' });
  await seedChat(page, {
    service: 'code-explainer',
    title: 'W'.repeat(40),
    prompt: 'x',
    reply: 'y',
  });
  await page.reload();
  // An ordinary unbroken title: the rule's cut, all of it visible, inside the sidebar.
  const code = historyItem(page, 'const_result=documen...');
  await expect(code.getByTestId('history-title')).toHaveText('const_result=documen...');
  await expectWholeInsideSidebar(code.getByTestId('history-title'), sidebar(page));
  // Twenty of the widest letter are wider than the row: CSS then cuts once more, still inside the row.
  const wide = historyItem(page, `${'W'.repeat(20)}...`);
  await expect(wide.getByTestId('history-title')).toHaveText(`${'W'.repeat(20)}...`);
  const titleBox = (await wide.getByTestId('history-title').boundingBox())!;
  const rowBox = (await wide.boundingBox())!;
  expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
  await expectWholeInsideSidebar(wide, sidebar(page));
  const list = sidebar(page).getByRole('navigation', { name: 'History' });
  const overflow = await list.evaluate((node) => {
    const scroller = node.querySelector('ul')?.parentElement ?? node;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  expect(overflow, 'nothing scrolls the history sideways').toBe(0);
  await shot(page, testInfo, 'sidebar-long-titles.png');
});

test('the sidebar shows the logo on wide screens too, linking home', async ({ page }, testInfo) => {
  await openService(page, testInfo, 'email-helper');
  const logo = sidebar(page).getByRole('link', { name: 'Draftsmith' });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('href', '/');
  await expect(sidebar(page).getByRole('button', { name: 'Close sidebar' })).toBeVisible();
  await shot(page, testInfo, 'sidebar-wide-logo.png');
});
