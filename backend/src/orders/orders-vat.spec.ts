import request from 'supertest';
import { sql } from 'drizzle-orm';
import { DELIVERY_SLOTS, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { orders } from '../db/schema';
import { Clock } from '../common/clock';

/**
 * VAT at rates such as 12.5% and 17.5% leaves fractions of a penny on each line; the order's VAT is the exact
 * sum of the lines rounded half-up ONCE, never the sum of lines rounded one by one.
 */

/** Monday 23 November 2026, 10:00 in London: the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

let t: TestApp;
let customer: { cookie: string; addressId: string };
const lines: { product: string; quantity: number; vat: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => MONDAY_10AM;
  const seller = await signInSeller(t);
  await request(t.server)
    .post('/api/settings/shipping')
    .set('Cookie', seller)
    .send({ shippingCharge: 3.99, shippingThreshold: 40 })
    .expect(200);
  // Line VAT in pence: 4 x 12.5% = 0.5, 12 x 12.5% = 1.5, 2 x 17.5% = 0.35, 6 x 17.5% = 1.05.
  // Exact sum 3.4p -> 3p; rounded line by line it would be 1 + 2 + 0 + 1 = 4p.
  for (const [offerPrice, vatBasisPoints] of [
    [4, 1250],
    [12, 1250],
    [2, 1750],
    [6, 1750],
  ]) {
    const product = await createProduct(t, { offerPrice, price: offerPrice, vatBasisPoints });
    lines.push({ product, quantity: 1, vat: vatBasisPoints / 100 });
  }
  customer = await signInCustomerWithAddress(
    t,
    { email: 'vat@example.com', firstName: 'Val', lastName: 'Added', phone: '07700 900456' },
    {
      street: '1 Mint Lane',
      city: 'Cardiff',
      state: 'Glamorgan',
      postalCode: 'CF10 1AA',
      country: 'United Kingdom',
    },
  );
});

afterAll(async () => {
  await t?.close();
});

function place(totalVat: number, amount: number) {
  return request(t.server)
    .post('/api/order/cod')
    .set('Cookie', customer.cookie)
    .send({
      items: lines,
      address: customer.addressId,
      paymentType: 'COD',
      amount,
      shippingCharge: 3.99,
      totalVat,
      deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[1] },
    });
}

async function orderCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row.n;
}

it('refuses totals whose VAT was rounded line by line, and stores nothing', async () => {
  const res = await place(0.04, 4.27).expect(409);
  expect(res.body).toMatchObject({ success: false, message: MESSAGES.totalsChanged });
  expect(await orderCount()).toBe(0);
});

it('accepts the VAT of the exact sum rounded once, and shows it on the order', async () => {
  // Goods 24p + VAT 3p + shipping £3.99 = £4.26.
  await place(0.03, 4.26).expect(201);
  const mine = await request(t.server).get('/api/order/user').set('Cookie', customer.cookie).expect(200);
  expect(mine.body.orders).toHaveLength(1);
  expect(mine.body.orders[0]).toMatchObject({ totalVat: 0.03, amount: 4.26, shippingCharge: 3.99 });
  const [row] = await t.db.select({ vat: orders.totalVat, amount: orders.amount }).from(orders);
  expect(row).toEqual({ vat: 3, amount: 426 });
});
