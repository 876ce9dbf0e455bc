// Where features meet at the order: a shopper changes an order holding wine (the 18+ tick asked again and sent),
// and the Cancel button goes from My orders as soon as the seller starts picking, without a reload.
import type { Page } from '@playwright/test';
import { newCustomer, uniqueName, orderRef } from '../support/api';
import { expect, test } from '../support/fixtures';
import { a11yProblems, screenshot } from '../support/pages';
import { expectToast, openShop, visibleText } from '../support/shop';

const WINE = 'Spanish Tempranillo Red Wine 75cl';
const AGE_LABEL = 'I confirm I am 18 or over (ID may be requested on delivery)';

const orderCard = (page: Page, id: string) => page.getByRole('article', { name: `Order #${orderRef(id)}` });

test('a shopper changes an order holding wine: the 18+ tick, saved, "Order updated"', async ({
  page,
  api,
  catalogue,
}) => {
  const wine = await api.product(WINE);
  const bread = await catalogue.add({
    name: uniqueName('Wine Night Bread'),
    category: 'Bakery',
    price: 2.4,
    offerPrice: 2.4,
    vat: 0,
    stock: 20,
  });
  await api.signUp(newCustomer('wine-change'));
  const address = await api.addAddress();
  const id = await api.placeOrder({ lines: [{ product: wine, quantity: 1 }], addressId: address._id });

  await openShop(page, '/my-orders');
  const card = orderCard(page, id);
  await card.getByRole('button', { name: /^Change order/ }).click();
  const editor = card.getByRole('region', { name: 'Change order' });
  await editor.getByRole('searchbox', { name: 'Add a product' }).fill(bread.name);
  await editor.getByRole('button', { name: `Add ${bread.name} to the order` }).click();
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    editor.getByText('Please confirm you are 18 or over to buy age-restricted items.'),
  ).toBeVisible();
  await screenshot(page, test.info(), 'my-orders-change-wine');
  expect(await a11yProblems(page, test.info(), 'my-orders-change-wine')).toBe('');

  await editor.getByRole('checkbox', { name: AGE_LABEL }).check();
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Order updated');
  await expect(editor).toBeHidden();
  await expect(visibleText(card, bread.name)).toBeVisible();
  await expect(visibleText(card, wine.name)).toBeVisible();
});

test('the Cancel button goes once the seller starts picking, without a reload', async ({
  page,
  api,
  otherApi: seller,
  catalogue,
}) => {
  const apples = await catalogue.add({
    name: uniqueName('Cancel Apples'),
    category: 'Fruits',
    price: 1.8,
    offerPrice: 1.8,
    vat: 0,
    stock: 20,
  });
  await api.signUp(newCustomer('cancel-picking'));
  const address = await api.addAddress();
  const id = await api.placeOrder({ lines: [{ product: apples, quantity: 2 }], addressId: address._id });

  await openShop(page, '/my-orders');
  const card = orderCard(page, id);
  await expect(card.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
  await expect(card.getByTestId('order-state')).toContainText('cancel it until');
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await seller.sellerLogin();
  await seller.moveFulfilment(id, 'picking');

  await expect(card.getByTestId('fulfilment-stage')).toHaveText('Being picked');
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(card.getByTestId('order-state')).toHaveText(
    'We are picking your order: it can no longer be changed or cancelled.',
  );
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await screenshot(page, test.info(), 'my-orders-being-picked');
});
