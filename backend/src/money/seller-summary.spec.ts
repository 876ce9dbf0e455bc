import request from 'supertest';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { orderItems, orders, products } from '../db/schema';
import { Clock } from '../common/clock';

// The figures follow London's calendar whatever zone the server runs in.
process.env.TZ = 'America/New_York';

/** Monday 30 March 2026, 09:00 in London (BST since Sunday 01:00 GMT): today is the 30th; in UTC it is 08:00. */
const NOW = new Date('2026-03-30T08:00:00Z');

let t: TestApp;
let seller: string;

interface Line {
  productId: string;
  name: string;
  quantity: number;
}

/** Stores an order placed at `createdAt` for `amount` pence with the given lines. */
async function storeOrder(createdAt: string, amount: number, status: string, lines: Line[] = []) {
  const [row] = await t.db
    .insert(orders)
    .values({
      paymentType: 'COD',
      goods: amount,
      totalVat: 0,
      shippingCharge: 0,
      amount,
      deliveryDate: '2026-03-31',
      deliveryTime: '10:00 - 11:00',
      status,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    })
    .returning({ id: orders.id });
  if (lines.length) {
    await t.db
      .insert(orderItems)
      .values(lines.map((l) => ({ ...l, orderId: row.id, image: null, price: 100, vatBasisPoints: 0 })));
  }
  return row.id;
}

function summary() {
  return request(t.server).get('/api/seller/summary').set('Cookie', seller);
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => NOW;
  seller = await signInSeller(t);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/seller/summary', () => {
  it('is for the seller only', async () => {
    const anonymous = await request(t.server).get('/api/seller/summary');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      success: false,
      message: MESSAGES.sellerOnly,
      code: ERROR_CODES.NOT_SIGNED_IN,
    });
    const customer = await signInCustomer(t, {
      email: 'figures@example.com',
      firstName: 'Fig',
      lastName: 'Ures',
      phone: '07700 900123',
    });
    const asCustomer = await request(t.server).get('/api/seller/summary').set('Cookie', customer);
    expect([401, 403]).toContain(asCustomer.status);
    expect(asCustomer.body.success).toBe(false);
  });

  it('shows zeros for every one of the 14 London dates when nothing was ordered', async () => {
    const res = await summary().expect(200);
    expect(res.body).toEqual({
      success: true,
      today: { orders: 0, revenue: 0 },
      last7Days: { orders: 0, revenue: 0 },
      pending: 0,
      lowStock: [],
      daily: Array.from({ length: 14 }, (_, i) => ({
        date: `2026-03-${String(17 + i).padStart(2, '0')}`,
        orders: 0,
        revenue: 0,
      })),
      topProducts: [],
    });
  });

  it('counts orders by London date across midnight and the clock change, without cancelled ones', async () => {
    const p = await Promise.all(
      ['Apples', 'Bread', 'Cheese', 'Dates', 'Eggs', 'Figs', 'Grapes'].map((name) =>
        createProduct(t, { name }),
      ),
    );
    const line = (i: number, quantity: number): Line => ({
      productId: p[i],
      name: ['Apples', 'Bread', 'Cheese', 'Dates', 'Eggs', 'Figs', 'Grapes'][i],
      quantity,
    });
    // 00:30 BST on the 30th (still the 29th in UTC): today.
    await storeOrder('2026-03-29T23:30:00Z', 1000, 'Pending', [line(0, 3), line(1, 1)]);
    // 23:59 BST on the 29th: yesterday.
    await storeOrder('2026-03-29T22:59:00Z', 550, 'Completed', [line(1, 2), line(2, 4)]);
    // Cancelled today: not counted anywhere, however large.
    await storeOrder('2026-03-30T07:00:00Z', 99_999, 'Cancelled', [line(6, 50)]);
    // 00:30 GMT on the 17th: the oldest of the 14 dates.
    await storeOrder('2026-03-17T00:30:00Z', 1, 'Pending', [line(3, 1), line(4, 1)]);
    // 23:59 GMT on the 16th: before the 14 dates but within the 30 of the best sellers.
    await storeOrder('2026-03-16T23:59:00Z', 700, 'Completed', [line(5, 4), line(3, 2)]);
    // 23:59 GMT on 28 February: older than 30 London dates (1 to 30 March).
    await storeOrder('2026-02-28T23:59:00Z', 5000, 'Completed', [line(6, 90)]);
    // A moment before today's start in New York's terms, well inside London's 30th: still today.
    await storeOrder('2026-03-30T03:59:00Z', 249, 'Completed', [line(0, 1)]);

    const res = await summary().expect(200);
    expect(res.body.today).toEqual({ orders: 2, revenue: 12.49 });
    expect(res.body.last7Days).toEqual({ orders: 3, revenue: 17.99 });
    expect(res.body.pending).toBe(2);
    expect(res.body.daily).toHaveLength(14);
    expect(res.body.daily[0]).toEqual({ date: '2026-03-17', orders: 1, revenue: 0.01 });
    expect(res.body.daily[12]).toEqual({ date: '2026-03-29', orders: 1, revenue: 5.5 });
    expect(res.body.daily[13]).toEqual({ date: '2026-03-30', orders: 2, revenue: 12.49 });
    expect(res.body.daily.slice(1, 12).every((d: { orders: number }) => d.orders === 0)).toBe(true);
    // Most units first; Cheese and Figs tie on 4 and go by name; Grapes (cancelled / too old) are left out.
    expect(res.body.topProducts).toEqual([
      { _id: p[0], name: 'Apples', quantity: 4 },
      { _id: p[2], name: 'Cheese', quantity: 4 },
      { _id: p[5], name: 'Figs', quantity: 4 },
      { _id: p[1], name: 'Bread', quantity: 3 },
      { _id: p[3], name: 'Dates', quantity: 3 },
    ]);
  });

  it('lists live counted products at or below the low-stock threshold, lowest first', async () => {
    const withStock = async (name: string, stock: number | null) => {
      const id = await createProduct(t, { name });
      await t.db.update(products).set({ stock }).where(eq(products.id, id));
      return id;
    };
    const five = await withStock('Oat cookies', 5);
    const none = await withStock('Rye bread', 0);
    await withStock('Plenty', 6);
    await withStock('Uncounted', null);
    const gone = await withStock('Deleted', 1);
    await t.db.update(products).set({ deletedAt: NOW }).where(eq(products.id, gone));

    const res = await summary().expect(200);
    expect(res.body.lowStock).toEqual([
      { _id: none, name: 'Rye bread', stock: 0 },
      { _id: five, name: 'Oat cookies', stock: 5 },
    ]);
  });
});
