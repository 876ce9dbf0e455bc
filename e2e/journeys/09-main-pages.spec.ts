// Each main page, loaded with realistic content, on every project's screen (desktop and phone): a
// full-page screenshot (artifacts/screenshots/{project}-{page}.png, also in the report) and axe-core
// failing on serious or critical violations, and on any picture that did not arrive.
import type { Page, TestInfo } from '@playwright/test';
import { newCustomer, uniqueName, type ShopApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { a11yProblems, loadAllImages, screenshot } from '../support/pages';
import { expectSellerLoginScreen, loginModal, openLoginModal, openShop } from '../support/shop';

/** Pictures that did not arrive: broken images, and the neutral box a product picture falls back to. */
async function missingPictures(page: Page): Promise<string[]> {
  const broken = await loadAllImages(page);
  const fallbacks = await page
    .locator('div[role="img"]')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') || '(unnamed)'));
  return [
    ...broken.map((src) => `broken image ${src}`),
    ...fallbacks.map((name) => `no picture for ${name}`),
  ];
}

/**
 * Once the page is `ready` and no loading placeholder is left: screenshots it, and fails with every
 * serious or critical axe violation and every picture that did not load.
 */
async function capture(
  page: Page,
  testInfo: TestInfo,
  name: string,
  ready: () => Promise<void>,
  { fullPage = true } = {},
): Promise<void> {
  await ready();
  await expect(page.locator('[aria-busy="true"]').first(), 'the loading placeholders').toBeHidden();
  const problems: string[] = [];
  const missing = await missingPictures(page);
  if (missing.length)
    problems.push(`${name}: ${missing.length} picture(s) missing:\n  ${missing.join('\n  ')}`);
  await screenshot(page, testInfo, name, { fullPage });
  problems.push(await a11yProblems(page, testInfo, name));
  expect(
    problems.filter(Boolean).join('\n\n'),
    'no missing pictures and no serious or critical axe violations',
  ).toBe('');
}

async function signedInCustomer(api: ShopApi, { cart = true, order = false } = {}): Promise<void> {
  await api.signUp(newCustomer('pages'));
  const address = await api.addAddress();
  const products = await api.inStockProducts();
  if (order) {
    await api.placeOrder({
      lines: [
        { product: products[1], quantity: 2 },
        { product: products[6], quantity: 1 },
      ],
      addressId: address._id,
    });
  }
  if (cart) await api.setCart({ [products[0]._id]: 2, [products[3]._id]: 1, [products[8]._id]: 3 });
}

const main = (page: Page) => page.getByRole('main');

test.describe('main pages', { tag: '@phone' }, () => {
  test('home', async ({ page }, testInfo) => {
    await openShop(page, '/');
    await capture(page, testInfo, 'home', () =>
      expect(
        main(page).getByRole('region', { name: 'Shop groceries' }).getByRole('article').first(),
      ).toBeVisible(),
    );
  });

  test('login modal', async ({ page, isMobile }, testInfo) => {
    await openShop(page, '/');
    await openLoginModal(page, { isMobile });
    // A dialog over the page: the visible screen is what the shopper sees.
    await capture(
      page,
      testInfo,
      'login-modal',
      () => expect(loginModal(page).getByLabel('First name')).toBeVisible(),
      {
        fullPage: false,
      },
    );
  });

  test('all products', async ({ page }, testInfo) => {
    await openShop(page, '/products');
    await capture(page, testInfo, 'products', () =>
      expect(main(page).getByRole('article').first()).toBeVisible(),
    );
  });

  test('category', async ({ page }, testInfo) => {
    await openShop(page, '/products/dairy');
    await capture(page, testInfo, 'category', () =>
      expect(main(page).getByRole('article').first()).toBeVisible(),
    );
  });

  test('product detail', async ({ page, api }, testInfo) => {
    const product = (await api.inStockProducts()).find((p) => p.offerPrice < p.price);
    expect(product, 'an in-stock product on offer').toBeDefined();
    const { category, _id, name } = product as NonNullable<typeof product>;
    await openShop(page, `/products/${category.toLowerCase()}/${_id}`);
    await capture(page, testInfo, 'product', () =>
      expect(main(page).getByRole('heading', { name, level: 1 })).toBeVisible(),
    );
  });

  test('cart', async ({ page, api }, testInfo) => {
    await signedInCustomer(api);
    await openShop(page, '/cart');
    await capture(page, testInfo, 'cart', () =>
      expect(
        page.getByRole('complementary', { name: 'Order Summary' }).getByText('Total Amount:'),
      ).toBeVisible(),
    );
  });

  test('add address', async ({ page, api }, testInfo) => {
    await signedInCustomer(api);
    await openShop(page, '/add-address');
    await capture(page, testInfo, 'add-address', () =>
      expect(main(page).getByRole('radio').first()).toBeVisible(),
    );
  });

  test('my orders', async ({ page, api }, testInfo) => {
    await signedInCustomer(api, { cart: false, order: true });
    await openShop(page, '/my-orders');
    await capture(page, testInfo, 'my-orders', () =>
      expect(main(page).getByRole('article').first()).toBeVisible(),
    );
  });

  test('my orders, changing an order', async ({ page, api }, testInfo) => {
    await signedInCustomer(api, { cart: false, order: true });
    await openShop(page, '/my-orders');
    await main(page)
      .getByRole('button', { name: /^Change order \(until/ })
      .first()
      .click();
    await capture(page, testInfo, 'my-orders-change', () =>
      expect(main(page).getByRole('region', { name: 'Change order' })).toBeVisible(),
    );
  });

  test('profile', async ({ page, api }, testInfo) => {
    await signedInCustomer(api, { cart: false });
    await openShop(page, '/profile');
    await capture(page, testInfo, 'profile', () =>
      expect(main(page).getByRole('tablist', { name: 'Profile sections' })).toBeVisible(),
    );
  });

  test('contact', async ({ page }, testInfo) => {
    await openShop(page, '/contact-us');
    await capture(page, testInfo, 'contact', () =>
      expect(main(page).getByRole('button', { name: 'Send Message' })).toBeVisible(),
    );
  });

  test('privacy policy', async ({ page }, testInfo) => {
    await openShop(page, '/privacy-policy');
    await capture(page, testInfo, 'privacy-policy', () =>
      expect(main(page).getByRole('heading', { level: 1 })).toBeVisible(),
    );
  });

  test('not found', async ({ page }, testInfo) => {
    await openShop(page, '/no-such-page');
    await capture(page, testInfo, 'not-found', () =>
      expect(main(page).getByRole('heading', { level: 1 })).toBeVisible(),
    );
  });

  test('seller login', async ({ page }, testInfo) => {
    await page.goto('/seller');
    await capture(page, testInfo, 'seller-login', () => expectSellerLoginScreen(page));
  });

  test('seller dashboard', async ({ page, api }, testInfo) => {
    await api.sellerLogin();
    await page.goto('/seller');
    await capture(page, testInfo, 'seller-dashboard', async () => {
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
        timeout: 45_000,
      });
      // The chart is an SVG without a role of its own.
      await expect(page.locator('.recharts-surface').first(), 'the 14-day chart').toBeVisible();
    });
  });

  test('seller edit product', async ({ page, api, catalogue }, testInfo) => {
    const product = await catalogue.add({
      name: uniqueName('Wholemeal Bloomer'),
      description: ['Baked in Bristol', 'Sliced on request'],
      category: 'Bakery',
      price: 2.4,
      offerPrice: 2.1,
      vat: 0,
      stock: 12,
      ingredients: 'Wholemeal wheat flour, water, yeast, salt',
      allergens: ['gluten'],
    });
    await api.sellerLogin();
    await page.goto(`/seller/edit-product/${product._id}`);
    await capture(page, testInfo, 'seller-edit-product', () =>
      expect(page.getByRole('heading', { name: 'Edit Product', level: 1 })).toBeVisible({ timeout: 45_000 }),
    );
  });

  test('seller add product', async ({ page, api }, testInfo) => {
    await api.sellerLogin();
    await page.goto('/seller/add-product');
    await capture(page, testInfo, 'seller-add-product', () =>
      expect(page.getByRole('heading', { name: 'Add Product', level: 1 })).toBeVisible({ timeout: 45_000 }),
    );
  });

  test('seller product list', async ({ page, api }, testInfo) => {
    await api.sellerLogin();
    await page.goto('/seller/product-list');
    await capture(page, testInfo, 'seller-product-list', () =>
      expect(page.getByRole('switch').first()).toBeVisible({ timeout: 45_000 }),
    );
  });

  test('seller orders', async ({ page, api }, testInfo) => {
    // The seller's and the customer's sessions are separate cookies: one context can hold both.
    await signedInCustomer(api, { cart: false, order: true });
    await api.sellerLogin();
    await page.goto('/seller/orders');
    await capture(page, testInfo, 'seller-orders', () =>
      expect(page.getByRole('main').getByRole('article').first()).toBeVisible({ timeout: 45_000 }),
    );
  });

  test('seller picking', async ({ page, api }, testInfo) => {
    await signedInCustomer(api, { cart: false, order: true });
    const { date } = await api.deliverySlots();
    await api.sellerLogin();
    await page.goto(`/seller/picking?date=${date}`);
    await capture(page, testInfo, 'seller-picking', () =>
      expect(page.getByRole('main').getByRole('article').first()).toBeVisible({ timeout: 45_000 }),
    );
  });

  test('seller run sheet, printed', async ({ page, api }, testInfo) => {
    await signedInCustomer(api, { cart: false, order: true });
    const { date } = await api.deliverySlots();
    await api.sellerLogin();
    await page.goto(`/seller/run-sheet?${new URLSearchParams({ date, time: '10:00 - 11:00' }).toString()}`);
    await page.emulateMedia({ media: 'print' });
    await capture(page, testInfo, 'seller-run-sheet-print', async () => {
      await expect(page.getByRole('table')).toBeVisible({ timeout: 45_000 });
      await expect(page.getByRole('navigation', { name: 'Seller menu' })).toBeHidden();
    });
  });
});
