// A first visit on a phone and on a desktop screen: the page names the storefront's files up front
// (so they download beside the host's script), asks for the session once, fetches a listing's first
// picture first, and nothing on screen moves when the products arrive; the login modal, loaded only
// when first opened, still opens at once.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { loginModal, openLoginModal, openShop } from '../support/shop';

/** Records every layout shift (not caused by input) from the very start of the page. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { larderShifts: number[] }).larderShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShiftScore(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { larderShifts: number[] }).larderShifts.reduce((sum, value) => sum + value, 0),
  );
}

test.describe('a fast first visit @phone', () => {
  test("the home page names its files up front, comes with the visitor's session and does not shift", async ({
    page,
  }) => {
    const sessionRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user/is-auth') sessionRequests.push(request.url());
    });
    await recordLayoutShifts(page);

    await openShop(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Freshness you can trust, savings you will love!',
    );
    await expect(page.getByTestId('product-card').first()).toBeVisible();

    const preloaded = await page
      .locator('head link[rel="preload"][as="script"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloaded).toContain('/remotes/storefront/remoteEntry.js');
    expect(preloaded.some((href) => /^\/remotes\/storefront\/page-home\.[0-9a-f]+\.js$/.test(href))).toBe(
      true,
    );
    expect(preloaded.some((href) => /^\/bootstrap\.[0-9a-f]+\.js$/.test(href))).toBe(true);
    // The remote manifest is in the page, so the browser does not ask for /remotes.json.
    const manifest = JSON.parse((await page.locator('#larder-remotes').textContent()) ?? '{}');
    expect(manifest.storefront).toBe('/remotes/storefront/remoteEntry.js');

    // Everything has arrived: the catalogue is on screen, and the page said the visitor has no session, so the
    // browser did not ask.
    await expect(page.locator('[aria-busy="true"]').first()).toBeHidden();
    expect(sessionRequests).toHaveLength(0);
    expect(await layoutShiftScore(page)).toBeLessThan(0.1);
  });

  test('a category page names its own page chunk and does not shift', async ({ page }) => {
    await recordLayoutShifts(page);
    await openShop(page, '/products/fruits');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]').first()).toBeHidden();
    await expect(page.getByTestId('product-card').nth(1)).toBeVisible();
    const preloaded = await page
      .locator('head link[rel="preload"][as="script"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloaded.some((href) => /^\/remotes\/storefront\/page-category\./.test(href))).toBe(true);
    expect(preloaded.some((href) => /^\/remotes\/storefront\/page-home\./.test(href))).toBe(false);
    // The first card's picture is asked for before any script: its preload leads the head.
    const head = await page
      .locator('head script[src], head link[rel="preload"], head link[rel="stylesheet"]')
      .evaluateAll((elements) =>
        elements.map((element) =>
          element.tagName === 'SCRIPT'
            ? 'script'
            : `${element.getAttribute('as') ?? 'style'} ${element.getAttribute('fetchpriority') ?? ''}`,
        ),
      );
    expect(head[0]).toBe('image high');
    // The first card's picture, the largest thing on arrival, is fetched first; the others are not.
    const priorities = await page
      .getByTestId('product-card')
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('fetchpriority')));
    expect(priorities[0]).toBe('high');
    expect(priorities.slice(1).filter((value) => value === 'high')).toEqual([]);
    expect(await layoutShiftScore(page)).toBeLessThan(0.1);
  });

  test('the login modal, loaded on first use, opens and closes', async ({ page, isMobile }) => {
    await openShop(page, '/');
    const modal = await openLoginModal(page, { isMobile });
    await expect(modal.getByLabel('Email')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(loginModal(page)).toBeHidden();
  });
});
