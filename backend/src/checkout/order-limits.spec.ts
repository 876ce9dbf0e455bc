import request from 'supertest';
import { sql } from 'drizzle-orm';
import { ERROR_CODES, DELIVERY_SLOTS, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress } from '../../test/auth-helpers';
import { orders } from '../db/schema';
import { Clock } from '../common/clock';
import { addressOf } from '../../test/fixtures';

/** Monday 23 November 2026, 10:00 in London: the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

describe('placing orders is rate limited per customer', () => {
  let t: TestApp;
  let product: string;

  beforeAll(async () => {
    t = await createTestApp({ orderThrottleLimit: 2, orderThrottleTtlMs: 60_000 });
    t.app.get(Clock).now = () => MONDAY_10AM;
    // £50.00, so shipping is free and the total is the goods.
    product = await createProduct(t, { offerPrice: 5000, price: 5000, vatBasisPoints: 0 });
  });
  afterAll(() => t?.close());

  const customer = (n: number) =>
    signInCustomerWithAddress(
      t,
      { email: `limit-${n}@example.com`, firstName: 'Lim', lastName: `It${n}`, phone: '07700 900789' },
      addressOf(n),
    );

  const place = (c: { cookie: string; addressId: string }, path = '/api/order/cod') =>
    request(t.server)
      .post(path)
      .set('Cookie', c.cookie)
      .send({
        items: [{ product, quantity: 1, vat: 0 }],
        address: c.addressId,
        paymentType: 'COD',
        amount: 50,
        shippingCharge: 0,
        totalVat: 0,
        deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[2] },
      });

  async function ordersOf(email: string): Promise<number> {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.customerEmail} = ${email}`);
    return row.n;
  }

  it('answers 429 once a customer is over the limit, stores nothing more, and lets another customer order', async () => {
    const busy = await customer(1);
    await place(busy).expect(201);
    await place(busy).expect(201);
    const refused = await place(busy).expect(429);
    expect(refused.body).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
    });
    // The card-payment call has a limit of its own (here it answers 501: no card payments are configured).
    await place(busy, '/api/order/stripe').expect(501);
    await place(busy, '/api/order/stripe').expect(501);
    await place(busy, '/api/order/stripe').expect(429);
    expect(await ordersOf('limit-1@example.com')).toBe(2);

    const other = await customer(2);
    await place(other).expect(201);
    expect(await ordersOf('limit-2@example.com')).toBe(1);
  });
});
