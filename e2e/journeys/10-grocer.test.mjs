// Running it like a grocer: low stock and the capped stepper, a full delivery slot, allergens on a product
// page, the seller editing a product, the seller's dashboard with its chart, and buy again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inPage, newContext, useBrowser } from '../support/browser.mjs';
import {
  apiAddAddress,
  apiAddProduct,
  apiCart,
  apiDeliverySlots,
  apiPlaceOrder,
  apiSellerLogin,
  apiSetCart,
  apiSetSlotCapacity,
  apiSetStock,
  apiSignUp,
  newCustomer,
} from '../support/api.mjs';
import {
  eventually,
  expectCount,
  expectHidden,
  expectLocatorText,
  expectPath,
  expectText,
  expectVisible,
} from '../support/expect.mjs';
import { makePng } from '../support/png.mjs';
import { TEXT, expectToast, navbar, openShop, sellerLogin, sellerMenu } from '../support/shop.mjs';

const browser = useBrowser();

let sequence = 0;
const unique = (name) => `${name} ${Date.now().toString(36)}${(sequence += 1)}`;

/** A product of the seller's, made for one journey over HTTP in a separate signed-in context. */
async function sellerProduct(fields) {
  const context = await newContext(browser.browser);
  try {
    await apiSellerLogin(context);
    return await apiAddProduct(
      context,
      {
        description: ['Baked in Bristol'],
        category: 'Bakery',
        price: 2.5,
        offerPrice: 2,
        vat: 0,
        ...fields,
      },
      makePng(),
    );
  } finally {
    await context.close();
  }
}

async function asSeller(body) {
  const context = await newContext(browser.browser);
  try {
    await apiSellerLogin(context);
    return await body(context);
  } finally {
    await context.close();
  }
}

const productPage = (product) => `/products/${product.category.toLowerCase()}/${product._id}`;

test('a low stock says "Only N left" and the steppers stop at the stock', async (t) => {
  const product = await sellerProduct({ name: unique('Oat Cookies'), stock: 3 });
  await inPage(t, browser, async (page, context) => {
    await apiSignUp(context, newCustomer('stock'));
    await openShop(page, productPage(product));
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: product.name, level: 1 }));
    await expectVisible(main.getByText('Only 3 left', { exact: true }));
    const add = main.getByRole('button', { name: 'Add to Cart', exact: true });
    for (let i = 0; i < 3; i += 1) {
      await add.click();
      await expectText(main, `${i + 1} in your cart`);
    }
    await eventually(async () => assert.equal(await add.isDisabled(), true, 'Add to Cart stops at 3'));

    // The cart's stepper stops there too.
    await navbar(page).getByRole('link', { name: 'Cart, 3 items' }).click();
    await expectPath(page, '/cart');
    const more = page.getByRole('button', { name: `Increase quantity of ${product.name}` });
    await expectVisible(more);
    assert.equal(await more.isDisabled(), true, 'the cart stepper stops at the stock');

    // The stock falls below the line: the cart says so and lowers it.
    await asSeller((seller) => apiSetStock(seller, product._id, 2));
    await page.reload();
    await expectVisible(
      page.getByText(`Only 2 left of ${product.name}, so we changed your quantity from 3 to 2.`),
    );
    await expectLocatorText(
      page.getByRole('group', { name: `Quantity of ${product.name}` }).locator('output'),
      '2',
    );
  });
});

test('a full delivery slot shows "Full" and cannot be picked', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const customer = newCustomer('slots');
    await apiSignUp(context, customer);
    const address = await apiAddAddress(context);
    const product = await sellerProduct({ name: unique('Sourdough Loaf') });
    await apiPlaceOrder(context, {
      lines: [{ product, quantity: 1 }],
      addressId: address._id,
      time: '12:00 - 13:00',
    });
    const { slots } = await apiDeliverySlots(context);
    const noon = slots.find((slot) => slot.time === '12:00 - 13:00');
    await asSeller((seller) => apiSetSlotCapacity(seller, noon.booked));
    try {
      await apiSetCart(context, { [product._id]: 1 });
      await openShop(page, '/cart');
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      const full = summary.getByRole('radio', { name: '12:00 - 13:00' });
      await expectVisible(full);
      await eventually(async () => assert.equal(await full.isDisabled(), true, 'the full slot is disabled'));
      await expectVisible(
        summary
          .getByTestId('delivery-slot')
          .filter({ hasText: '12:00 - 13:00' })
          .getByText('Full', { exact: true }),
      );
    } finally {
      await asSeller((seller) => apiSetSlotCapacity(seller, 20));
    }
  });
});

test('the product page shows the ingredients with the allergens in bold and the allergy advice', async (t) => {
  const product = await sellerProduct({
    name: unique('Butter Shortbread'),
    ingredients: 'Wheat flour, butter (milk), sugar, free-range eggs',
    allergens: ['gluten', 'milk', 'eggs'],
  });
  await inPage(t, browser, async (page) => {
    await openShop(page, productPage(product));
    const section = page.getByRole('region', { name: 'Ingredients' });
    await expectVisible(section);
    await expectText(section, 'Wheat flour, butter (milk), sugar, free-range eggs');
    for (const word of ['Wheat', 'butter', 'milk', 'eggs']) {
      await expectVisible(section.locator('strong', { hasText: new RegExp(`^${word}$`) }));
    }
    await expectText(section, 'Allergy advice: Contains: cereals containing gluten, milk, eggs');
  });
});

test('the seller edits a product and the shop shows the change', async (t) => {
  const product = await sellerProduct({ name: unique('Rye Crackers'), offerPrice: 2 });
  const renamed = `${product.name} (new recipe)`;
  await inPage(t, browser, async (page) => {
    await sellerLogin(page);
    await sellerMenu(page).getByRole('link', { name: 'Product List' }).click();
    await page.getByRole('link', { name: `Edit ${product.name}`, exact: true }).click();
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: 'Edit Product', level: 1 }));
    await main.getByLabel('Product name').fill(renamed);
    await main.getByLabel('Offer price (£)').fill('1.75');
    await main.getByLabel('Ingredients').fill('Rye flour, sesame seeds, salt');
    await main.getByRole('checkbox', { name: 'sesame' }).check();
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Product updated');
    await expectPath(page, '/seller/product-list');
  });
  await inPage(t, browser, async (page) => {
    await openShop(page, productPage(product));
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: renamed, level: 1 }));
    await expectText(main, '£1.75');
    await expectText(main.getByRole('region', { name: 'Ingredients' }), 'Contains: sesame');
  });
});

test('the seller lands on the dashboard: figures, the 14-day chart and its table', async (t) => {
  await inPage(t, browser, async (page) => {
    await sellerLogin(page);
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: 'Dashboard', level: 1 }));
    const figures = main.getByRole('list', { name: 'Figures' });
    for (const title of ['Today', 'Last 7 days', 'Pending orders', 'Low stock']) {
      await expectVisible(figures.getByRole('heading', { name: title }));
    }
    await expectVisible(main.locator('.recharts-surface').first(), { what: 'the 14-day chart' });
    const table = main.getByRole('table', { name: 'Orders and revenue for each of the last 14 days' });
    await expectCount(table.getByRole('row'), 15);
    await expectVisible(sellerMenu(page).getByRole('link', { name: 'Add Product' }));
  });
});

test('buy again puts the order back in the cart and says what could not be added', async (t) => {
  const kept = await sellerProduct({ name: unique('Seeded Batch') });
  const gone = await sellerProduct({ name: unique('Fruit Scones'), stock: 5 });
  await inPage(t, browser, async (page, context) => {
    await apiSignUp(context, newCustomer('again'));
    const address = await apiAddAddress(context);
    await apiPlaceOrder(context, {
      lines: [
        { product: kept, quantity: 2 },
        { product: gone, quantity: 1 },
      ],
      addressId: address._id,
    });
    await asSeller((seller) => apiSetStock(seller, gone._id, 0));

    await openShop(page, '/my-orders');
    const order = page.getByRole('article').filter({ hasText: kept.name }).first();
    await order.getByRole('button', { name: /^Buy again/ }).click();
    await expectToast(page, `Added to Cart. Could not add: ${gone.name} (out of stock).`);
    await expectVisible(navbar(page).getByRole('link', { name: 'Cart, 2 items' }));
    await eventually(async () => assert.deepEqual(await apiCart(context), { [kept._id]: 2 }));
    await expectHidden(page.getByText(TEXT.itemNotFound));
  });
});
