// The grocer's day: a shopper changes an order before the cut-off and sees the new totals; the seller picks
// an order with one short line and one substitute, and the shopper's open My orders page shows it without a
// reload.
import type { Page } from '@playwright/test';
import { newCustomer, priceLines, uniqueName, orderRef } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectToast, formatPence, openShop, sellerLogin, sellerMenu, visibleText } from '../support/shop';

function orderCard(page: Page, id: string) {
  return page.getByRole('article', { name: `Order #${orderRef(id)}` });
}

test('a shopper changes an order before the cut-off and sees the new totals', async ({
  page,
  api,
  catalogue,
}) => {
  const milk = await catalogue.add({
    name: uniqueName('Day Milk'),
    category: 'Dairy',
    price: 1.5,
    offerPrice: 1.5,
    vat: 0,
    stock: 20,
  });
  const bread = await catalogue.add({
    name: uniqueName('Day Bread'),
    category: 'Bakery',
    price: 3,
    offerPrice: 3,
    vat: 0,
    stock: 20,
  });
  await api.signUp(newCustomer('change'));
  const address = await api.addAddress();
  const id = await api.placeOrder({ lines: [{ product: milk, quantity: 2 }], addressId: address._id });

  await openShop(page, '/my-orders');
  const card = orderCard(page, id);
  await card.getByRole('button', { name: /^Change order \(until \w{3} 15:00\)$/ }).click();
  const editor = card.getByRole('region', { name: 'Change order' });
  await editor.getByRole('button', { name: `Increase quantity of ${milk.name}` }).click();
  await editor.getByRole('searchbox', { name: 'Add a product' }).fill(bread.name);
  await editor.getByRole('button', { name: `Add ${bread.name} to the order` }).click();
  await editor.getByRole('checkbox', { name: `Allow substitutes for ${bread.name}` }).uncheck();
  await editor.getByRole('button', { name: 'Save changes' }).click();

  await expectToast(page, 'Order updated');
  await expect(editor).toBeHidden();
  const totals = priceLines(
    [
      { product: milk, quantity: 3 },
      { product: bread, quantity: 1 },
    ],
    await api.shipping(),
  );
  await expect(visibleText(card, `Qty: 3 × ${formatPence(150)}`)).toBeVisible();
  await expect(visibleText(card, `Qty: 1 × ${formatPence(300)}`)).toBeVisible();
  await expect(visibleText(card, formatPence(totals.total))).toBeVisible();
});

test('the seller picks a short line and a substitute; the shopper sees it without a reload', async ({
  page,
  otherPage: shop,
  otherApi: customer,
  catalogue,
}) => {
  const milk = await catalogue.add({
    name: uniqueName('Pick Milk'),
    category: 'Dairy',
    price: 1.5,
    offerPrice: 1.5,
    vat: 0,
    stock: 20,
  });
  const oat = await catalogue.add({
    name: uniqueName('Pick Oat'),
    category: 'Dairy',
    price: 1.2,
    offerPrice: 1.2,
    vat: 0,
    stock: 20,
  });
  const bread = await catalogue.add({
    name: uniqueName('Pick Bread'),
    category: 'Bakery',
    price: 3,
    offerPrice: 3,
    vat: 0,
    stock: 20,
  });
  await customer.signUp(newCustomer('picked'));
  const address = await customer.addAddress();
  const id = await customer.placeOrder({
    lines: [
      { product: milk, quantity: 2 },
      { product: bread, quantity: 2 },
    ],
    addressId: address._id,
  });
  const { date } = await customer.deliverySlots();

  await openShop(shop, '/my-orders');
  const mine = orderCard(shop, id);
  await expect(visibleText(mine, 'Order placed')).toBeVisible();
  await shop.evaluate(() => Object.assign(window, { notReloaded: true }));

  await sellerLogin(page);
  await sellerMenu(page).getByRole('link', { name: 'Picking' }).click();
  await expect(page).toHaveURL(/\/seller\/picking/);
  await page.getByLabel('Delivery date').fill(date);
  const order = page.getByRole('article', { name: new RegExp(`^Order #${orderRef(id)}`) });
  await order.getByRole('button', { name: /^Start picking/ }).click();
  const checklist = order.getByRole('form', { name: /^Checklist/ });
  const milkLine = checklist.getByRole('group', { name: new RegExp(milk.name) });
  await milkLine.getByRole('radio', { name: 'Short' }).check();
  await milkLine.getByRole('spinbutton', { name: `Units of ${milk.name} found` }).fill('0');
  await milkLine.getByRole('searchbox', { name: `Substitute for ${milk.name}` }).fill(oat.name);
  await milkLine.getByRole('button', { name: `Use ${oat.name} as the substitute for ${milk.name}` }).click();
  const breadLine = checklist.getByRole('group', { name: new RegExp(bread.name) });
  await breadLine.getByRole('radio', { name: 'Short' }).check();
  await breadLine.getByRole('spinbutton', { name: `Units of ${bread.name} found` }).fill('1');
  await checklist.getByRole('button', { name: 'Mark as picked' }).click();
  await expect(order.getByRole('list', { name: /^Picked lines/ })).toContainText(
    `${milk.name}: 0 of 2 (2 missing) · substitute 2 × ${oat.name} at £1.20`,
  );

  // The shopper's page follows the order event stream.
  await expect(visibleText(mine, /^Picked$/)).toBeVisible();
  await expect(
    visibleText(mine, `Substituted: 2 × ${oat.name} at £1.20 instead of ${milk.name} at £1.50`),
  ).toBeVisible();
  await expect(visibleText(mine, 'Picked 1 of 2; 1 missing')).toBeVisible();
  expect(await shop.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
