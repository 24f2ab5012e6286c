import { expect, type Page, test } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';
import { emulateTheme } from './support/theme.ts';

const SERVICES = [
  ['code-explainer', 'Code Explainer'],
  ['doc-summarizer', 'Doc Summarizer'],
  ['code-refactor', 'Code Refactor'],
  ['article-generator', 'Article Generator'],
  ['email-helper', 'Email Helper'],
  ['resume-assistant', 'Resume Assistant'],
] as const;

/** Scrolls down in steps so on-demand sections (the showcase) load, then back to the top. */
async function scrollThrough(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  let height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // Let a frame render so intersection observers see each position, as they would for a reader.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    height = await page.evaluate(() => document.documentElement.scrollHeight);
  }
  await expect(page.getByRole('heading', { name: 'See every tool at work' })).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe('landing page', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('has its title, description and Open Graph tags', async ({ page, request }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Home | Draftsmith');
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveCount(1);
    await expect(description).toHaveAttribute('content', /self-hostable AI assistant/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Draftsmith/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/^http:\/\/.+\/images\/landing\/og-image\.jpg$/);
    const response = await request.get(image!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/jpeg');
  });

  test('shows every section of the spec, in order, with the roadmap note', async ({ page }) => {
    await page.goto('/');
    await scrollThrough(page);
    const headings = await page.locator('main h1, main h2').allTextContents();
    expect(headings).toEqual([
      'AI Assistant for Developers & Writers',
      'Trusted by engineering and content teams at',
      'Six focused tools, one workspace',
      'Why Choose Draftsmith',
      'Built for everyone who writes or codes',
      'See every tool at work',
      'Trusted by Thousands',
      'Questions, answered',
    ]);
    for (const benefit of [
      'Save time',
      'Reduce errors',
      'Boost productivity',
      'Professional-ready output',
      'Easy to use',
      'Seamless integration',
    ]) {
      await expect(page.getByRole('heading', { name: benefit, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Our purpose' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
    await expect(page.getByText(/Some features described on this page may be on our roadmap/)).toBeVisible();
  });

  test('Get Started leads to the pricing page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose the plan that fits your work');
  });

  test('Explore Services scrolls to the services grid and moves focus there', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'Six focused tools, one workspace' });
    await expect(heading).not.toBeInViewport();
    await page.getByRole('button', { name: 'Explore Services' }).click();
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  test.describe('before the page has hydrated', () => {
    // The prerendered HTML alone: what a click meets while the page's code is still loading.
    test.use({ javaScriptEnabled: false });

    test('Explore Services still goes to the services grid', async ({ page }) => {
      await page.goto('/');
      const heading = page.getByRole('heading', { name: 'Six focused tools, one workspace' });
      await expect(heading).not.toBeInViewport();
      await page.getByRole('button', { name: 'Explore Services' }).click();
      await expect(heading).toBeInViewport();
    });
  });

  test('the partner strip repeats three times and scrolls left at 80 px/s, pausing on hover', async ({
    page,
  }) => {
    await page.goto('/');
    const strip = page.getByTestId('partner-strip');
    const copies = strip.getByTestId('partner-copy');
    await expect(copies).toHaveCount(3);
    await expect(copies.nth(0)).not.toHaveAttribute('aria-hidden', 'true');
    await expect(copies.nth(1)).toHaveAttribute('aria-hidden', 'true');
    await expect(copies.nth(2)).toHaveAttribute('aria-hidden', 'true');

    // The strip's stylesheet comes with the landing page's code, which may still be loading after `load`.
    await expect
      .poll(() =>
        strip.evaluate((element) => (element.firstElementChild as HTMLElement).getAnimations()[0]?.playState),
      )
      .toBe('running');
    const timing = await strip.evaluate((element) => {
      const track = element.firstElementChild as HTMLElement;
      const copyWidth = (track.firstElementChild as HTMLElement).getBoundingClientRect().width;
      const [animation] = track.getAnimations();
      const duration = Number(animation?.effect?.getComputedTiming().duration ?? 0);
      return { copyWidth, duration, state: animation?.playState };
    });
    expect(timing.state).toBe('running');
    expect((timing.copyWidth / timing.duration) * 1000).toBeCloseTo(80, 0);

    const offset = () =>
      strip.evaluate((element) => new DOMMatrix(getComputedStyle(element.firstElementChild!).transform).m41);
    const before = await offset();
    await page.waitForTimeout(300);
    expect(await offset()).toBeLessThan(before);

    await strip.hover();
    const paused = await offset();
    await page.waitForTimeout(300);
    expect(await offset()).toBe(paused);
  });

  test('six service cards lead to their routes, through sign-in when signed out', async ({ page }) => {
    await page.goto('/');
    for (const [slug, name] of SERVICES) {
      const link = page.getByTestId(`service-card-${slug}`);
      await expect(link).toHaveText(`Open ${name}`);
      await expect(link).toHaveAttribute('href', `/services/${slug}`);
    }
    await page.getByTestId('service-card-email-helper').click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('a signed-in user reaches each service from its card', async ({ page }, testInfo) => {
    await signedInAccount(page, testInfo);
    for (const [slug, name] of SERVICES) {
      await page.goto('/');
      await page.getByTestId(`service-card-${slug}`).click();
      await expect(page).toHaveURL(new RegExp(`/services/${slug}$`));
      await expect(page).toHaveTitle(`${name} | Draftsmith`);
    }
  });

  test('testimonials show quote, person, role and company, and an illustrated photo', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Trusted by Thousands' });
    const cards = section.getByRole('figure');
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toContainText('Amara Okafor');
    await expect(cards.first()).toContainText('Staff Engineer, Ferncode');
    await section.scrollIntoViewIfNeeded();
    const photos = section.getByRole('img', { name: /Illustrated portrait of/ });
    await expect(photos).toHaveCount(6);
    for (const photo of await photos.all()) {
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test('the authors of a row of testimonials line up, however long the quotes and roles', async ({
    page,
  }, testInfo) => {
    for (const width of [1280, 800, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const section = page.getByRole('region', { name: 'Trusted by Thousands' });
      await section.scrollIntoViewIfNeeded();
      const cards = await section.getByRole('figure').all();
      const places = await Promise.all(
        cards.map(async (card) => ({
          card: (await card.boundingBox())!,
          author: (await card.locator('figcaption').boundingBox())!,
        })),
      );
      // Cards whose tops match are a row; their authors start at one height.
      const rows = new Map<number, typeof places>();
      for (const place of places) {
        const top = Math.round(place.card.y);
        rows.set(top, [...(rows.get(top) ?? []), place]);
      }
      for (const row of rows.values()) {
        const tops = row.map((place) => Math.round(place.author.y));
        expect(Math.max(...tops) - Math.min(...tops), `${width}px`).toBeLessThanOrEqual(1);
      }
      if (width === 390) expect(rows.size).toBe(6);
      for (const theme of ['light', 'dark'] as const) {
        if (width === 800) continue;
        await emulateTheme(page, theme);
        await section.screenshot({ path: testInfo.outputPath(`landing-testimonials-${theme}-${width}.png`) });
      }
      await emulateTheme(page, 'light');
    }
  });
});
