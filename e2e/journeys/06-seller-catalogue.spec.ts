// The seller signs in, adds a product with two pictures, sees it in the shop, takes it out of stock
// (it leaves the shop's listings), and deletes it.
import { SELLER, uniqueName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePng } from '../support/png';
import {
  confirm,
  expectSellerLoginScreen,
  expectToast,
  navbar,
  openShop,
  productCard,
  sellerLogin,
  sellerMenu,
  visibleText,
} from '../support/shop';

test('the seller login refuses a wrong password and opens the dashboard with the right one', async ({
  page,
}) => {
  await page.goto('/seller');
  await expectSellerLoginScreen(page);
  // No shop chrome on seller paths.
  await expect(page.getByRole('link', { name: 'All Product', exact: true })).toBeHidden();
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Invalid email or password');
  await expect(page.getByRole('heading', { name: 'Seller Login' })).toBeVisible();

  await sellerLogin(page);
  for (const entry of ['Add Product', 'Product List', 'Orders', 'Settings']) {
    await expect(sellerMenu(page).getByRole('link', { name: entry })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Already signed in: the login address goes to the dashboard; a reload keeps the session.
  await page.goto('/seller/login');
  await expect(page).toHaveURL('/seller');
  await expect(sellerMenu(page)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Seller Login' })).toBeVisible();
});

test('add a product with two pictures, see it in the shop, take it out of stock, delete it', async ({
  page,
  otherPage: shop,
}) => {
  const name = uniqueName('Heritage Carrots');
  const bullets = ['Orange, purple and yellow roots', 'Grown in Somerset'];
  await sellerLogin(page);
  await sellerMenu(page).getByRole('link', { name: 'Add Product' }).click();
  await expect(page).toHaveURL('/seller/add-product');

  const form = page.getByRole('main');
  await form
    .getByLabel('Product image 1')
    .setInputFiles({ name: 'carrots-1.png', mimeType: 'image/png', buffer: await makePng() });
  await form.getByLabel('Product image 2').setInputFiles({
    name: 'carrots-2.png',
    mimeType: 'image/png',
    buffer: await makePng({ from: [234, 88, 12], to: [124, 58, 237] }),
  });
  await expect(form.getByRole('button', { name: /^Remove product image/ })).toHaveCount(2);
  await form.getByLabel('Product name').fill(name);
  await form.getByLabel('Product description').fill(bullets.join('\n'));
  await form.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Vegetables' });
  await form.getByLabel('Product price (£)').fill('2.50');
  await form.getByLabel('Offer price (£)').fill('1.99');
  await form.getByLabel('VAT (%)').fill('0');
  await form.getByLabel('Pack size').fill('500');
  await form.getByRole('combobox', { name: /^Unit/ }).selectOption({ label: 'grams (g)' });
  await expect(form.getByText('Unit price in the shop: £3.98/kg')).toBeVisible();
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expectToast(page, 'Product added', { timeout: 30_000 });
  await expect(
    form.getByRole('button', { name: /^Remove product image/ }),
    'the cleared image slots',
  ).toHaveCount(0);

  // The shop shows it, with both pictures.
  await openShop(shop, '/products/vegetables');
  const card = productCard(shop.getByRole('main'), name);
  await expect(card, `${name} in the Vegetables listing`).toBeVisible();
  await expect(visibleText(card, '£1.99')).toBeVisible();
  await card.getByRole('link', { name }).click();
  const detail = shop.getByRole('main');
  await expect(detail.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(visibleText(detail, 'RRP: £2.50')).toBeVisible();
  for (const bullet of bullets)
    await expect(detail.getByRole('listitem').filter({ hasText: bullet })).toBeVisible();
  const pictures = detail.getByRole('list', { name: 'Product pictures' });
  await expect(pictures.getByRole('button')).toHaveCount(2);
  await pictures.getByRole('button', { name: 'Show picture 2 of 2' }).click();
  const picture = detail.getByRole('img', { name });
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: 'the product picture has loaded',
    })
    .toBe(true);
  const productUrl = shop.url();

  // Out of stock: the switch flips, and the shop's listings drop it.
  await sellerMenu(page).getByRole('link', { name: 'Product List' }).click();
  await expect(page).toHaveURL('/seller/product-list');
  const stock = page.getByRole('switch', { name: `In stock: ${name}` });
  await expect(stock).toHaveAttribute('aria-checked', 'true');
  await stock.click();
  await expectToast(page, 'Stock updated');
  await expect(stock).toHaveAttribute('aria-checked', 'false');

  await openShop(shop, '/products/vegetables');
  await expect(shop.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(productCard(shop.getByRole('main'), name), `${name} in the listing`).toBeHidden();
  // Searched for by its name, it is not offered either (the search answers similar products in stock, if any).
  const searched = shop.waitForResponse((res) => new URL(res.url()).pathname === '/api/product/search');
  await navbar(shop).getByRole('searchbox', { name: 'Search products' }).filter({ visible: true }).fill(name);
  await expect((await searched).ok()).toBe(true);
  await expect(shop.getByRole('main').getByText(`“${name}”`)).toBeVisible();
  await expect(productCard(shop.getByRole('main'), name), `${name} in the search results`).toBeHidden();
  await shop.goto(productUrl);
  await expect(shop.getByRole('main').getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(shop.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();

  // Back in stock, then deleted after the confirmation.
  await stock.click();
  await expect(stock).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm(page, 'Delete this product?', 'Delete');
  await expectToast(page, 'Product deleted');
  await expect(
    page.getByRole('switch', { name: `In stock: ${name}` }),
    'the deleted product row',
  ).toBeHidden();

  await shop.goto(productUrl);
  await expect(
    shop.getByRole('main').getByRole('heading', { name: 'Product not found' }).first(),
  ).toBeVisible();
  await openShop(shop, '/products/vegetables');
  await expect(shop.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(productCard(shop.getByRole('main'), name)).toBeHidden();
});
