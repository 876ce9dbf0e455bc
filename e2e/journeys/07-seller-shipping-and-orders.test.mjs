// The seller changes the shipping settings (a customer's cart follows) and completes an order
// (the customer sees it Completed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inPage, newContext, useBrowser } from '../support/browser.mjs';
import {
  apiAddAddress,
  apiPlaceOrder,
  apiProducts,
  apiSellerLogin,
  apiSetCart,
  apiSetShipping,
  apiShipping,
  apiSignUp,
  newCustomer,
} from '../support/api.mjs';
import {
  eventually,
  expectCount,
  expectHidden,
  expectPath,
  expectText,
  expectValue,
  expectVisible,
} from '../support/expect.mjs';
import { TEXT, definition, expectToast, openShop, sellerLogin, sellerMenu } from '../support/shop.mjs';

const browser = useBrowser();

/** A second, separate browser context for the customer, closed after `body`. */
async function asCustomer(body) {
  const context = await newContext(browser.browser);
  try {
    const page = await context.newPage();
    return await body(page, context);
  } finally {
    await context.close();
  }
}

/** A status badge (not the option of the same name in the status dropdown). */
function badge(scope, text) {
  return scope.locator(`span:text-is("${text}")`);
}

async function saveShipping(page, charge, threshold) {
  const form = page.getByRole('region', { name: 'Shipping settings' });
  await form.getByLabel('Shipping charge (£)').fill(charge);
  await form.getByLabel('Free shipping threshold (£)').fill(threshold);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, TEXT.shippingUpdated);
}

async function cartShipping(page) {
  await openShop(page, '/cart');
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expectVisible(summary.getByText('Total Amount:'));
  return definition(summary, 'Shipping Fee');
}

test('changing the shipping charge and threshold changes what the customer pays', async (t) => {
  await inPage(t, browser, async (page, sellerContext) => {
    const original = await apiShipping(sellerContext);
    try {
      await asCustomer(async (shop, customerContext) => {
        await apiSignUp(customerContext, newCustomer('shipping'));
        const product = (await apiProducts(customerContext))
          .filter((p) => p.inStock)
          .sort((a, b) => a.offerPrice - b.offerPrice)[0];
        await apiSetCart(customerContext, { [product._id]: 1 });

        await sellerLogin(page);
        await sellerMenu(page).getByRole('link', { name: 'Product List' }).click();
        const form = page.getByRole('region', { name: 'Shipping settings' });
        await expectValue(form.getByLabel('Shipping charge (£)'), original.shippingCharge.toFixed(2));
        await expectValue(
          form.getByLabel('Free shipping threshold (£)'),
          original.shippingThreshold.toFixed(2),
        );
        assert.equal(await form.getByLabel('Shipping charge (£)').getAttribute('min'), '0');

        await saveShipping(page, '4.75', '250');
        await eventually(async () => assert.equal(await cartShipping(shop), '£4.75'));

        // A threshold at or below the goods makes shipping free.
        await saveShipping(page, '4.75', (Math.floor(product.offerPrice * 100) / 100).toFixed(2));
        await eventually(async () => assert.equal(await cartShipping(shop), 'Free'));

        // Refused: a negative charge (nothing is saved).
        await form.getByLabel('Shipping charge (£)').fill('-1');
        await form.getByRole('button', { name: 'Save' }).click();
        await expectVisible(form.getByText(/£0 or more/));
        const after = await apiShipping(sellerContext);
        assert.equal(after.shippingCharge, 4.75);

        await page.goto('/seller/product-list');
        await expectValue(
          page.getByRole('region', { name: 'Shipping settings' }).getByLabel('Shipping charge (£)'),
          '4.75',
        );
      });
    } finally {
      await apiSellerLogin(sellerContext);
      await apiSetShipping(sellerContext, original);
    }
  });
});

test('the seller sees the order under its customer and sets it Completed; the customer sees Completed', async (t) => {
  await inPage(t, browser, async (page) => {
    await asCustomer(async (shop, customerContext) => {
      const customer = newCustomer('completed');
      await apiSignUp(customerContext, customer);
      const address = await apiAddAddress(customerContext);
      const product = (await apiProducts(customerContext)).filter((p) => p.inStock)[4];
      await apiPlaceOrder(customerContext, {
        lines: [{ product, quantity: 3 }],
        addressId: address._id,
        time: '12:00 - 13:00',
      });

      await sellerLogin(page);
      await sellerMenu(page).getByRole('link', { name: 'Orders' }).click();
      await expectPath(page, '/seller/orders');
      const group = page
        .getByRole('region')
        .filter({ has: page.getByRole('link', { name: customer.email }) });
      await expectVisible(group, { what: `the orders of ${customer.email}` });
      await expectVisible(group.getByRole('heading', { name: `${customer.firstName} ${customer.lastName}` }));
      await expectText(group, customer.phone);
      const order = group.getByRole('article');
      await expectCount(order, 1);
      await expectText(order, `${product.name} x 3`);
      await expectText(order, '12:00 - 13:00');
      await expectText(order, 'Harbourside Walk');
      await expectVisible(badge(order, 'Unpaid'));

      const status = order.getByRole('combobox', { name: /^Status/ });
      await expectValue(status, 'Pending');
      assert.deepEqual(
        (await status.locator('option').allTextContents()).map((s) => s.trim()),
        ['Pending', 'Completed', 'Cancelled'],
      );
      await status.selectOption('Completed');
      await expectToast(page, TEXT.orderUpdated);
      await expectVisible(badge(order, 'Completed'));
      await expectVisible(badge(order, 'Paid'));

      // The seller's change is stored: a reload shows it.
      await page.reload();
      await expectValue(
        page
          .getByRole('region')
          .filter({ has: page.getByRole('link', { name: customer.email }) })
          .getByRole('combobox'),
        'Completed',
      );

      // The customer sees it Completed, with no cancel button.
      await openShop(shop, '/my-orders');
      const mine = shop.getByRole('list', { name: 'Orders' }).getByRole('article');
      await expectCount(mine, 1);
      await expectVisible(badge(mine, 'Completed'));
      await expectHidden(mine.getByRole('button', { name: 'Cancel order' }));
      await expectText(mine, 'Cash On Delivery (paid)');
    });
  });
});
