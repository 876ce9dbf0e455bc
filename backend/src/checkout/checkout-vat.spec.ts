import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { DELIVERY_SLOTS, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { emailOutbox, orders } from '../db/schema';
import { Clock } from '../common/clock';

/**
 * Shoppers are shown prices with VAT: each unit's price with VAT is rounded half-up to the penny, a line is that
 * times the quantity, and the order's VAT is what those lines hold over their prices before VAT. So the amount
 * charged is exactly the sum of the shown line prices plus shipping, never a penny more or less.
 */

/** Monday 23 November 2026, 10:00 in London: the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

let t: TestApp;
let customer: { cookie: string; addressId: string };
const lines: { product: string; quantity: number; vat: number }[] = [];

beforeAll(async () => {
  // Mail is queued in the outbox and never sent: the poll waits an hour.
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:4297', mailPollIntervalMs: 3_600_000 });
  t.app.get(Clock).now = () => MONDAY_10AM;
  const seller = await signInSeller(t);
  await request(t.server)
    .post('/api/settings/shipping')
    .set('Cookie', seller)
    .send({ shippingCharge: 3.99, shippingThreshold: 40 })
    .expect(200);
  // Units with VAT, in pence: 4 x 1.125 = 4.5 -> 5, 12 x 1.125 = 13.5 -> 14, 2 x 1.175 = 2.35 -> 2,
  // 6 x 1.175 = 7.05 -> 7. Shown lines 28p over goods of 24p: VAT 4p. VAT on the exact sum would be 3.4p -> 3p.
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

function place(items: typeof lines, totalVat: number, amount: number, ageConfirmed?: boolean) {
  return request(t.server)
    .post('/api/order/cod')
    .set('Cookie', customer.cookie)
    .send({
      items,
      address: customer.addressId,
      paymentType: 'COD',
      amount,
      shippingCharge: 3.99,
      totalVat,
      ageConfirmed,
      deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[1] },
    });
}

async function orderCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row.n;
}

it('shows each product with its price and offer price with VAT', async () => {
  const list = await request(t.server).get('/api/product/list').expect(200);
  const shown = lines.map(
    (l) => list.body.products.find((p: { _id: string }) => p._id === l.product).offerPriceWithVat,
  );
  expect(shown).toEqual([0.05, 0.14, 0.02, 0.07]);
});

it('refuses totals whose VAT was worked out on the exact sum, and stores nothing', async () => {
  const res = await place(lines, 0.03, 4.26).expect(409);
  expect(res.body).toMatchObject({ success: false, message: MESSAGES.totalsChanged });
  expect(await orderCount()).toBe(0);
});

it('charges the sum of the shown line prices plus shipping, and keeps the VAT they include', async () => {
  // Shown lines 5p + 14p + 2p + 7p = 28p, + shipping £3.99 = £4.27; of it VAT 4p.
  await place(lines, 0.04, 4.27).expect(201);
  const mine = await request(t.server).get('/api/order/user').set('Cookie', customer.cookie).expect(200);
  expect(mine.body.orders).toHaveLength(1);
  expect(mine.body.orders[0]).toMatchObject({ totalVat: 0.04, amount: 4.27, shippingCharge: 3.99 });
  const [row] = await t.db
    .select({ vat: orders.totalVat, amount: orders.amount, goods: orders.goods })
    .from(orders);
  expect(row).toEqual({ goods: 24, vat: 4, amount: 427 });
});

describe('a bottle of wine at £6.25 before VAT', () => {
  let wine: string;

  beforeAll(async () => {
    wine = await createProduct(t, {
      name: 'Rioja Crianza 75cl',
      category: 'Drinks',
      price: 750,
      offerPrice: 625,
      vatBasisPoints: 2000,
      netQuantity: 750,
      unit: 'ml',
      ageRestricted: true,
    });
  });

  it('is shown at £7.50 with VAT, MRP £9.00, and a unit price from the price with VAT', async () => {
    const list = await request(t.server).get('/api/product/list').expect(200);
    expect(list.body.products.find((p: { _id: string }) => p._id === wine)).toMatchObject({
      price: 7.5,
      offerPrice: 6.25,
      vat: 20,
      priceWithVat: 9,
      offerPriceWithVat: 7.5,
      // £7.50 for 750 ml: £10.00 a litre (before VAT it would be £8.33).
      unitPrice: { amount: 10, per: 'litre' },
    });
  });

  it('costs, for 3 bottles, the 3 x £7.50 shown; the e-mail shows the lines and total with VAT', async () => {
    // Goods £18.75 + VAT £3.75 = £22.50 shown; + shipping £3.99 = £26.49.
    const res = await place([{ product: wine, quantity: 3, vat: 20 }], 3.75, 26.49, true).expect(201);
    const orderId: string = res.body.orderId;
    const [row] = await t.db
      .select({ goods: orders.goods, vat: orders.totalVat, amount: orders.amount })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual({ goods: 1875, vat: 375, amount: 2649 });

    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
    expect(mail.kind).toBe('order-placed');
    expect(mail.textBody).toMatch(/3 x Rioja Crianza 75cl\s+£22\.50/);
    expect(mail.textBody).toMatch(/Items\s+£22\.50/);
    // The delivery follows the goods' rate (all 20%): £3.99 holds 66p of VAT (£3.33 + 66p), so the total includes
    // £3.75 + 66p = £4.41 of VAT; the request's totalVat stays the goods' £3.75.
    expect(mail.textBody).toMatch(/Total\s+£26\.49\n\s+includes VAT £4\.41/);
    expect(mail.textBody).not.toMatch(/£18\.75|^VAT/m);
    expect(mail.htmlBody).toContain('includes VAT £4.41');
  });
});
