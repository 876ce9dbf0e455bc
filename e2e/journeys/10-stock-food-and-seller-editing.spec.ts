// Running it like a grocer: low stock and the capped stepper, a full delivery slot, allergens on a product
// page, the seller editing a product, the seller's dashboard with its chart, and buy again.
import { newCustomer, uniqueName, type NewProduct, type Product } from '../support/api';
import { expect, test } from '../support/fixtures';
import { TEXT, expectToast, navbar, openShop, sellerLogin, sellerMenu } from '../support/shop';

/** A bakery product with the fields a journey cares about. */
const bakery = (fields: Partial<NewProduct> & { name: string }): NewProduct => ({
  description: ['Baked in Bristol'],
  category: 'Bakery',
  price: 2.5,
  offerPrice: 2,
  vat: 0,
  ...fields,
});

const productPage = (product: Product): string =>
  `/products/${product.category.toLowerCase()}/${product._id}`;

test('a low stock says "Only N left" and the steppers stop at the stock', async ({
  page,
  api,
  catalogue,
  seller,
}) => {
  const product = await catalogue.add(bakery({ name: uniqueName('Oat Cookies'), stock: 3 }));
  await api.signUp(newCustomer('stock'));
  await openShop(page, productPage(product));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(main.getByText('Only 3 left', { exact: true })).toBeVisible();
  const add = main.getByRole('button', { name: 'Add to Cart', exact: true });
  for (let i = 1; i <= 3; i += 1) {
    await add.click();
    await expect(main).toContainText(`${i} in your cart`);
  }
  await expect(add, 'Add to Cart stops at 3').toBeDisabled();

  // The cart's stepper stops there too.
  await navbar(page).getByRole('link', { name: 'Cart, 3 items' }).click();
  await expect(page).toHaveURL('/cart');
  const more = page.getByRole('button', { name: `Increase quantity of ${product.name}` });
  await expect(more, 'the cart stepper stops at the stock').toBeDisabled();

  // The stock falls below the line: the cart says so and lowers it.
  await seller.setStock(product._id, 2);
  await page.reload();
  await expect(
    page.getByText(`Only 2 left of ${product.name}, so we changed your quantity from 3 to 2.`),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: `Quantity of ${product.name}` }).getByRole('status'),
  ).toHaveText('2');
});

test('a full delivery slot shows "Full" and cannot be picked', async ({
  page,
  api,
  catalogue,
  slotCapacity,
}) => {
  await api.signUp(newCustomer('slots'));
  const address = await api.addAddress();
  const product = await catalogue.add(bakery({ name: uniqueName('Sourdough Loaf') }));
  await api.placeOrder({ lines: [{ product, quantity: 1 }], addressId: address._id, time: '12:00 - 13:00' });
  const { slots } = await api.deliverySlots();
  const noon = slots.find((slot) => slot.time === '12:00 - 13:00');
  expect(noon?.booked, 'the order booked a place at noon').toBeGreaterThan(0);
  await slotCapacity.set((noon as NonNullable<typeof noon>).booked);

  await api.setCart({ [product._id]: 1 });
  await openShop(page, '/cart');
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const full = summary.getByRole('radio', { name: '12:00 - 13:00' });
  await expect(full, 'the full slot').toBeDisabled();
  await expect(full).toHaveAccessibleDescription('Full');
  await expect(summary.getByText('Full', { exact: true }).first()).toBeVisible();
});

test('the product page shows the ingredients with the allergens in bold and the allergy advice', async ({
  page,
  catalogue,
}) => {
  const product = await catalogue.add(
    bakery({
      name: uniqueName('Butter Shortbread'),
      ingredients: 'Wheat flour, butter (milk), sugar, free-range eggs',
      allergens: ['gluten', 'milk', 'eggs'],
    }),
  );
  await openShop(page, productPage(product));
  const section = page.getByRole('region', { name: 'Ingredients' });
  await expect(section).toContainText('Wheat flour, butter (milk), sugar, free-range eggs');
  for (const word of ['Wheat', 'butter', 'milk', 'eggs']) {
    await expect(
      section.locator('strong', { hasText: new RegExp(`^${word}$`) }),
      `${word} in bold`,
    ).toBeVisible();
  }
  await expect(section).toContainText('Allergy advice: Contains: cereals containing gluten, milk, eggs');
});

test('the seller edits a product and the shop shows the change', async ({
  page,
  otherPage: shop,
  catalogue,
}) => {
  const product = await catalogue.add(bakery({ name: uniqueName('Rye Crackers'), offerPrice: 2 }));
  const renamed = `${product.name} (new recipe)`;
  await sellerLogin(page);
  await sellerMenu(page).getByRole('link', { name: 'Product List' }).click();
  await page.getByRole('link', { name: `Edit ${product.name}`, exact: true }).click();
  await expect(page).toHaveURL(`/seller/edit-product/${product._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Edit Product', level: 1 })).toBeVisible();
  await main.getByLabel('Product name').fill(renamed);
  await main.getByLabel('Offer price (£)').fill('1.75');
  await main.getByLabel('Ingredients').fill('Rye flour, sesame seeds, salt');
  await main.getByRole('checkbox', { name: 'sesame' }).check();
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Product updated');
  await expect(page).toHaveURL('/seller/product-list');

  await openShop(shop, productPage(product));
  const detail = shop.getByRole('main');
  await expect(detail.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  await expect(detail).toContainText('£1.75');
  await expect(detail.getByRole('region', { name: 'Ingredients' })).toContainText('Contains: sesame');
});

test('the seller lands on the dashboard: figures, the 14-day chart and its table', async ({ page }) => {
  await sellerLogin(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const figures = main.getByRole('list', { name: 'Figures' });
  for (const title of ['Today', 'Last 7 days', 'Pending orders', 'Low stock']) {
    await expect(figures.getByRole('heading', { name: title })).toBeVisible();
  }
  // The chart is an SVG without a role of its own.
  await expect(main.locator('.recharts-surface').first(), 'the 14-day chart').toBeVisible();
  const table = main.getByRole('table', { name: 'Orders and revenue for each of the last 14 days' });
  await expect(table.getByRole('row'), 'a header row and one row per day').toHaveCount(15);
  await expect(sellerMenu(page).getByRole('link', { name: 'Add Product' })).toBeVisible();
});

test('buy again puts the order back in the cart and says what could not be added', async ({
  page,
  api,
  catalogue,
  seller,
}) => {
  const kept = await catalogue.add(bakery({ name: uniqueName('Seeded Batch') }));
  const gone = await catalogue.add(bakery({ name: uniqueName('Fruit Scones'), stock: 5 }));
  await api.signUp(newCustomer('again'));
  const address = await api.addAddress();
  await api.placeOrder({
    lines: [
      { product: kept, quantity: 2 },
      { product: gone, quantity: 1 },
    ],
    addressId: address._id,
  });
  await seller.setStock(gone._id, 0);

  await openShop(page, '/my-orders');
  const order = page.getByRole('article').filter({ hasText: kept.name }).first();
  await order.getByRole('button', { name: /^Buy again/ }).click();
  await expectToast(page, `Added to Cart. Could not add: ${gone.name} (out of stock).`);
  await expect(navbar(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect.poll(() => api.cart(), { message: 'the cart the server holds' }).toEqual({ [kept._id]: 2 });
  await expect(page.getByText(TEXT.itemNotFound)).toBeHidden();
});
