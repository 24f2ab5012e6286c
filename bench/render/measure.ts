import type { Browser, BrowserContext } from '@playwright/test';
import { HISTORY_PAGE_DEFAULT } from '#shared/history';
import { type ProbedPage, probedPage } from './browser.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const LIST_ITEMS = 'ul[aria-label="Chat history"] > li';

export interface Timed {
  ms: number;
  /** Long tasks meanwhile: their total and the longest, in ms. */
  longTotal: number;
  longest: number;
}

export interface SidebarRun {
  /** Navigation start → the first page of chats painted. */
  firstPage: Timed & { domElements: number; heapMb: number };
  /** Each 'Show older' click → its chats painted. */
  pages: Timed[];
  /** Once every chat of the tool is in the list. */
  end: { domElements: number; heapMb: number; chats: number };
}

/** Opens /services/<slug> and pages the sidebar through all `total` chats, as a user would. */
export async function measureSidebar(
  browser: Browser,
  state: StorageState,
  url: string,
  slug: string,
  total: number,
): Promise<SidebarRun> {
  const probed = await probedPage(browser, state);
  const { page } = probed;
  try {
    await page.goto(`${url}/services/${slug}`, { waitUntil: 'commit' });
    const firstCount = Math.min(HISTORY_PAGE_DEFAULT, total);
    const painted = await page.evaluate(([selector, count]) => window.__render.until(selector, count), [
      LIST_ITEMS,
      firstCount,
    ] as const);
    const long = await page.evaluate((to) => window.__render.longTasksIn(0, to), painted);
    const firstPage = {
      ms: painted,
      longTotal: long.total,
      longest: long.longest,
      ...(await probed.figures()),
    };

    const pages: Timed[] = [];
    for (;;) {
      const step = await page.evaluate(async (selector) => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Show older' && !b.disabled,
        );
        if (!button) return null;
        button.scrollIntoView({ block: 'nearest' });
        const before = document.querySelectorAll(selector).length;
        const start = performance.now();
        button.click();
        const end = await window.__render.until(selector, before + 1);
        const long = window.__render.longTasksIn(start, end);
        return { ms: end - start, longTotal: long.total, longest: long.longest };
      }, LIST_ITEMS);
      if (!step) break;
      pages.push(step);
    }
    const chats = await page.locator(LIST_ITEMS).count();
    if (chats !== total) throw new Error(`the sidebar of ${slug} lists ${chats} chats, not ${total}`);
    return { firstPage, pages, end: { ...(await probed.figures()), chats } };
  } finally {
    await probed.close();
  }
}

export type ChatRun = Timed & { domElements: number; heapMb: number };

/**
 * Opens /services/<slug>, waits for the page to settle, then clicks the chat titled `title` in the
 * sidebar: click → the answer rendered as markdown (the element holding `endText`) and painted.
 */
export async function measureChat(
  browser: Browser,
  state: StorageState,
  url: string,
  slug: string,
  title: string,
  endText: string,
): Promise<ChatRun> {
  const probed: ProbedPage = await probedPage(browser, state);
  const { page } = probed;
  try {
    await page.goto(`${url}/services/${slug}`);
    await page.locator(`${LIST_ITEMS} button[title="${title}"]`).waitFor();
    await page.waitForLoadState('networkidle');
    const timed = await page.evaluate(
      async ([selector, chatTitle, end]) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>(`${selector} button`)].find(
          (b) => b.title === chatTitle,
        );
        if (!button) throw new Error(`no chat titled ${chatTitle} in the sidebar`);
        const start = performance.now();
        button.click();
        const done = await window.__render.until('article .md-prose', 1, end);
        const long = window.__render.longTasksIn(start, done);
        return { ms: done - start, longTotal: long.total, longest: long.longest };
      },
      [LIST_ITEMS, title, endText] as const,
    );
    return { ...timed, ...(await probed.figures()) };
  } finally {
    await probed.close();
  }
}
