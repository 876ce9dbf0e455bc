// The `test` every journey imports: Playwright's, with the shop's API bound to the test's browser
// context, a second signed-out browser for scenes with two people, and a check that the page threw
// no uncaught errors.
import { test as base, expect, request as requests, type Page } from '@playwright/test';
import { ShopApi, type NewProduct, type Product } from './api';
import { pinBrowserClock } from './clock';

interface Fixtures {
  /** The shop's API with the cookies of the test's own context (`page`). */
  api: ShopApi;
  /** A second person: a page in a separate browser context (own cookies), same settings as `page`. */
  otherPage: Page;
  /** The shop's API with the cookies of `otherPage`'s context. */
  otherApi: ShopApi;
  /**
   * Products the journey needs, added through the seller's API (its own signed-in session) and
   * deleted again when the journey ends.
   */
  catalogue: { add(product: NewProduct): Promise<Product> };
  /** The seller's API in its own signed-in session (stock, settings), separate from `page`'s cookies. */
  seller: ShopApi;
  /**
   * Sets how many orders one delivery slot takes for this journey; the capacity the shop had is put
   * back when the journey ends, so that other journeys can book slots again.
   */
  slotCapacity: { set(capacity: number): Promise<void> };
  /** Fails the journey when the page throws an uncaught error; keeps the browser console on failure. */
  pageErrors: void;
}

export const test = base.extend<Fixtures>({
  // Every browser runs at the run's London time of day, as the shop does (support/clock.ts).
  context: async ({ context }, use) => {
    await pinBrowserClock(context);
    await use(context);
  },

  api: async ({ page }, use) => {
    await use(new ShopApi(page.context().request));
  },

  otherPage: async ({ browser, baseURL, viewport, isMobile, hasTouch, locale, timezoneId }, use) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      reducedMotion: 'reduce',
    });
    await pinBrowserClock(context);
    const page = await context.newPage();
    await use(page);
    await context.close();
  },

  otherApi: async ({ otherPage }, use) => {
    await use(new ShopApi(otherPage.context().request));
  },

  catalogue: async ({ baseURL }, use) => {
    const seller = await requests.newContext({ baseURL });
    const api = new ShopApi(seller);
    await api.sellerLogin();
    const added: Product[] = [];
    await use({
      add: async (product) => {
        const created = await api.addProduct(product);
        added.push(created);
        return created;
      },
    });
    for (const product of added) await api.deleteProduct(product._id);
    await seller.dispose();
  },

  seller: async ({ baseURL }, use) => {
    const context = await requests.newContext({ baseURL });
    const api = new ShopApi(context);
    await api.sellerLogin();
    await use(api);
    await context.dispose();
  },

  slotCapacity: async ({ seller }, use) => {
    const before = await seller.slotCapacity();
    let changed = false;
    await use({
      set: async (capacity) => {
        changed = true;
        await seller.setSlotCapacity(capacity);
      },
    });
    if (changed) await seller.setSlotCapacity(before);
  },

  pageErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      const consoleLines: string[] = [];
      page.on('pageerror', (err) => errors.push(`${err.name}: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning')
          consoleLines.push(`[${msg.type()}] ${msg.text()}`);
      });
      page.on('requestfailed', (req) => {
        const failure = req.failure()?.errorText ?? 'failed';
        if (failure !== 'net::ERR_ABORTED')
          consoleLines.push(`[request] ${req.method()} ${req.url()} ${failure}`);
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus && consoleLines.length) {
        await testInfo.attach('browser console', {
          body: consoleLines.join('\n'),
          contentType: 'text/plain',
        });
      }
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
