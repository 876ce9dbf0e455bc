// The driver's day on a phone, without the owner's help on the floor: the owner adds a driver; two orders are
// picked for tomorrow. The driver signs in for the first time, chooses their own password and lands on Run; they
// choose tomorrow and their slot, start the run (both picked orders out for delivery at once, under their name in
// the activity log) and record a drop. No screen offers them Picking.

import { newCustomer, SELLER, toPence, uniqueName, type NewProduct, orderRef } from '../support/api';
import { expect, test } from '../support/fixtures';
import { lookedAt } from '../support/pages';
import { expectSellerLoginScreen, sellerMenu } from '../support/shop';

/** A slot of its own: starting the run takes out every picked order of the slot. */
const SLOT = '11:00 - 12:00';

test.describe("the driver's day", { tag: '@phone-only' }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a driver signs in for the first time, chooses tomorrow, starts the run and records a drop', async ({
    page,
    api: customer,
    seller,
    catalogue,
    request,
  }) => {
    const product: NewProduct = {
      name: uniqueName('Van Oats'),
      category: 'Bakery',
      price: 2,
      offerPrice: 2,
      vat: 0,
      stock: 50,
    };
    const oats = await catalogue.add(product);
    await customer.signUp(newCustomer('drivers-day'));
    const address = await customer.addAddress();
    const first = await customer.placeOrder({
      lines: [{ product: oats, quantity: 2 }],
      addressId: address._id,
      time: SLOT,
    });
    const second = await customer.placeOrder({
      lines: [{ product: oats, quantity: 1 }],
      addressId: address._id,
      time: SLOT,
    });
    // Orders placed before the 15:00 cut-off are delivered tomorrow (the journeys' clock reads 10:00).
    const { date: tomorrow } = await customer.deliverySlots();
    const shipping = toPence((await customer.shipping()).shippingCharge);
    // The picker has picked both; nobody has dispatched them.
    for (const [id, picked] of [
      [first, 2],
      [second, 1],
    ] as const) {
      await seller.moveFulfilment(id, 'picking');
      await seller.moveFulfilment(id, 'picked', [{ product: oats._id, picked }]);
    }

    // The owner adds a driver, who signs in on their phone for the first time.
    const driver = {
      name: uniqueName('Dee Driver'),
      email: `${uniqueName('dee')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '.')}@larder.test`,
      first: 'first-day-on-the-van',
      chosen: 'my-own-van-password',
    };
    expect((await request.post('/api/seller/login', { data: SELLER })).ok()).toBe(true);
    const added = await request.post('/api/seller/staff', {
      data: { name: driver.name, email: driver.email, role: 'driver', password: driver.first },
    });
    expect(added.status(), await added.text()).toBe(201);
    const driverId = ((await added.json()) as { staff: { _id: string } }).staff._id;
    // A visitor's sign-in check is answered, not refused: /seller logs no failed request.
    const checks: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/seller/is-auth') checks.push(response.status());
    });
    await page.goto('/seller');
    await expectSellerLoginScreen(page);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every((status) => status === 200)).toBe(true);
    await page.getByLabel('Email').fill(driver.email);
    await page.getByLabel('Password').fill(driver.first);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByLabel('Current password').fill(driver.first);
    await page.getByLabel(/^New password\s*\*?$/).fill(driver.chosen);
    await page.getByLabel('New password again').fill(driver.chosen);
    await page.getByRole('button', { name: 'Save new password' }).click();

    // They land on Run; the menu offers only what they may open.
    await expect(page.getByRole('heading', { name: 'Run', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/seller\/run/);
    await expect(sellerMenu(page).getByRole('link', { name: 'Run', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Picking/ })).toHaveCount(0);

    // They choose tomorrow and their slot.
    await page.getByLabel('Date').fill(tomorrow);
    await page.getByRole('navigation', { name: 'Delivery slots' }).getByRole('link', { name: SLOT }).click();
    await expect(page).toHaveURL(new RegExp(`date=${tomorrow}`));
    const drops = page.getByRole('list', { name: 'Drops in run order' });
    const dropOf = (id: string) => drops.locator(':scope > li').filter({ hasText: `#${orderRef(id)}` });
    for (const id of [first, second]) {
      await expect(dropOf(id)).toHaveCount(1);
      await expect(dropOf(id).getByText('Picked: start the run to take it out')).toBeVisible();
    }
    await lookedAt(page, 'run-before-start-phone');

    // Start run: both go out for delivery at once.
    await page.getByRole('button', { name: 'Start run' }).click();
    for (const id of [first, second])
      await expect(dropOf(id).getByRole('button', { name: 'Delivered', exact: true })).toBeVisible();

    // The first drop: delivered, the amount due taken in cash.
    const one = dropOf(first);
    await one.getByRole('button', { name: 'Delivered', exact: true }).click();
    await expect(one.getByLabel('Cash (£)')).toHaveValue(((400 + shipping) / 100).toFixed(2));
    await one.getByRole('button', { name: 'Record delivered' }).click();
    await expect(one.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(page.getByText('All updates sent')).toBeVisible();
    await lookedAt(page, 'run-started-phone');

    // The shop sees it all done by the driver: the orders' steps in the activity log under their name.
    const orders = (await customer.orders()) as unknown as {
      _id: string;
      status: string;
      fulfilment: string;
    }[];
    expect(orders.find((o) => o._id === first)).toMatchObject({
      status: 'Completed',
      fulfilment: 'delivered',
    });
    expect(orders.find((o) => o._id === second)).toMatchObject({
      status: 'Pending',
      fulfilment: 'out_for_delivery',
    });
    const log = await request.get(
      `/api/seller/activity?${new URLSearchParams({ kind: 'order', actor: driverId }).toString()}`,
    );
    expect(log.ok(), await log.text()).toBe(true);
    const entries = ((await log.json()) as { entries: { summary: string; actor: { name: string } | null }[] })
      .entries;
    for (const summary of [
      `Order #${orderRef(first)}: Picked → out for delivery`,
      `Order #${orderRef(second)}: Picked → out for delivery`,
      `Order #${orderRef(first)}: Out for delivery → delivered`,
    ])
      expect(entries.find((e) => e.summary === summary)?.actor?.name).toBe(driver.name);
  });
});
