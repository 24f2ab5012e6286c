import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signedInAccount, type TestAccount } from './accounts.ts';

/** A fresh account (a chosen username, if given), signed in, on /services/<slug> with the form ready. */
export async function openService(
  page: Page,
  testInfo: TestInfo,
  slug: string,
  overrides: Partial<TestAccount> = {},
): Promise<TestAccount> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await signedInAccount(page, testInfo, overrides);
  await page.goto(`/services/${slug}`);
  await expect(page.getByRole('navigation', { name: 'History' })).toBeVisible();
  return account;
}

export const sidebar = (page: Page): Locator => page.getByRole('complementary', { name: 'Service sidebar' });
export const historyList = (page: Page): Locator => page.getByRole('list', { name: 'Chat history' });
export const toolOutput = (page: Page): Locator => page.getByTestId('tool-output');

/** A sidebar chat by its shown (cut) title. */
export const historyItem = (page: Page, shownTitle: string): Locator =>
  historyList(page).getByRole('button', { name: shownTitle, exact: true });

export async function openItemMenu(page: Page, fullTitle: string) {
  await historyList(page)
    .getByRole('button', { name: `Options for ${fullTitle}`, exact: true })
    .click();
}

export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

export interface SeedChat {
  service: string;
  title: string;
  prompt: string;
  /** Leave out for a chat without a reply. */
  reply?: string;
}

/** Saves a chat through POST /api/history as the signed-in user; returns its id. */
export async function seedChat(page: Page, chat: SeedChat): Promise<string> {
  const { token, uid } = await page.evaluate(() => {
    const value = localStorage.getItem('access-token') ?? '';
    const payload = JSON.parse(atob(value.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub: string;
    };
    return { token: value, uid: payload.sub };
  });
  const messages = [{ role: 'user', content: chat.prompt }];
  if (chat.reply !== undefined) messages.push({ role: 'assistant', content: chat.reply });
  const response = await page.request.post('/api/history', {
    headers: { authorization: `Bearer ${token}` },
    data: { uid, service: chat.service, title: chat.title, messages },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { history: { _id: string } }).history._id;
}

/**
 * Records, inside the page, whether the output was ever seen holding `partial` but not yet `final`
 * while the Stop button was offered: proof of streaming that does not depend on assertion timing.
 */
export async function watchForPartialOutput(page: Page, partial: string, final: string) {
  await page.evaluate(
    ([p, f]) => {
      const w = window as { __sawPartial?: boolean };
      w.__sawPartial = false;
      const check = () => {
        const text = document.querySelector('[data-testid="tool-output"]')?.textContent ?? '';
        const stop = [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Stop');
        if (stop && text.includes(p!) && !text.includes(f!)) w.__sawPartial = true;
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    [partial, final],
  );
  return () => page.evaluate(() => (window as { __sawPartial?: boolean }).__sawPartial === true);
}

/**
 * Uses up the free plan's month (the e2e server's default of 20 generations) through the API with the
 * page's token, then reloads the page, whose sidebar then says so.
 */
export async function useUpFreeGenerations(page: Page, count = 20) {
  const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
  const generate = async (i: number) => {
    const res = await page.request.post('/api/generate-article', {
      headers: { authorization: `Bearer ${token}` },
      data: { topic: `Topic ${i}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  // Two at a time, as many as a user may have running (AI_MAX_IN_FLIGHT_PER_USER's default).
  for (let i = 0; i < count; i += 2) {
    await Promise.all([generate(i), ...(i + 1 < count ? [generate(i + 1)] : [])]);
  }
  await page.reload();
  await expect(page.getByText(`${count} of ${count} generations this month`)).toBeAttached();
}
