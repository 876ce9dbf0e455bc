// The doorstep and the takings on a phone: three drops worked on the Run page (a line refused, an ID check failed,
// nobody at home) with the signal lost after the first and back after the third (nothing lost, nothing twice);
// the run cashed up £2 short with a reason; the customer opens the receipt from My orders.
import type { Page } from '@playwright/test';
import { newCustomer, toPence, uniqueName, type NewProduct } from '../support/api';
import { expect, test } from '../support/fixtures';
import { a11yProblems, screenshot } from '../support/pages';
import { sellerLogin } from '../support/shop';

async function lookedAt(page: Page, name: string): Promise<void> {
  await screenshot(page, test.info(), name);
  expect(await a11yProblems(page, test.info(), name)).toBe('');
}

const SLOT = '12:00 - 13:00';

test.describe('the doorstep and the takings', { tag: '@phone-only' }, () => {
  test('a run of three drops with the signal lost in the middle, cashed up £2 short, and a receipt', async ({
    page,
    api: customer,
    seller,
    catalogue,
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
    await customer.signUp(newCustomer('doorstep'));
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

    await sellerLogin(page);
    await page.goto(`/seller/run?date=${date}&time=${encodeURIComponent(SLOT)}`);
    const drops = page.getByRole('list', { name: 'Drops in run order' });
    const dropOf = (id: string) =>
      drops.locator(':scope > li').filter({ hasText: `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}` });
    // The run holds this journey's three drops (other journeys' orders may share the slot).
    for (const id of [first, second, third]) await expect(dropOf(id)).toHaveCount(1);
    await expect(dropOf(second).getByText('18+: check ID (Challenge 25)')).toBeVisible();
    await lookedAt(page, 'run-phone');

    // Drop 1: the milk is refused at the door; £4.00 in cash.
    const one = dropOf(first);
    await one.getByRole('button', { name: 'Delivered', exact: true }).click();
    await one.getByLabel('Cash (£)').fill(pounds(400 + shipping));
    await one.getByRole('checkbox', { name: milk.name }).check();
    await one.getByRole('button', { name: 'Record delivered' }).click();
    await expect(one.getByText('Delivered', { exact: true })).toBeVisible();

    // The signal goes.
    await page.context().setOffline(true);
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
    await lookedAt(page, 'run-offline-phone');

    // It comes back: both are sent, once.
    await page.context().setOffline(false);
    await expect(page.getByText('All updates sent')).toBeVisible({ timeout: 15_000 });
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

    // The cash-up: £2 less handed in than the drivers collected, with a reason.
    await page.goto(`/seller/cash-up?date=${date}`);
    const run = page.getByRole('listitem', { name: `Run ${SLOT}` });
    await expect(run).toContainText(`£${pounds(600 + 2 * shipping)}`);
    await run.getByLabel('Cash handed in (£)').fill(pounds(400 + 2 * shipping));
    await run.getByLabel('Reason for a difference').fill('£2 given as change at one door');
    await run.getByRole('button', { name: 'Sign off' }).click();
    await expect(run.getByText('£2.00 short')).toBeVisible();
    await expect(run.getByText('Signed off', { exact: true })).toBeVisible();
    await lookedAt(page, 'cash-up-phone');

    // The customer opens the receipt.
    await page.goto(`/my-orders/${first}/receipt`);
    await expect(page.getByRole('heading', { name: /Receipt #/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'What was supplied' })).toContainText(bread.name);
    await expect(page.getByRole('table', { name: 'What was supplied' })).not.toContainText(milk.name);
    await lookedAt(page, 'receipt-phone');
  });
});
