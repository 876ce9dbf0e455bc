// A signed-in customer fills the cart, checks the totals, adds an address, checks out with the
// delivery date and slot, sees the order in My orders, and cancels it.
import type { Locator, Page } from '@playwright/test';
import {
  ADDRESS,
  newCustomer,
  priceLines,
  toPence,
  uniqueName,
  withVatPence,
  type OrderLine,
  type ShippingSettings,
  type Totals,
} from '../support/api';
import { expect, test } from '../support/fixtures';
import { runClockNow } from '../support/clock';
import {
  TEXT,
  confirm,
  definition,
  expectToast,
  formatPence,
  navbar,
  openShop,
  pence,
  productCard,
  visibleText,
} from '../support/shop';

const ADDRESS_LINE = `${ADDRESS.street}, ${ADDRESS.city}, ${ADDRESS.state}, ${ADDRESS.postalCode}, ${ADDRESS.country}`;

function orderSummary(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Order Summary' });
}

interface Figures {
  /** The lines with VAT, as shown. */
  price: string;
  shipping: string;
  vat: string;
  total: string;
}

function figures(totals: Totals): Figures {
  return {
    price: formatPence(totals.goods + totals.vat),
    shipping: totals.shipping === 0 ? 'Free' : formatPence(totals.shipping),
    vat: formatPence(totals.vatIncluded),
    total: formatPence(totals.total),
  };
}

/**
 * The order summary shows the lines' price with VAT, shipping and total as the shop prices `lines`, and the VAT
 * the total includes (never added as a line of its own).
 */
async function expectSummary(
  page: Page,
  lines: readonly OrderLine[],
  settings: ShippingSettings,
): Promise<Figures> {
  const expected = figures(priceLines(lines, settings));
  const summary = orderSummary(page);
  await expect(definition(summary, 'Price')).toHaveText(expected.price);
  await expect(definition(summary, 'Shipping Fee')).toHaveText(expected.shipping);
  await expect(definition(summary, 'Total Amount:')).toHaveText(expected.total);
  await expect(visibleText(summary, `includes VAT ${expected.vat}`)).toBeVisible();
  await expect(summary.getByText('Tax (VAT)')).toHaveCount(0);
  return expected;
}

test('cart quantities and totals follow the prices shown with VAT, and the free-shipping rule', async ({
  page,
  api,
  catalogue,
}) => {
  await api.signUp(newCustomer('cart'));
  const settings = await api.shipping();
  const threshold = toPence(settings.shippingThreshold);
  expect(threshold, 'a free-shipping threshold above 4p (the cart must start below it)').toBeGreaterThan(4);
  expect(settings.shippingCharge, 'a shipping charge to see charged, then Free').toBeGreaterThan(0);

  // Three products made for this journey, priced from the threshold: two cheap ones (no VAT, and 17.5%)
  // that stay below it, and one that reaches it. The VAT rates give prices with VAT in fractions of a penny,
  // which the shop rounds on each unit so that the basket adds up to the lines it shows.
  const offer = (p: number) => ({ offerPrice: p / 100, price: (p + 50) / 100 });
  const plain = await catalogue.add({
    name: uniqueName('Journey Oats'),
    category: 'Grains',
    vat: 0,
    ...offer(Math.floor(threshold / 20)),
  });
  const taxed = await catalogue.add({
    name: uniqueName('Journey Rice'),
    category: 'Grains',
    vat: 17.5,
    ...offer(Math.floor(threshold / 10) + 1),
  });
  const bulk = await catalogue.add({
    name: uniqueName('Journey Barley Sack'),
    category: 'Grains',
    vat: 12.5,
    ...offer(threshold + 3),
  });

  // Add the first from its product page, reading the offer price the page shows (with VAT; none on oats).
  await openShop(page, `/products/${plain.category.toLowerCase()}/${plain._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: plain.name, level: 1 })).toBeVisible();
  const plainShown = pence(await main.locator('p', { hasText: 'Offer price:' }).textContent());
  expect(plainShown, `${plain.name}: the page shows the offer price with VAT`).toBe(
    toPence(plain.offerPriceWithVat),
  );
  await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expectToast(page, TEXT.addedToCart);
  await expect(visibleText(main, '1 in your cart')).toBeVisible();
  await expect(navbar(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Add the second from the all-products grid.
  await navbar(page).getByRole('link', { name: 'All Product', exact: true }).click();
  const card = productCard(page.getByRole('main'), taxed.name);
  await expect(card).toBeVisible();
  // The card reads "<category> <name> [Offer price] £x [MRP £y] Add": the first amount is what the customer pays.
  const taxedShown = pence(await card.textContent());
  expect(taxedShown, `${taxed.name}: the card shows the offer price with VAT`).toBe(
    toPence(taxed.offerPriceWithVat),
  );
  await card.getByRole('button', { name: `Add ${taxed.name} to cart` }).click();
  await expectToast(page, TEXT.addedToCart);
  await expect(card.getByRole('group', { name: `Quantity of ${taxed.name}` })).toBeVisible();
  await expect(navbar(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await navbar(page).getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page).toHaveURL('/cart');
  const items = page.getByRole('list', { name: 'Cart items' });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  const lines: OrderLine[] = [
    { product: plain, quantity: 1 },
    { product: taxed, quantity: 1 },
  ];
  const taxedLine = items.getByRole('listitem').filter({ hasText: taxed.name });
  // The line shows the price with VAT as on the card, and adds no VAT of its own.
  await expect(visibleText(taxedLine, formatPence(taxedShown))).toBeVisible();
  await expect(taxedLine.getByText(/% VAT/)).toHaveCount(0);
  await expectSummary(page, lines, settings);

  // Three of the first: the line, the count, the heading and the totals follow.
  const increase = page.getByRole('button', { name: `Increase quantity of ${plain.name}` });
  await increase.click();
  await increase.click();
  lines[0].quantity = 3;
  await expect(page.getByRole('group', { name: `Quantity of ${plain.name}` }).locator('output')).toHaveText(
    '3',
  );
  await expect(navbar(page).getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('4 Items');
  const plainLine = items.getByRole('listitem').filter({ hasText: plain.name });
  await expect(visibleText(plainLine, formatPence(plainShown * 3))).toBeVisible();
  const charged = await expectSummary(page, lines, settings);
  expect(charged.shipping, 'below the threshold, shipping is charged').toBe(
    formatPence(toPence(settings.shippingCharge)),
  );

  // A toast stays while the pointer rests on it: move away and let the last ones go before the next click.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('status').filter({ hasText: TEXT.addedToCart })).toHaveCount(0);
  await page.getByRole('button', { name: `Decrease quantity of ${plain.name}` }).click();
  lines[0].quantity = 2;
  await expect(navbar(page).getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await expectSummary(page, lines, settings);

  // The cart is kept on the server (changes are sent a moment after the last click): a reload shows the same lines.
  await expect
    .poll(() => api.cart(), { message: 'the cart on the server' })
    .toEqual({
      [plain._id]: 2,
      [taxed._id]: 1,
    });
  await openShop(page, '/cart');
  await expect(items.getByRole('listitem')).toHaveCount(2);
  await expectSummary(page, lines, settings);

  // One of the third product reaches the free-shipping threshold; the Price is the sum of the lines shown.
  await api.setCart({ [plain._id]: 2, [taxed._id]: 1, [bulk._id]: 1 });
  lines.push({ product: bulk, quantity: 1 });
  await openShop(page, '/cart');
  await expect(items.getByRole('listitem')).toHaveCount(3);
  const free = await expectSummary(page, lines, settings);
  expect(free.shipping, 'at or above the threshold, shipping is Free').toBe('Free');
  const shownLines = lines.reduce(
    (s, l) => s + withVatPence(l.product.offerPrice, l.product.vat) * l.quantity,
    0,
  );
  expect(pence(free.price), 'the Price is the sum of the lines shown with VAT').toBe(shownLines);

  // Removing a line.
  await page.getByRole('button', { name: `Remove ${taxed.name} from cart` }).click();
  await expectToast(page, 'Removed from Cart');
  await expect(items.getByRole('listitem').filter({ hasText: taxed.name })).toBeHidden();
  await expect(items.getByRole('listitem')).toHaveCount(2);
});

test('add an address, choose date and slot, confirm, see the order in My orders, then cancel it', async ({
  page,
  api,
}) => {
  await api.signUp(newCustomer('checkout'));
  const settings = await api.shipping();
  const product = (await api.inStockProducts())[2];
  await api.setCart({ [product._id]: 2 });
  const lines = [{ product, quantity: 2 }];

  await openShop(page, '/cart');
  const summary = orderSummary(page);
  await expect(visibleText(summary, 'No address found')).toBeVisible();
  const expected = await expectSummary(page, lines, settings);

  await summary.getByRole('button', { name: 'Place Order' }).click();
  await expectToast(page, TEXT.selectAddress);

  // No address yet: the panel's list offers "Add address", which leads to /add-address.
  await summary.getByRole('button', { name: 'Change delivery address' }).click();
  await summary.getByRole('link', { name: 'Add address' }).click();
  await expect(page).toHaveURL('/add-address');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Delivery address', level: 1 })).toBeVisible();
  await expect(visibleText(main, TEXT.noAddresses)).toBeVisible();
  const form = main.getByRole('form', { name: 'Add a new address' });
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expectToast(page, TEXT.fillAllFields);
  await form.getByLabel('Street').fill(ADDRESS.street);
  await form.getByLabel('City').selectOption(ADDRESS.city);
  await form.getByLabel('State').fill(ADDRESS.state);
  await form.getByLabel('Postcode').fill(ADDRESS.postalCode);
  await form.getByLabel('Country').selectOption(ADDRESS.country);
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expectToast(page, TEXT.addressAdded);

  // Back in the cart with the new address chosen.
  await expect(page).toHaveURL(/\/cart\?address=/);
  await expect(visibleText(summary, ADDRESS_LINE)).toBeVisible();
  await summary.getByRole('button', { name: 'Place Order' }).click();
  await expectToast(page, TEXT.selectSlot);

  const dateGroup = summary.getByRole('group', { name: 'Delivery Date' });
  await expect(dateGroup.getByRole('radio')).toHaveCount(1);
  await expect(visibleText(dateGroup, /^Deliver by .+ if order within \d+h \d+m$/)).toBeVisible();
  await dateGroup.getByRole('radio').check();
  const slots = summary.getByRole('group', { name: 'Delivery Time Slot' });
  await expect(slots.getByRole('radio')).toHaveCount(3);
  for (const slot of ['10:00 - 11:00', '11:00 - 12:00', '12:00 - 13:00']) {
    await expect(slots.getByRole('radio', { name: slot })).toBeVisible();
  }
  await slots.getByRole('radio', { name: '11:00 - 12:00' }).check();
  await expect(summary.getByRole('combobox', { name: 'Payment Method' })).toBeVisible();

  await summary.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm your order' });
  await expect(dialog).toBeVisible();
  await expect(visibleText(dialog, ADDRESS_LINE)).toBeVisible();
  await expect(visibleText(dialog, '11:00 - 12:00')).toBeVisible();
  await expect(visibleText(dialog, 'Cash On Delivery')).toBeVisible();
  await expect(definition(dialog, 'Total'), 'the dialog shows the total of the summary').toHaveText(
    expected.total,
  );
  await confirm(page, 'Confirm your order', 'Confirm Order');
  await expectToast(page, 'Order placed successfully');

  await expect(page).toHaveURL('/my-orders');
  await expect(navbar(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Orders' });
  await expect(orders.getByRole('article')).toHaveCount(1);
  const order = orders.getByRole('article').first();
  await expect(visibleText(order, product.name)).toBeVisible();
  // Shown with VAT, as in the basket.
  await expect(
    visibleText(order, `Qty: 2 × ${formatPence(withVatPence(product.offerPrice, product.vat))}`),
  ).toBeVisible();
  await expect(visibleText(order, '11:00 - 12:00')).toBeVisible();
  await expect(visibleText(order, ADDRESS_LINE)).toBeVisible();
  await expect(definition(order, 'Total')).toHaveText(expected.total);
  await expect(definition(order, 'Shipping')).toHaveText(expected.shipping);
  await expect(definition(order, 'Items')).toHaveText(expected.price);
  await expect(visibleText(order, `includes VAT ${expected.vat}`)).toBeVisible();
  await expect(order.getByTestId('fulfilment-stage')).toHaveText('Order placed');

  await order.getByRole('button', { name: 'Cancel order' }).click();
  await confirm(page, 'Cancel this order?', 'Yes, cancel order');
  await expect(order.getByTestId('fulfilment-stage'), 'the order marked Cancelled').toHaveText('Cancelled');
  await expect(order.getByRole('button', { name: 'Cancel order' })).toBeHidden();

  // Still cancelled after a reload (the server has it).
  await openShop(page, '/my-orders');
  await expect(
    page.getByRole('list', { name: 'Orders' }).getByText('Cancelled', { exact: true }),
  ).toBeVisible();
});

test('an hour after ordering, the cancel button is disabled and says why', async ({ page, api }) => {
  await api.signUp(newCustomer('late'));
  const address = await api.addAddress();
  const product = (await api.inStockProducts())[5];
  await api.placeOrder({ lines: [{ product, quantity: 1 }], addressId: address._id });

  // The browser's clock reads 61 minutes after the shop's (timers keep running normally).
  await page.clock.setFixedTime(new Date((runClockNow() ?? new Date()).getTime() + 61 * 60_000));
  await openShop(page, '/my-orders');
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('article');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('fulfilment-stage')).toHaveText('Order placed');
  const cancel = order.getByRole('button', { name: 'Cancel order' });
  await expect(cancel).toBeVisible();
  await expect(cancel, 'the cancel button is disabled after one hour').toBeDisabled();
  // The one sentence under the stage says so (and what can still be done, before the cut-off).
  await expect(order.getByTestId('order-state')).toContainText(
    /(it can no longer be cancelled|can no longer be changed or cancelled)/,
  );
});
