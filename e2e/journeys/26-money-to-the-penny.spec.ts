// A £50 note for a small cash order, followed to the penny: the owner records it on the Run page and sees the
// change worked out; the cash-up counts what the shop kept of it (what was due), never the note; a refund above
// what was kept is refused by the page and by the server, one within it is given with its credit note, and the
// receipt's paid line and refunds say so.
import type { APIRequestContext } from '@playwright/test';
import { newCustomer, SELLER, toPence, uniqueName, orderRef } from '../support/api';
import { expect, test } from '../support/fixtures';
import { lookedAt } from '../support/pages';
import { sellerLogin } from '../support/shop';

const SLOT = '11:00 - 12:00';
const pounds = (pence: number) => (pence / 100).toFixed(2);

/** The cash the shop kept in the run of SLOT on `date`, as the cash-up answers it (pence; 0 before any delivery). */
async function runCash(request: APIRequestContext, date: string): Promise<number> {
  const res = await request.get(`/api/seller/cash-up?date=${date}`);
  expect(res.status(), await res.text()).toBe(200);
  const runs = (await res.json()).runs as { time: string; cash: number }[];
  return toPence(runs.find((run) => run.time === SLOT)?.cash ?? 0);
}

test.describe('money to the penny', () => {
  test('a £50 note for a small order: the change, a cash-up of what was kept, and a refund no larger', async ({
    page,
    api: customer,
    seller,
    catalogue,
    request,
  }) => {
    const bread = await catalogue.add({
      name: uniqueName('Penny Loaf'),
      category: 'Bakery',
      price: 2,
      offerPrice: 2,
      vat: 0,
      stock: 20,
    });
    await customer.signUp(newCustomer('penny'));
    const address = await customer.addAddress();
    const id = await customer.placeOrder({
      lines: [{ product: bread, quantity: 1 }],
      addressId: address._id,
      time: SLOT,
    });
    const { date } = await customer.deliverySlots();
    const { shippingCharge, shippingThreshold } = await customer.shipping();
    const due = 200 + (200 >= toPence(shippingThreshold) ? 0 : toPence(shippingCharge));
    await seller.moveFulfilment(id, 'picking');
    await seller.moveFulfilment(id, 'picked', [{ product: bread._id, picked: 1 }]);
    await seller.moveFulfilment(id, 'out_for_delivery');
    expect((await request.post('/api/seller/login', { data: SELLER })).ok()).toBe(true);
    const cashBefore = await runCash(request, date);

    // The owner takes the drop: a slip of £5,000 is caught, then the £50 note is recorded and the change shown.
    await sellerLogin(page);
    await page.goto(`/seller/run?date=${date}&time=${encodeURIComponent(SLOT)}`);
    const drop = page
      .getByRole('list', { name: 'Drops in run order' })
      .locator(':scope > li')
      .filter({ hasText: `#${orderRef(id)}` });
    await drop.getByRole('button', { name: 'Delivered', exact: true }).click();
    await expect(drop.getByLabel('Cash (£)')).toHaveValue(pounds(due));
    await drop.getByLabel('Cash (£)').fill('5000');
    await drop.getByRole('button', { name: 'Record delivered' }).click();
    await expect(drop.getByRole('alert')).toHaveText(
      'That is more than £50 over what is due: check the amount.',
    );
    await drop.getByLabel('Cash (£)').fill('50');
    await drop.getByRole('button', { name: 'Record delivered' }).click();
    await expect(drop.getByText(`Collected £50.00 cash, £${pounds(5000 - due)} change`)).toBeVisible();
    await lookedAt(page, 'run-fifty-pound-note');

    // The run's cash grew by what was due, not by the note; the owner counts that in and signs the run off.
    const cashAfter = await runCash(request, date);
    expect(cashAfter - cashBefore).toBe(due);
    await page.goto(`/seller/cash-up?date=${date}`);
    const run = page.getByRole('listitem', { name: `Run ${SLOT}` });
    await expect(run).toContainText(`£${pounds(cashAfter)}`);
    const signOff = run.getByRole('button', { name: /^(Sign off|Record a correction)$/ });
    const correcting = (await signOff.textContent()) === 'Record a correction';
    await run.getByLabel('Cash handed in (£)').fill(pounds(cashAfter));
    if (correcting) await run.getByLabel('Why the correction').fill('A £50 note taken for a small order');
    await signOff.click();
    await expect(run.getByText('Signed off', { exact: true })).toBeVisible();
    await lookedAt(page, 'cash-up-fifty-pound-note');

    // A refund: the page refuses more than was kept; so does the server (400), and nothing is given back.
    await page.goto(`/seller/receipt/${id}`);
    const receipt = page.getByRole('region', { name: /^(Receipt|VAT invoice) / });
    await expect(receipt.getByText('Change', { exact: true })).toBeVisible();
    await expect(
      receipt.getByText('Paid', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(`£${pounds(due)}`);
    const refund = page.getByRole('region', { name: 'Refund' });
    await expect(refund).toContainText(`Up to £${pounds(due)} can be given back`);
    await refund.getByLabel('Amount (£)').fill(pounds(due + 1));
    await refund.getByLabel('Reason').fill('Loaf squashed');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(refund.getByText(/cannot be more than the shop kept/)).toBeVisible();
    const tooMuch = await request.post(`/api/order/${id}/refunds`, {
      data: { amount: 50, method: 'cash', reason: 'The whole note back' },
    });
    expect(tooMuch.status(), await tooMuch.text()).toBe(400);

    await refund.getByLabel('Amount (£)').fill(pounds(due));
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(
      page.getByText(new RegExp(`Refund of £${pounds(due)} recorded: credit note CN-\\d{6}`)),
    ).toBeVisible();
    await expect(receipt.getByText(/^Credit note CN-\d{6}/)).toBeVisible();
    await expect(refund).toContainText('Nothing left to refund on this order.');
    await lookedAt(page, 'receipt-refunded');
  });
});
