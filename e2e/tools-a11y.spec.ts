import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { historyItem, openItemMenu, openService, toolOutput } from './support/service-helpers.ts';
import { sidebarTitle } from './support/tool-inputs.ts';

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the service screens have no axe violations (${theme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: theme });
    const marker = newMarker();
    await scriptReply(marker, {
      text: '## Result\n\n- one\n- two\n\n```ts\nconst a: number = 1;\n```\n\n| k | v |\n|---|---|\n| a | 1 |',
    });
    await openService(page, testInfo, 'code-refactor');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    expect(await violations(page)).toEqual([]);

    const code = `const a = 1; // ${marker}`;
    await page.getByLabel('Your Code').fill(code);
    await page.getByRole('button', { name: 'Refactor Code' }).click();
    await expect(toolOutput(page).locator('code.hljs')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy output' })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await historyItem(page, sidebarTitle(code)).click();
    await expect(page.getByRole('region', { name: 'AI Output' }).locator('code.hljs')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await openItemMenu(page, code);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}
