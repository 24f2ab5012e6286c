import { expect, type Locator, type Page, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { historyItem, openService, toolOutput } from './support/service-helpers.ts';
import { sidebarTitle } from './support/tool-inputs.ts';

const INJECTION = [
  '# Totally normal answer',
  '',
  '<script>window.__xss = "script"</script>',
  '',
  '<img src="x" onerror="window.__xss = \'img\'">',
  '',
  "[click me](javascript:window.__xss='link')",
  '',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '',
  '![pixel](https://tracker.example/p.png?leak=1)',
].join('\n');

async function expectInert(page: Page, region: Locator) {
  await expect(region.getByRole('heading', { name: 'Totally normal answer' })).toBeVisible();
  await expect(region.locator('script')).toHaveCount(0);
  await expect(region.locator('img')).toHaveCount(0);
  await expect(region.locator('[onerror]')).toHaveCount(0);
  await expect(region).toContainText('<script>window.__xss = "script"</script>');
  const link = region.getByText('click me');
  const href = await link.getAttribute('href');
  expect(href ?? '').not.toMatch(/javascript:/i);
  await link.click();
  const dataHref = (await region.getByText('data link').getAttribute('href')) ?? '';
  expect(dataHref).not.toMatch(/^data:/i);
  // The image becomes a link: nothing is fetched from the tracker.
  await expect(region.getByRole('link', { name: 'pixel' })).toHaveAttribute('href', /tracker\.example/);
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
}

test('a markdown-injection reply stays inert, live and saved', async ({ page }, testInfo) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const marker = newMarker();
  await scriptReply(marker, { text: INJECTION });
  await openService(page, testInfo, 'article-generator');

  const topic = `Injection test ${marker}`;
  await page.getByLabel('Article Topic').fill(topic);
  await page.getByRole('button', { name: 'Generate Article' }).click();
  await expect(toolOutput(page)).toContainText('pixel');
  await expect(page.getByRole('button', { name: 'Copy output' })).toBeVisible();
  await expectInert(page, toolOutput(page));

  await historyItem(page, sidebarTitle(topic)).click();
  await expectInert(page, page.getByRole('region', { name: 'AI Output' }));
  expect(requests.some((url) => url.includes('tracker.example'))).toBe(false);
});
