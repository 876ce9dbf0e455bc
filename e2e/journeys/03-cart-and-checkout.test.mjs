// A signed-in customer fills the cart, checks the totals, adds an address, checks out with the
// delivery date and slot, sees the order in My orders, and cancels it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inPage, useBrowser } from '../support/browser.mjs';
import {
  ADDRESS,
  apiAddAddress,
  apiCart,
  apiPlaceOrder,
  apiProducts,
  apiSetCart,
  apiShipping,
  apiSignUp,
  newCustomer,
  priceLines,
} from '../support/api.mjs';
import {
  eventually,
  expectCount,
  expectHidden,
  expectLocatorText,
  expectPath,
  expectText,
  expectVisible,
  formatPence,
  pence,
} from '../support/expect.mjs';
import { TEXT, confirm, definition, expectToast, navbar, openShop, productCard } from '../support/shop.mjs';

const browser = useBrowser();
const ADDRESS_LINE = `${ADDRESS.street}, ${ADDRESS.city}, ${ADDRESS.state}, ${ADDRESS.postalCode}, ${ADDRESS.country}`;

function orderSummary(page) {
  return page.getByRole('complementary', { name: 'Order Summary' });
}

/** The four figures of the order summary, as the customer reads them. */
async function summaryFigures(page) {
  const summary = orderSummary(page);
  await expectVisible(summary.getByText('Total Amount:'), { what: 'the totals of the order summary' });
  return {
    goods: await definition(summary, 'Price'),
    shipping: await definition(summary, 'Shipping Fee'),
    vat: await definition(summary, 'Tax (VAT)'),
    total: await definition(summary, 'Total Amount:'),
  };
}

function expectedFigures(totals) {
  return {
    goods: formatPence(totals.goods),
    shipping: totals.shipping === 0 ? 'Free' : formatPence(totals.shipping),
    vat: formatPence(totals.vat),
    total: formatPence(totals.total),
  };
}

async function expectSummary(page, lines, settings) {
  const expected = expectedFigures(priceLines(lines, settings));
  let shown;
  try {
    await eventually(async () => {
      shown = await summaryFigures(page);
      assert.deepEqual(shown, expected);
    });
  } catch {
    assert.deepEqual(shown, expected, 'the order summary (goods, shipping, VAT, total)');
  }
  return expected;
}

test('cart quantities and totals follow the prices shown, VAT and the shipping rule', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const customer = newCustomer('cart');
    await apiSignUp(context, customer);
    const settings = await apiShipping(context);
    const inStock = (await apiProducts(context))
      .filter((p) => p.inStock)
      .sort((a, b) => a.offerPrice - b.offerPrice);
    // Two cheap products, one with VAT if the shop has any, so that the cart starts below the free-shipping threshold.
    const taxed =
      inStock.find((p) => p.vat > 0 && p.offerPrice * 3 < settings.shippingThreshold / 3) ?? inStock[1];
    const plain =
      inStock.find((p) => p._id !== taxed._id && p.offerPrice * 3 < settings.shippingThreshold / 3) ??
      inStock[0];

    // Add the first from its product page, reading the offer price the page shows.
    await openShop(page, `/products/${plain.category.toLowerCase()}/${plain._id}`);
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: plain.name, level: 1 }));
    const plainShown = pence(await main.locator('p', { hasText: 'Offer price:' }).textContent());
    assert.equal(
      plainShown,
      Math.round(plain.offerPrice * 100),
      `${plain.name}: the page shows the offer price`,
    );
    await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, TEXT.addedToCart);
    await expectText(main, '1 in your cart');
    await expectVisible(navbar(page).getByRole('link', { name: 'Cart, 1 item' }));

    // Add the second from the all-products grid.
    await navbar(page).getByRole('link', { name: 'All Product', exact: true }).click();
    const card = productCard(page.getByRole('main'), taxed.name);
    await expectVisible(card);
    // The card reads "<category> <name> [Offer price] £x [MRP £y] Add": the first amount is what the customer pays.
    const taxedShown = pence(await card.textContent());
    assert.equal(
      taxedShown,
      Math.round(taxed.offerPrice * 100),
      `${taxed.name}: the card shows the offer price`,
    );
    await card.getByRole('button', { name: `Add ${taxed.name} to cart` }).click();
    await expectToast(page, TEXT.addedToCart);
    await expectVisible(card.getByRole('group', { name: `Quantity of ${taxed.name}` }));
    await expectVisible(navbar(page).getByRole('link', { name: 'Cart, 2 items' }));

    await navbar(page).getByRole('link', { name: 'Cart, 2 items' }).click();
    await expectPath(page, '/cart');
    const items = page.getByRole('list', { name: 'Cart items' });
    await expectCount(items.getByRole('listitem'), 2);
    const lines = [
      { product: { ...plain, offerPrice: plainShown / 100 }, quantity: 1 },
      { product: { ...taxed, offerPrice: taxedShown / 100 }, quantity: 1 },
    ];
    await expectSummary(page, lines, settings);

    // Three of the first: the line, the count, the heading and the totals follow.
    const increase = page.getByRole('button', { name: `Increase quantity of ${plain.name}` });
    await increase.click();
    await increase.click();
    lines[0].quantity = 3;
    await expectLocatorText(
      page.getByRole('group', { name: `Quantity of ${plain.name}` }).locator('output'),
      '3',
    );
    await expectVisible(navbar(page).getByRole('link', { name: 'Cart, 4 items' }));
    await expectText(page.getByRole('heading', { level: 1 }), '4 Items');
    const plainLine = items.getByRole('listitem').filter({ hasText: plain.name });
    await expectText(plainLine, formatPence(plainShown * 3));
    const expected = await expectSummary(page, lines, settings);
    assert.notEqual(expected.shipping, 'Free', 'below the threshold, shipping is charged');

    await page.getByRole('button', { name: `Decrease quantity of ${plain.name}` }).click();
    lines[0].quantity = 2;
    await expectVisible(navbar(page).getByRole('link', { name: 'Cart, 3 items' }));
    await expectSummary(page, lines, settings);

    // The cart is kept on the server (changes are sent a moment after the last click): a reload shows the same lines.
    await eventually(async () =>
      assert.deepEqual(await apiCart(context), { [plain._id]: 2, [taxed._id]: 1 }, 'the cart on the server'),
    );
    await openShop(page, '/cart');
    await expectCount(items.getByRole('listitem'), 2);
    await expectSummary(page, lines, settings);

    // Enough of the dearest product reaches the free-shipping threshold.
    const dearest = inStock[inStock.length - 1];
    const current = priceLines(lines, settings).goods;
    const needed = Math.ceil(
      (Math.round(settings.shippingThreshold * 100) - current) / Math.round(dearest.offerPrice * 100),
    );
    if (needed >= 1 && needed <= 20) {
      await apiSetCart(context, { [plain._id]: 2, [taxed._id]: 1, [dearest._id]: needed });
      lines.push({ product: dearest, quantity: needed });
      await openShop(page, '/cart');
      await expectCount(items.getByRole('listitem'), 3);
      const free = await expectSummary(page, lines, settings);
      assert.equal(free.shipping, 'Free', 'at or above the threshold, shipping is Free');
    } else {
      t.diagnostic(`free shipping not exercised: ${needed} of ${dearest.name} would be needed`);
    }

    // Removing a line.
    await page.getByRole('button', { name: `Remove ${taxed.name} from cart` }).click();
    await expectToast(page, 'Removed from Cart');
    await expectHidden(items.getByRole('listitem').filter({ hasText: taxed.name }));
  });
});

test('add an address, choose date and slot, confirm, see the order in My orders, then cancel it', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const customer = newCustomer('checkout');
    await apiSignUp(context, customer);
    const settings = await apiShipping(context);
    const product = (await apiProducts(context)).filter((p) => p.inStock)[2];
    await apiSetCart(context, { [product._id]: 2 });
    const lines = [{ product, quantity: 2 }];

    await openShop(page, '/cart');
    const summary = orderSummary(page);
    await expectText(summary, 'No address found');
    const expected = await expectSummary(page, lines, settings);

    await summary.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(page, TEXT.selectAddress);

    // No address yet: the panel's list offers "Add address", which leads to /add-address.
    await summary.getByRole('button', { name: 'Change delivery address' }).click();
    await summary.getByRole('link', { name: 'Add address' }).click();
    await expectPath(page, '/add-address');
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: 'Delivery address', level: 1 }));
    await expectText(main, TEXT.noAddresses);
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
    await expectPath(page, /^\/cart\?address=/);
    await expectText(summary, ADDRESS_LINE);
    await summary.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(page, TEXT.selectSlot);

    const dateGroup = summary.getByRole('group', { name: 'Delivery Date' });
    await expectCount(dateGroup.getByRole('radio'), 1);
    await expectText(dateGroup, /^Deliver by .+ if order within \d+h \d+m$/);
    await dateGroup.getByRole('radio').check();
    const slots = summary.getByRole('group', { name: 'Delivery Time Slot' });
    await expectCount(slots.getByRole('radio'), 3);
    for (const slot of ['10:00 - 11:00', '11:00 - 12:00', '12:00 - 13:00']) {
      await expectVisible(slots.getByRole('radio', { name: slot }));
    }
    await slots.getByRole('radio', { name: '11:00 - 12:00' }).check();
    await expectVisible(summary.getByRole('combobox', { name: 'Payment Method' }));

    await summary.getByRole('button', { name: 'Place Order' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm your order' });
    await expectVisible(dialog);
    await expectText(dialog, ADDRESS_LINE);
    await expectText(dialog, '11:00 - 12:00');
    await expectText(dialog, 'Cash On Delivery');
    assert.equal(
      await definition(dialog, 'Total'),
      expected.total,
      'the dialog shows the total of the summary',
    );
    await confirm(page, 'Confirm your order', 'Confirm Order');
    await expectToast(page, 'Order placed successfully');

    await expectPath(page, '/my-orders');
    await expectVisible(navbar(page).getByRole('link', { name: 'Cart, 0 items' }));
    const orders = page.getByRole('list', { name: 'Orders' });
    await expectCount(orders.getByRole('article'), 1);
    const order = orders.getByRole('article').first();
    await expectText(order, product.name);
    await expectText(order, `Qty: 2 × ${formatPence(Math.round(product.offerPrice * 100))}`);
    await expectText(order, '11:00 - 12:00');
    await expectText(order, ADDRESS_LINE);
    assert.equal(await definition(order, 'Total'), expected.total);
    assert.equal(await definition(order, 'Shipping'), expected.shipping);
    assert.equal(await definition(order, 'VAT'), expected.vat);
    await expectVisible(order.getByText('Pending', { exact: true }));

    await order.getByRole('button', { name: 'Cancel order' }).click();
    await confirm(page, 'Cancel this order?', 'Yes, cancel order');
    await expectVisible(order.getByText('Cancelled', { exact: true }), {
      what: 'the order marked Cancelled',
    });
    await expectHidden(order.getByRole('button', { name: 'Cancel order' }));

    // Still cancelled after a reload (the server has it).
    await openShop(page, '/my-orders');
    await expectVisible(page.getByRole('list', { name: 'Orders' }).getByText('Cancelled', { exact: true }));
  });
});

test('an hour after ordering, the cancel button is disabled and says why', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const customer = newCustomer('late');
    await apiSignUp(context, customer);
    const address = await apiAddAddress(context);
    const product = (await apiProducts(context)).filter((p) => p.inStock)[5];
    await apiPlaceOrder(context, { lines: [{ product, quantity: 1 }], addressId: address._id });

    // The browser's clock reads 61 minutes later (timers keep running normally).
    await page.clock.setFixedTime(new Date(Date.now() + 61 * 60_000));
    await openShop(page, '/my-orders');
    const order = page.getByRole('list', { name: 'Orders' }).getByRole('article');
    await expectCount(order, 1);
    await expectVisible(order.getByText('Pending', { exact: true }));
    const cancel = order.getByRole('button', { name: 'Cancel order' });
    await expectVisible(cancel);
    assert.equal(await cancel.isDisabled(), true, 'the cancel button is disabled after one hour');
    await expectText(order, 'Orders can only be cancelled within 1 hour of being placed');
  });
});
