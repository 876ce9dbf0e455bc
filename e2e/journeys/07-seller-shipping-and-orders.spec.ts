// The seller changes the shipping settings (a customer's cart follows) and completes an order
// (the customer's open My orders page shows it delivered without a reload).
import type { Locator, Page } from '@playwright/test';
import { newCustomer } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  TEXT,
  definition,
  expectToast,
  openShop,
  sellerLogin,
  sellerMenu,
  visibleText,
} from '../support/shop';

/** A status badge (not the option of the same name in the status dropdown). */
function badge(scope: Locator, text: string): Locator {
  return scope.locator(`span:text-is("${text}")`);
}

async function saveShipping(page: Page, charge: string, threshold: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Shipping settings' });
  await form.getByLabel('Shipping charge (£)').fill(charge);
  await form.getByLabel('Free shipping threshold (£)').fill(threshold);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, TEXT.shippingUpdated);
}

/** Reloads the customer's cart until its shipping fee reads `expected`. */
async function expectCartShipping(shop: Page, expected: string): Promise<void> {
  await expect(async () => {
    await openShop(shop, '/cart');
    const summary = shop.getByRole('complementary', { name: 'Order Summary' });
    await expect(definition(summary, 'Shipping Fee')).toHaveText(expected, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test('changing the shipping charge and threshold changes what the customer pays', async ({
  page,
  api,
  otherPage: shop,
  otherApi: customer,
}) => {
  const original = await api.shipping();
  try {
    await customer.signUp(newCustomer('shipping'));
    const product = (await customer.inStockProducts()).sort((a, b) => a.offerPrice - b.offerPrice)[0];
    await customer.setCart({ [product._id]: 1 });

    await sellerLogin(page);
    await sellerMenu(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL('/seller/settings');
    const form = page.getByRole('region', { name: 'Shipping settings' });
    await expect(form.getByLabel('Shipping charge (£)')).toHaveValue(original.shippingCharge.toFixed(2));
    await expect(form.getByLabel('Free shipping threshold (£)')).toHaveValue(
      original.shippingThreshold.toFixed(2),
    );
    await expect(form.getByLabel('Shipping charge (£)')).toHaveAttribute('min', '0');

    await saveShipping(page, '4.75', '250');
    await expectCartShipping(shop, '£4.75');

    // A threshold at or below the goods makes shipping free.
    await saveShipping(page, '4.75', (Math.floor(product.offerPrice * 100) / 100).toFixed(2));
    await expectCartShipping(shop, 'Free');

    // Refused: a negative charge (nothing is saved).
    await form.getByLabel('Shipping charge (£)').fill('-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(visibleText(form, /£0 or more/)).toBeVisible();
    expect((await api.shipping()).shippingCharge).toBe(4.75);

    await page.goto('/seller/settings');
    await expect(
      page.getByRole('region', { name: 'Shipping settings' }).getByLabel('Shipping charge (£)'),
    ).toHaveValue('4.75');
  } finally {
    await api.sellerLogin();
    await api.setShipping(original);
  }
});

test('the seller sees the order under its customer and sets it Completed; the customer sees Completed', async ({
  page,
  otherPage: shop,
  otherApi: customerApi,
}) => {
  const customer = newCustomer('completed');
  await customerApi.signUp(customer);
  const address = await customerApi.addAddress();
  const product = (await customerApi.inStockProducts())[4];
  await customerApi.placeOrder({
    lines: [{ product, quantity: 3 }],
    addressId: address._id,
    time: '12:00 - 13:00',
  });

  // The customer watches My orders while the seller works: the order event stream brings the change, with
  // neither a reload nor another read of the orders.
  let orderListReads = 0;
  shop.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/order/user') orderListReads += 1;
  });
  await openShop(shop, '/my-orders');
  const mine = shop.getByRole('list', { name: 'Orders' }).getByRole('article');
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('fulfilment-stage')).toHaveText('Order placed');
  await shop.evaluate(() => Object.assign(window, { notReloaded: true }));
  const readsBefore = orderListReads;

  await sellerLogin(page);
  await sellerMenu(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/seller/orders');
  const group = page.getByRole('region').filter({ has: page.getByRole('link', { name: customer.email }) });
  await expect(group, `the orders of ${customer.email}`).toBeVisible();
  await expect(
    group.getByRole('heading', { name: `${customer.firstName} ${customer.lastName}` }),
  ).toBeVisible();
  await expect(visibleText(group, customer.phone)).toBeVisible();
  const order = group.getByRole('article');
  await expect(order).toHaveCount(1);
  await expect(visibleText(order, `${product.name} x 3`)).toBeVisible();
  await expect(visibleText(order, '12:00 - 13:00')).toBeVisible();
  await expect(visibleText(order, 'Harbourside Walk')).toBeVisible();
  await expect(badge(order, 'Unpaid')).toBeVisible();

  const status = order.getByRole('combobox', { name: /^Status/ });
  await expect(status).toHaveValue('Pending');
  await expect(status.locator('option')).toHaveText(['Pending', 'Completed', 'Cancelled']);
  await status.selectOption('Completed');
  await expectToast(page, TEXT.orderUpdated);
  await expect(badge(order, 'Completed')).toBeVisible();
  await expect(badge(order, 'Paid')).toBeVisible();

  // The seller's change is stored: a reload shows it.
  await page.reload();
  await expect(
    page
      .getByRole('region')
      .filter({ has: page.getByRole('link', { name: customer.email }) })
      .getByRole('combobox'),
  ).toHaveValue('Completed');

  // The customer sees it delivered on the page they had open, with no cancel button.
  await expect(mine.getByTestId('fulfilment-stage')).toHaveText('Delivered');
  await expect(mine.getByTestId('order-state')).toHaveText('This order was delivered.');
  expect(await shop.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(orderListReads).toBe(readsBefore);
  await expect(mine.getByRole('button', { name: 'Cancel order' })).toBeHidden();
  await expect(visibleText(mine, 'Cash On Delivery (paid)')).toBeVisible();
});
