// Regulars: a shopper hearts a product and finds it in Favourites (Add all to basket naming what is out of
// stock), and makes a weekly regular delivery from a past order, sees its next delivery and skips it.
import type { Page } from '@playwright/test';
import { newCustomer, uniqueName, orderRef } from '../support/api';
import { expect, test } from '../support/fixtures';
import { a11yProblems, screenshot } from '../support/pages';
import { chooseFromProfileMenu, expectToast, openShop, productCard } from '../support/shop';

/** A delivery date (YYYY-MM-DD) as the shop writes it: "Tue, 24 Nov 2026". */
function shopDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

async function plans(page: Page) {
  const res = await page.request.get('/api/user/standing-orders');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { standingOrders: { nextDelivery: string; skipping: boolean }[] })
    .standingOrders;
}

test.describe('favourites', { tag: '@phone' }, () => {
  test('a shopper hearts a product and finds it in Favourites; Add all to basket names what is out of stock', async ({
    page,
    api,
    seller,
    catalogue,
  }) => {
    const jam = await catalogue.add({
      name: uniqueName('Heart Jam'),
      category: 'Bakery',
      price: 2.2,
      offerPrice: 2.2,
      vat: 0,
      stock: 10,
    });
    const gone = await catalogue.add({
      name: uniqueName('Heart Gone'),
      category: 'Bakery',
      price: 1.5,
      offerPrice: 1.5,
      vat: 0,
      stock: 3,
    });
    await api.signUp(newCustomer('hearts'));
    // Kept before it ran out.
    expect((await page.request.put(`/api/user/favourites/${gone._id}`)).ok()).toBe(true);
    await seller.setStock(gone._id, 0);

    await openShop(page, `/products?q=${encodeURIComponent(jam.name)}`);
    const heart = productCard(page.locator('main'), jam.name).getByRole('button', {
      name: `Favourite: ${jam.name}`,
    });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await openShop(page, '/favourites');
    await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
    const main = page.locator('main');
    await expect(productCard(main, jam.name)).toBeVisible();
    await expect(productCard(main, gone.name)).toBeVisible();
    await page.getByRole('button', { name: 'Add all to basket' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Not added, out of stock' })).toContainText(
      gone.name,
    );
    await expect.poll(async () => (await api.cart())[jam._id]).toBe(1);
    expect((await api.cart())[gone._id]).toBeUndefined();
    await screenshot(page, test.info(), 'favourites');
    expect(await a11yProblems(page, test.info(), 'favourites')).toBe('');

    // Taken off from its card: it leaves the page.
    await productCard(main, jam.name)
      .getByRole('button', { name: `Favourite: ${jam.name}` })
      .click();
    await expect(productCard(main, jam.name)).toBeHidden();
  });
});

test.describe('regular deliveries', { tag: '@phone' }, () => {
  test('a shopper makes a weekly regular delivery from a past order, sees its next delivery and skips it', async ({
    page,
    api,
    catalogue,
    isMobile,
  }) => {
    const tea = await catalogue.add({
      name: uniqueName('Weekly Tea'),
      category: 'Bakery',
      price: 3.1,
      offerPrice: 3.1,
      vat: 0,
      stock: 50,
    });
    const customer = newCustomer('regulars');
    await api.signUp(customer);
    const address = await api.addAddress();
    const id = await api.placeOrder({ lines: [{ product: tea, quantity: 2 }], addressId: address._id });

    await openShop(page, '/my-orders');
    const card = page.getByRole('article', { name: `Order #${orderRef(id)}` });
    await card.getByRole('button', { name: `Make this a regular delivery: order #${orderRef(id)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Make this a regular delivery' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`2 x ${tea.name}`)).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'How often' })).toHaveValue('1');
    await screenshot(page, test.info(), 'make-regular-delivery');
    expect(await a11yProblems(page, test.info(), 'make-regular-delivery')).toBe('');
    await dialog.getByRole('button', { name: 'Set up regular delivery' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Regular delivery set up' }).first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    if (isMobile) await openShop(page, '/regular-deliveries');
    else await chooseFromProfileMenu(page, 'Regular deliveries');
    await expect(page).toHaveURL(/\/regular-deliveries$/);
    const [plan] = await plans(page);
    const regular = page.getByRole('article').filter({ hasText: tea.name });
    await expect(regular.getByRole('heading', { name: /^Every \w+day, 10:00 - 11:00$/ })).toBeVisible();
    await expect(regular.getByText(`Next delivery: ${shopDate(plan.nextDelivery)}`)).toBeVisible();
    await expect(regular.getByText(`2 x ${tea.name}`)).toBeVisible();

    await regular.getByRole('button', { name: 'Skip next delivery' }).click();
    await expectToast(page, 'The next delivery is skipped');
    const [skipped] = await plans(page);
    expect(skipped).toMatchObject({ nextDelivery: plan.nextDelivery, skipping: true });
    await expect(regular.getByText(`Skipping ${shopDate(plan.nextDelivery)}`)).toBeVisible();
    await expect(regular.getByRole('button', { name: 'Undo skip' })).toBeVisible();
    await screenshot(page, test.info(), 'regular-deliveries');
    expect(await a11yProblems(page, test.info(), 'regular-deliveries')).toBe('');
  });
});
