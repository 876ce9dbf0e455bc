// The seller signs in, adds a product with two pictures, sees it in the shop, takes it out of stock
// (it leaves the shop's listings), and deletes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inPage, newContext, useBrowser } from '../support/browser.mjs';
import { SELLER } from '../support/env.mjs';
import { makePng } from '../support/png.mjs';
import {
  expectCount,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  eventually,
} from '../support/expect.mjs';
import {
  TEXT,
  confirm,
  expectToast,
  navbar,
  openShop,
  productCard,
  sellerLogin,
  sellerMenu,
} from '../support/shop.mjs';

const browser = useBrowser();

test('the seller login refuses a wrong password and opens the dashboard with the right one', async (t) => {
  await inPage(t, browser, async (page) => {
    await page.goto('/seller');
    await expectVisible(page.getByRole('heading', { name: 'Seller Login' }), { timeout: 45_000 });
    // No shop chrome on seller paths.
    await expectHidden(page.getByRole('link', { name: 'All Product', exact: true }));
    await page.getByLabel('Email').fill(SELLER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Invalid email or password');
    await expectVisible(page.getByRole('heading', { name: 'Seller Login' }));

    await sellerLogin(page);
    for (const entry of ['Add Product', 'Product List', 'Orders']) {
      await expectVisible(sellerMenu(page).getByRole('link', { name: entry }));
    }
    await expectVisible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));

    // Already signed in: the login address goes to the dashboard; a reload keeps the session.
    await page.goto('/seller/login');
    await expectPath(page, '/seller');
    await expectVisible(sellerMenu(page));

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Seller Login' }));
  });
});

test('add a product with two pictures, see it in the shop, take it out of stock, delete it', async (t) => {
  await inPage(t, browser, async (page) => {
    const name = `Heritage Carrots ${Date.now().toString(36)}`;
    const bullets = ['Orange, purple and yellow roots', 'Grown in Somerset'];
    await sellerLogin(page);
    await sellerMenu(page).getByRole('link', { name: 'Add Product' }).click();
    await expectPath(page, '/seller/add-product');

    const form = page.getByRole('main');
    await form
      .getByLabel('Product image 1')
      .setInputFiles({ name: 'carrots-1.png', mimeType: 'image/png', buffer: makePng() });
    await form.getByLabel('Product image 2').setInputFiles({
      name: 'carrots-2.png',
      mimeType: 'image/png',
      buffer: makePng({ from: [234, 88, 12], to: [124, 58, 237] }),
    });
    await expectCount(form.getByRole('button', { name: /^Remove product image/ }), 2);
    await form.getByLabel('Product name').fill(name);
    await form.getByLabel('Product description').fill(bullets.join('\n'));
    await form.getByLabel('Category').selectOption({ label: 'Vegetables' });
    await form.getByLabel('Product price (£)').fill('2.50');
    await form.getByLabel('Offer price (£)').fill('1.99');
    await form.getByLabel('VAT (%)').fill('0');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expectToast(page, 'Product added', { timeout: 30_000 });
    await expectHidden(form.getByRole('button', { name: /^Remove product image/ }).first(), {
      what: 'the cleared image slots',
    });

    // The shop shows it, with both pictures.
    const shopper = await newContext(browser.browser);
    try {
      const shop = await shopper.newPage();
      await openShop(shop, '/products/vegetables');
      const card = productCard(shop.getByRole('main'), name);
      await expectVisible(card, { what: `${name} in the Vegetables listing` });
      await expectText(card, '£1.99');
      await card.getByRole('link', { name }).click();
      const detail = shop.getByRole('main');
      await expectVisible(detail.getByRole('heading', { name, level: 1 }));
      await expectText(detail, 'MRP: £2.50');
      for (const bullet of bullets)
        await expectVisible(detail.getByRole('listitem').filter({ hasText: bullet }));
      const pictures = detail.getByRole('list', { name: 'Product pictures' });
      await expectCount(pictures.getByRole('button'), 2);
      await pictures.getByRole('button', { name: 'Show picture 2 of 2' }).click();
      const main = detail.getByRole('img', { name });
      await eventually(async () => {
        const loaded = await main.evaluate((img) => img.complete && img.naturalWidth > 0);
        assert.ok(loaded, 'the product picture has loaded');
      });
      const productUrl = shop.url();

      // Out of stock: the switch flips, and the shop's listings drop it.
      await sellerMenu(page).getByRole('link', { name: 'Product List' }).click();
      await expectPath(page, '/seller/product-list');
      const stock = page.getByRole('switch', { name: `In stock: ${name}` });
      await expectVisible(stock);
      assert.equal(await stock.getAttribute('aria-checked'), 'true');
      await stock.click();
      await expectToast(page, 'Stock updated');
      await eventually(async () => assert.equal(await stock.getAttribute('aria-checked'), 'false'));

      await openShop(shop, '/products/vegetables');
      await expectVisible(shop.getByRole('main').getByRole('article').first());
      await expectHidden(productCard(shop.getByRole('main'), name), { what: `${name} in the listing` });
      await navbar(shop)
        .getByRole('searchbox', { name: 'Search products' })
        .filter({ visible: true })
        .fill(name);
      await expectVisible(shop.getByRole('main').getByRole('heading', { name: TEXT.itemNotFound }));
      await shop.goto(productUrl);
      await expectVisible(shop.getByRole('main').getByText('Out of stock', { exact: true }));
      assert.equal(await shop.getByRole('button', { name: 'Add to Cart', exact: true }).isDisabled(), true);

      // Back in stock, then deleted after the confirmation.
      await stock.click();
      await eventually(async () => assert.equal(await stock.getAttribute('aria-checked'), 'true'));
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await confirm(page, 'Delete this product?', 'Delete');
      await expectToast(page, 'Product deleted');
      await expectHidden(page.getByRole('switch', { name: `In stock: ${name}` }), {
        what: 'the deleted product row',
      });

      await shop.goto(productUrl);
      await expectVisible(shop.getByRole('main').getByRole('heading', { name: 'Product not found' }).first());
      await openShop(shop, '/products/vegetables');
      await expectVisible(shop.getByRole('main').getByRole('article').first());
      await expectHidden(productCard(shop.getByRole('main'), name));
    } finally {
      await shopper.close();
    }
  });
});
