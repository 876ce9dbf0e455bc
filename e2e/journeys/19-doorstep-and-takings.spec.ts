// The doorstep and the takings on a phone: the owner adds a driver, who works three drops on the Run page (a line
// refused, an ID check failed, nobody at home). The signal goes after the first: the page, reloaded, opens from
// what the phone kept; the other two wait on the phone, the page is closed and opened again, and when the signal
// returns they are sent, once. The driver may not open the Cash-up; the owner cashes the run up £2 short with a
// reason and finds the day in the takings (and the first drop in their CSV); the customer opens the receipt.
import fs from 'node:fs';

import { newCustomer, SELLER, toPence, uniqueName, type NewProduct, orderRef } from '../support/api';
import { runClockNow } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { lookedAt } from '../support/pages';
import { expectSellerLoginScreen, sellerLogin, sellerMenu } from '../support/shop';

const SLOT = '12:00 - 13:00';

test.describe('the doorstep and the takings', { tag: '@phone-only' }, () => {
  // A common phone's screen.
  test.use({ viewport: { width: 390, height: 844 } });

  test('a driver works three drops with no signal in the middle, the owner cashes up £2 short, and a receipt', async ({
    page,
    otherPage: ownerPage,
    api: customer,
    seller,
    catalogue,
    request,
  }) => {
    const product = (
      name: string,
      price: number,
      extra: Partial<NewProduct> & { ageRestricted?: boolean } = {},
    ) => {
      const added: NewProduct = {
        name: uniqueName(name),
        category: 'Bakery',
        price,
        offerPrice: price,
        vat: 0,
        stock: 50,
        ...extra,
      };
      return catalogue.add(added);
    };
    const bread = await product('Door Bread', 2);
    const milk = await product('Door Milk', 1.5);
    const wine = await product('Door Wine', 8, {
      category: 'Drinks',
      ageRestricted: true,
    } as Partial<NewProduct>);
    const shopper = newCustomer('doorstep');
    await customer.signUp(shopper);
    const address = await customer.addAddress();
    const first = await customer.placeOrder({
      lines: [
        { product: bread, quantity: 2 },
        { product: milk, quantity: 1 },
      ],
      addressId: address._id,
      time: SLOT,
    });
    const second = await customer.placeOrder({
      lines: [
        { product: bread, quantity: 1 },
        { product: wine, quantity: 1 },
      ],
      addressId: address._id,
      time: SLOT,
    });
    const third = await customer.placeOrder({
      lines: [{ product: milk, quantity: 2 }],
      addressId: address._id,
      time: SLOT,
    });
    const { date } = await customer.deliverySlots();
    // Each order pays the shop's delivery charge (under the free-delivery threshold): pence.
    const shipping = toPence((await customer.shipping()).shippingCharge);
    const pounds = (pence: number) => (pence / 100).toFixed(2);
    for (const [id, lines] of [
      [
        first,
        [
          { product: bread._id, picked: 2 },
          { product: milk._id, picked: 1 },
        ],
      ],
      [
        second,
        [
          { product: bread._id, picked: 1 },
          { product: wine._id, picked: 1 },
        ],
      ],
      [third, [{ product: milk._id, picked: 2 }]],
    ] as const) {
      await seller.moveFulfilment(id, 'picking');
      await seller.moveFulfilment(id, 'picked', [...lines]);
      await seller.moveFulfilment(id, 'out_for_delivery');
    }

    // The owner adds a driver; the driver signs in on their phone and chooses a password.
    const driver = {
      name: uniqueName('Dev Driver'),
      email: `${uniqueName('driver')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '.')}@larder.test`,
      first: 'first-van-of-the-morning',
      chosen: 'my-own-delivery-password',
    };
    expect((await request.post('/api/seller/login', { data: SELLER })).ok()).toBe(true);
    // Other journeys' orders may share the run: its cash is counted from what it kept before these drops.
    const runCash = async () => {
      const res = await request.get(`/api/seller/cash-up?date=${date}`);
      expect(res.status(), await res.text()).toBe(200);
      const runs = (await res.json()).runs as { time: string; cash: number }[];
      return toPence(runs.find((r) => r.time === SLOT)?.cash ?? 0);
    };
    const cashBefore = await runCash();
    const added = await request.post('/api/seller/staff', {
      data: { name: driver.name, email: driver.email, role: 'driver', password: driver.first },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto('/seller');
    await expectSellerLoginScreen(page);
    await page.getByLabel('Email').fill(driver.email);
    await page.getByLabel('Password').fill(driver.first);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByLabel('Current password').fill(driver.first);
    await page.getByLabel(/^New password\s*\*?$/).fill(driver.chosen);
    await page.getByLabel('New password again').fill(driver.chosen);
    await page.getByRole('button', { name: 'Save new password' }).click();
    // A driver lands on their Run, and is not offered the Cash-up (managers and the owner only).
    await expect(page).toHaveURL(/\/seller\/run/);
    await expect(page.getByRole('heading', { name: 'Run', level: 1 })).toBeVisible();
    await expect(sellerMenu(page).getByRole('link', { name: 'Run', exact: true })).toBeVisible();
    await expect(sellerMenu(page).getByRole('link', { name: 'Cash-up' })).toHaveCount(0);

    const runPath = `/seller/run?date=${date}&time=${encodeURIComponent(SLOT)}`;
    await page.goto(runPath);
    const drops = page.getByRole('list', { name: 'Drops in run order' });
    const dropOf = (id: string) => drops.locator(':scope > li').filter({ hasText: `#${orderRef(id)}` });
    // The run holds this journey's three drops (other journeys' orders may share the slot).
    for (const id of [first, second, third]) await expect(dropOf(id)).toHaveCount(1);
    await expect(dropOf(second).getByText('18+: check ID (Challenge 25)')).toBeVisible();
    // The phone has kept what the page needs to open again without signal.
    await expect(page.getByText('This run also opens on this phone without signal.')).toBeVisible();
    await lookedAt(page, 'run-phone');

    // Drop 1: the milk is refused at the door; £4.00 in cash.
    const one = dropOf(first);
    await one.getByRole('button', { name: 'Delivered', exact: true }).click();
    await one.getByLabel('Cash (£)').fill(pounds(400 + shipping));
    await one.getByRole('checkbox', { name: milk.name }).check();
    await one.getByRole('button', { name: 'Record delivered' }).click();
    await expect(one.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(page.getByText('All updates sent')).toBeVisible();

    // The signal goes, and the page is reloaded: it opens from what the phone kept, drop 1 as last seen.
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByText('No signal: the run as last loaded on this phone.')).toBeVisible();
    for (const id of [first, second, third]) await expect(dropOf(id)).toHaveCount(1);
    await expect(one.getByText('Delivered', { exact: true })).toBeVisible();
    // Nothing reached the shop's server for that: a request of the page itself fails.
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');

    const two = dropOf(second);
    await two.getByRole('button', { name: 'Delivered', exact: true }).click();
    await two.getByLabel('Cash (£)').fill(pounds(200 + shipping));
    await two.getByRole('radio', { name: /Failed/ }).check();
    await two.getByRole('button', { name: 'Record delivered' }).click();
    await expect(page.getByText('1 update waiting')).toBeVisible();
    const three = dropOf(third);
    await three.getByRole('button', { name: 'Not delivered' }).click();
    await three.getByRole('radio', { name: 'Nobody was at home' }).check();
    await three.getByRole('button', { name: 'Record not delivered' }).click();
    await expect(page.getByText('2 updates waiting')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await lookedAt(page, 'run-offline-phone');

    // The page is closed and opened again, still without signal: both updates are still on the phone.
    const context = page.context();
    await page.close();
    const again = await context.newPage();
    await again.goto(runPath);
    await expect(again.getByText('2 updates waiting')).toBeVisible();
    await expect(again.getByText('Saved on this phone: waiting to send')).toHaveCount(2);

    // It comes back: both are sent, once (a second send of either would be refused and said on its drop).
    await context.setOffline(false);
    await expect(again.getByText('All updates sent')).toBeVisible({ timeout: 15_000 });
    await expect(again.getByRole('alert')).toHaveCount(0);
    const orders = (await customer.orders()) as unknown as {
      _id: string;
      status: string;
      fulfilment: string;
      collected: { cash: number } | null;
      due: number;
    }[];
    const find = (id: string) => orders.find((o) => o._id === id);
    const due = (pence: number) => Number(pounds(pence));
    expect(find(first)).toMatchObject({
      status: 'Completed',
      due: due(400 + shipping),
      collected: { cash: due(400 + shipping) },
    });
    expect(find(second)).toMatchObject({
      status: 'Completed',
      due: due(200 + shipping),
      collected: { cash: due(200 + shipping) },
    });
    expect(find(third)).toMatchObject({ status: 'Pending', fulfilment: 'failed_delivery' });

    // The Cash-up is not the driver's: its address leads back to their Run.
    await again.goto(`/seller/cash-up?date=${date}`);
    await expect(again).toHaveURL(/\/seller\/run(?:\?|$)/);

    // Signed out, the phone keeps none of the run's customers: without signal the Run page asks to sign in.
    await again.getByRole('button', { name: 'Logout' }).click();
    await expectSellerLoginScreen(again);
    await context.setOffline(true);
    await again.goto(runPath);
    await expectSellerLoginScreen(again);
    await expect(again.getByText(`${shopper.firstName} ${shopper.lastName}`)).toHaveCount(0);
    // Nothing of the run is kept (a visitor's own sign-in check, which names no one, may be).
    const kept = await again.evaluate(async () =>
      (await (await caches.open('larder-seller-run')).keys())
        .map((request) => new URL(request.url).pathname)
        .filter((path) => path !== '/api/seller/is-auth'),
    );
    expect(kept).toEqual([]);
    await context.setOffline(false);

    // The owner cashes up: £2 less handed in than the driver collected, with a reason.
    await sellerLogin(ownerPage);
    await ownerPage.goto(`/seller/cash-up?date=${date}`);
    const run = ownerPage.getByRole('listitem', { name: `Run ${SLOT}` });
    const cash = await runCash();
    expect(cash - cashBefore, 'the two drops delivered kept what was due').toBe(600 + 2 * shipping);
    await expect(run).toContainText(`£${pounds(cash)}`);
    await expect(run).toContainText(driver.name);
    await run.getByLabel('Cash handed in (£)').fill(pounds(cash - 200));
    await run.getByLabel('Reason for a difference').fill('£2 given as change at one door');
    await run.getByRole('button', { name: 'Sign off' }).click();
    // The variance as recorded (the form's preview beside it says "Variance: £2.00 short" from the first key typed).
    await expect(run.getByText('Signed off', { exact: true })).toBeVisible();
    await expect(run.getByText('£2.00 short', { exact: true })).toBeVisible();
    await lookedAt(ownerPage, 'cash-up-phone');

    // The takings are by day of supply: the drops were handed over today (the run's clock, London). The day is
    // chosen on the Takings page; the first drop is a line of its CSV, with what it came to and the cash taken.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      runClockNow() ?? new Date(),
    );
    await sellerMenu(ownerPage).getByRole('link', { name: 'Takings' }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Takings', level: 1 })).toBeVisible();
    await ownerPage.getByLabel('From').fill(today);
    await ownerPage.getByLabel('To').fill(today);
    await ownerPage.getByRole('button', { name: 'Show' }).click();
    await expect(ownerPage).toHaveURL(new RegExp(`from=${today}&to=${today}`));
    const takings = ownerPage.getByRole('table', { name: /Takings per day of delivery/ });
    await expect(takings.locator('tbody tr')).toHaveCount(1);
    await expect(takings.getByRole('rowheader', { name: 'Total' })).toBeVisible();
    const [download] = await Promise.all([
      ownerPage.waitForEvent('download'),
      ownerPage.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const header = csv.split('\r\n')[0].split(',');
    const firstLine = csv
      .split('\r\n')
      .find((line) => line.startsWith(`${orderRef(first)},`))
      ?.split(',');
    expect(firstLine, csv).toBeDefined();
    expect(firstLine![header.indexOf('date of supply')]).toBe(today);
    expect(firstLine![header.indexOf('gross')]).toBe(pounds(400 + shipping));
    expect(firstLine![header.indexOf('cash')]).toBe(pounds(400 + shipping));
    expect(firstLine![header.indexOf('savings')]).toBe('0.00');
    await lookedAt(ownerPage, 'takings-phone');
    await ownerPage.setViewportSize({ width: 1280, height: 800 });
    await expect(takings.getByRole('columnheader', { name: 'Savings' })).toBeVisible();
    await lookedAt(ownerPage, 'takings-desktop');

    // The customer opens the receipt, on a page of the shop that the seller area's worker does not control.
    await again.goto(`/my-orders/${first}/receipt`);
    await expect(again.getByRole('heading', { name: /Receipt #/ })).toBeVisible();
    await expect(again.getByRole('table', { name: 'What was supplied' })).toContainText(bread.name);
    await expect(again.getByRole('table', { name: 'What was supplied' })).not.toContainText(milk.name);
    expect(await again.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    await lookedAt(again, 'receipt-phone');
  });
});
