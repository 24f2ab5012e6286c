import { expect, type Page, test } from '@playwright/test';

const AUDIENCES = [
  'Developers',
  'Writers and content creators',
  'Small and medium teams',
  'Enterprises',
  'Students and educators',
  'Startups',
  'Freelancers',
  'Agencies',
];

function audienceTriggers(page: Page) {
  return page.getByTestId('audience-accordion').getByRole('button');
}

async function expandedNames(page: Page): Promise<string[]> {
  const triggers = await audienceTriggers(page).all();
  const names: string[] = [];
  for (const trigger of triggers) {
    if ((await trigger.getAttribute('aria-expanded')) === 'true')
      names.push((await trigger.textContent()) ?? '');
  }
  return names;
}

test.describe('audience accordion', () => {
  test('lists the eight audiences and keeps one open at a time', async ({ page }) => {
    await page.goto('/');
    await expect(audienceTriggers(page)).toHaveText(AUDIENCES);
    expect(await expandedNames(page)).toEqual(['Developers']);
    await expect(page.getByText(/Paste an unfamiliar function/)).toBeVisible();

    await page.getByRole('button', { name: 'Enterprises' }).click();
    expect(await expandedNames(page)).toEqual(['Enterprises']);
    await expect(page.getByText(/Run Draftsmith inside your own network/)).toBeVisible();
    await expect(page.getByText(/Paste an unfamiliar function/)).toBeHidden();

    // Collapsible: the open item closes again, leaving none open.
    await page.getByRole('button', { name: 'Enterprises' }).click();
    expect(await expandedNames(page)).toEqual([]);
  });

  test('is operable with the keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Developers' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'Writers and content creators' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await expandedNames(page)).toEqual(['Writers and content creators']);
    await expect(page.getByText(/Turn a topic into a well-structured article/)).toBeVisible();

    await page.keyboard.press('End');
    await expect(page.getByRole('button', { name: 'Agencies' })).toBeFocused();
    await page.keyboard.press('Space');
    expect(await expandedNames(page)).toEqual(['Agencies']);

    await page.keyboard.press('Home');
    await expect(page.getByRole('button', { name: 'Developers' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Developers' })).toBeFocused();
  });
});

test.describe('services showcase', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('slides the six tools sideways as the page scrolls', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'See every tool at work' });
    await page
      .getByRole('heading', { name: 'Built for everyone who writes or codes' })
      .scrollIntoViewIfNeeded();
    const section = page.getByTestId('showcase-pinned');
    await expect(section).toBeAttached();
    await expect(section.getByRole('heading', { level: 3 })).toHaveCount(6);
    const top = await section.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const offsetAt = async (delta: number) => {
      await page.evaluate((y) => window.scrollTo(0, y), top + delta);
      await expect(heading).toBeInViewport();
      await page.waitForTimeout(150);
      return section.locator('ul').evaluate((ul) => new DOMMatrix(getComputedStyle(ul).transform).m41);
    };
    const start = await offsetAt(0);
    const later = await offsetAt(400);
    expect(start).toBeCloseTo(0, 0);
    expect(later).toBeLessThan(-300);
    await expect(section.getByText('Resume Assistant')).toBeAttached();
  });

  test('is a static grid when the reader prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page
      .getByRole('heading', { name: 'Built for everyone who writes or codes' })
      .scrollIntoViewIfNeeded();
    const section = page.getByTestId('showcase-static');
    await expect(section).toBeAttached();
    await expect(page.getByTestId('showcase-pinned')).toHaveCount(0);
    await expect(section.getByRole('heading', { level: 3 })).toHaveCount(6);
    const animation = await page
      .getByTestId('partner-strip')
      .evaluate((el) => getComputedStyle(el.firstElementChild!).animationName);
    expect(animation).toBe('none');
  });
});
