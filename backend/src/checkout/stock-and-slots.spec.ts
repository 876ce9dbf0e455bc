/**
 * Stock counts and delivery-slot capacity at checkout, over HTTP: units are taken and places booked inside
 * the order's transaction, never beyond what there is, and a cancelled order gives both back exactly once.
 */
import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  DELIVERY_SLOTS,
  MESSAGES,
  onlyLeftMessage,
  outOfStockMessage,
  selectableDeliveryDate,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { catalogState, orderItems, orders } from '../db/schema';
import { Clock } from '../common/clock';
import { waitForListed } from '../../test/product-list';
import { ADDRESS, bookedIn, stockOf as stockIn, settings, FREE_SHIPPING } from '../../test/fixtures';

/** Monday 23 November 2026, 10:00 London. Each test moves the clock to its own day, so its slots start empty. */
const FIRST_DAY = Date.parse('2026-11-23T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

interface Customer {
  cookie: string;
  addressId: string;
}

let t: TestApp;
let seller: string;
let now = new Date(FIRST_DAY);
let day = 0;
let customerCount = 0;

/** Moves the clock to a fresh day; answers that day's selectable delivery date. */
function nextDay(): string {
  day += 1;
  now = new Date(FIRST_DAY + day * 2 * DAY_MS);
  return selectableDeliveryDate(now);
}

async function newCustomer(): Promise<Customer> {
  customerCount += 1;
  return signInCustomerWithAddress(
    t,
    { email: `grocer-shopper${customerCount}@example.com`, lastName: `Shopper${customerCount}` },
    ADDRESS,
  );
}

const customers = (n: number) => Promise.all(Array.from({ length: n }, () => newCustomer()));

/** A COD order of £1.00 units (0% VAT, free shipping), in the given slot of the current day. */
function order(
  c: Customer,
  lines: Array<[string, number]>,
  slot: string = DELIVERY_SLOTS[0],
  idempotencyKey?: string,
) {
  const units = lines.reduce((sum, [, q]) => sum + q, 0);
  const req = request(t.server).post('/api/order/cod').set('Cookie', c.cookie);
  if (idempotencyKey) req.set('Idempotency-Key', idempotencyKey);
  return req.send({
    items: lines.map(([product, quantity]) => ({ product, quantity, vat: 0 })),
    address: c.addressId,
    paymentType: 'COD',
    amount: units,
    shippingCharge: 0,
    totalVat: 0,
    deliverySlot: { date: selectableDeliveryDate(now), time: slot },
  });
}

const pound = (partial: Parameters<typeof createProduct>[1]) =>
  createProduct(t, { price: 100, offerPrice: 100, vatBasisPoints: 0, ...partial });

const stockOf = (id: string) => stockIn(t, id);

const booked = (date: string, time: string = DELIVERY_SLOTS[0]) => bookedIn(t, date, time);

async function ordersFor(productId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(distinct ${orderItems.orderId})::int` })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  return row.n;
}

/** The catalogue version: the sum of its rows (one per writing connection). */
async function version(): Promise<number> {
  const rows = await t.db.select({ v: catalogState.version }).from(catalogState);
  return rows.reduce((sum, row) => sum + row.v, 0);
}

const setCapacity = (slotCapacity: unknown, cookie = seller) =>
  request(t.server).post('/api/settings/delivery').set('Cookie', cookie).send({ slotCapacity });

const cancel = (c: Customer, id: string) =>
  request(t.server).put(`/api/order/${id}/cancel`).set('Cookie', c.cookie).send();

const setStatus = (id: string, status: string) =>
  request(t.server).put(`/api/order/${id}/status`).set('Cookie', seller).send({ status });

/** The product as listed once it shows `stock` (the list hears of an order's commit a moment after it). */
const listedWith = (id: string, stock: number) => waitForListed(t.server, id, (p) => p.stock === stock);

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  await settings(t, seller, 'shipping', FREE_SHIPPING);
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  nextDay();
  await setCapacity(20).expect(200);
});

describe('stock at checkout', () => {
  it('takes the units of counted products only, records it, and shows the new count', async () => {
    const [c] = await customers(1);
    const cookies = await pound({ name: 'Oat Cookies', stock: 10 });
    const salt = await pound({ name: 'Sea Salt' });
    const v0 = await version();
    const res = await order(c, [
      [cookies, 3],
      [salt, 2],
    ]).expect(201);
    expect(await stockOf(cookies)).toBe(7);
    expect(await stockOf(salt)).toBeNull();
    expect(await version()).toBeGreaterThan(v0);
    const lines = await t.db
      .select({ productId: orderItems.productId, stockTaken: orderItems.stockTaken })
      .from(orderItems)
      .where(eq(orderItems.orderId, res.body.orderId));
    expect(Object.fromEntries(lines.map((l) => [l.productId, l.stockTaken]))).toEqual({
      [cookies]: true,
      [salt]: false,
    });
    expect(await listedWith(cookies, 7)).toMatchObject({ stock: 7, inStock: true });
  });

  it('refuses more than is left with 409 naming the product and the units left, changing nothing', async () => {
    const [c] = await customers(1);
    const cookies = await pound({ name: 'Oat Cookies', stock: 2 });
    const salt = await pound({ name: 'Sea Salt', stock: 50 });
    const date = selectableDeliveryDate(now);
    const res = await order(c, [
      [salt, 1],
      [cookies, 3],
    ]).expect(409);
    expect(res.body).toEqual({
      success: false,
      message: onlyLeftMessage('Oat Cookies', 2),
      code: ERROR_CODES.OUT_OF_STOCK,
    });
    expect(res.body.message).toBe('Only 2 left of Oat Cookies');
    expect([await stockOf(cookies), await stockOf(salt)]).toEqual([2, 50]);
    expect(await ordersFor(salt)).toBe(0);
    expect(await booked(date)).toBe(0);
  });

  it('makes the product unavailable by itself when the last unit goes, and back when restocked', async () => {
    const [a, b] = await customers(2);
    const jam = await pound({ name: 'Damson Jam', stock: 1 });
    await order(a, [[jam, 1]]).expect(201);
    expect(await listedWith(jam, 0)).toMatchObject({ stock: 0, inStock: false });
    const res = await order(b, [[jam, 1]]).expect(409);
    expect(res.body.message).toBe(outOfStockMessage('Damson Jam'));
    await request(t.server)
      .post('/api/product/stock')
      .set('Cookie', seller)
      .send({ id: jam, stock: 4 })
      .expect(200);
    expect(await listedWith(jam, 4)).toMatchObject({ stock: 4, inStock: true });
    await order(b, [[jam, 1]]).expect(201);
  });

  it('lets exactly 5 of 12 customers racing for the last 5 units buy, and ends at 0', async () => {
    const racers = await customers(12);
    const cookies = await pound({ name: 'Oat Cookies', stock: 5 });
    const results = await Promise.all(racers.map((c) => order(c, [[cookies, 1]])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect([
        outOfStockMessage('Oat Cookies'),
        ...[1, 2, 3, 4].map((n) => onlyLeftMessage('Oat Cookies', n)),
      ]).toContain(r.body.message);
    }
    expect(await stockOf(cookies)).toBe(0);
    expect(await ordersFor(cookies)).toBe(5);
    expect(await booked(selectableDeliveryDate(now))).toBe(5);
  });

  it('never sells more than there is when racers ask for different quantities', async () => {
    const racers = await customers(6);
    const flour = await pound({ name: 'Strong Flour', stock: 7 });
    const results = await Promise.all(racers.map((c, i) => order(c, [[flour, (i % 3) + 1]])));
    const sold = results.reduce((sum, r, i) => sum + (r.status === 201 ? (i % 3) + 1 : 0), 0);
    expect(sold).toBeLessThanOrEqual(7);
    expect(await stockOf(flour)).toBe(7 - sold);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  });

  it('takes units and a place once for a replayed Idempotency-Key, also when the replays race', async () => {
    const [c, d] = await customers(2);
    const tea = await pound({ name: 'Breakfast Tea', stock: 10 });
    const date = selectableDeliveryDate(now);
    const first = await order(c, [[tea, 2]], DELIVERY_SLOTS[1], 'key-1').expect(201);
    const again = await order(c, [[tea, 2]], DELIVERY_SLOTS[1], 'key-1').expect(201);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(await stockOf(tea)).toBe(8);
    expect(await booked(date, DELIVERY_SLOTS[1])).toBe(1);

    const racing = await Promise.all(
      Array.from({ length: 4 }, () => order(d, [[tea, 3]], DELIVERY_SLOTS[1], 'key-2')),
    );
    expect(racing.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(racing.map((r) => r.body.orderId)).size).toBe(1);
    expect(await stockOf(tea)).toBe(5);
    expect(await booked(date, DELIVERY_SLOTS[1])).toBe(2);
  });
});

describe('delivery slots', () => {
  it('GET /api/delivery/slots shows the selectable date and each slot in order, for everyone', async () => {
    const [c] = await customers(1);
    const salt = await pound({ name: 'Sea Salt' });
    await order(c, [[salt, 1]], DELIVERY_SLOTS[2]).expect(201);
    const res = await request(t.server).get('/api/delivery/slots').expect(200);
    expect(res.body).toEqual({
      success: true,
      date: selectableDeliveryDate(now),
      slots: [
        // Within the default licensed hours (08:00-23:00): each may hold alcohol.
        { time: DELIVERY_SLOTS[0], capacity: 20, booked: 0, available: 20, alcohol: true },
        { time: DELIVERY_SLOTS[1], capacity: 20, booked: 0, available: 20, alcohol: true },
        { time: DELIVERY_SLOTS[2], capacity: 20, booked: 1, available: 19, alcohol: true },
      ],
    });
  });

  it('lets exactly 3 of 10 customers racing for a slot with 3 places left in', async () => {
    const racers = await customers(10);
    const salt = await pound({ name: 'Sea Salt' });
    const date = selectableDeliveryDate(now);
    const early = await customers(2);
    for (const c of early) await order(c, [[salt, 1]]).expect(201);
    await setCapacity(5).expect(200);
    const results = await Promise.all(racers.map((c) => order(c, [[salt, 1]])));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(3).fill(201), ...Array(7).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toEqual({ success: false, message: MESSAGES.slotFull, code: ERROR_CODES.SLOT_FULL });
    }
    expect(await booked(date)).toBe(5);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.deliveryDate, date), eq(orders.deliveryTime, DELIVERY_SLOTS[0])));
    expect(n).toBe(5);
    const slots = (await request(t.server).get('/api/delivery/slots').expect(200)).body.slots;
    expect(slots[0]).toEqual({
      time: DELIVERY_SLOTS[0],
      capacity: 5,
      booked: 5,
      available: 0,
      alcohol: true,
    });
    // Another slot of the same day still takes orders.
    await order(racers[0], [[salt, 1]], DELIVERY_SLOTS[1]).expect(201);
  });

  it('gives a full slot no units: the 409 leaves stock and cart as they were', async () => {
    const [a, b] = await customers(2);
    const jam = await pound({ name: 'Damson Jam', stock: 5 });
    await setCapacity(1).expect(200);
    await order(a, [[jam, 1]]).expect(201);
    await request(t.server)
      .post('/api/cart/update')
      .set('Cookie', b.cookie)
      .send({ cartItems: { [jam]: 2 } })
      .expect(200);
    const res = await order(b, [[jam, 2]]).expect(409);
    expect(res.body.message).toBe(MESSAGES.slotFull);
    expect(await stockOf(jam)).toBe(4);
    const me = await request(t.server).get('/api/user/is-auth').set('Cookie', b.cookie).expect(200);
    expect(me.body.user.cartItems).toEqual({ [jam]: 2 });
  });

  it('keeps the orders booked when the capacity is lowered below them, and only stops new ones', async () => {
    const group = await customers(5);
    const salt = await pound({ name: 'Sea Salt' });
    const date = selectableDeliveryDate(now);
    const placed = [];
    for (const c of group.slice(0, 4)) placed.push((await order(c, [[salt, 1]]).expect(201)).body.orderId);
    await setCapacity(2).expect(200);
    expect(await booked(date)).toBe(4);
    const res = await order(group[4], [[salt, 1]]).expect(409);
    expect(res.body.message).toBe(MESSAGES.slotFull);
    const slots = (await request(t.server).get('/api/delivery/slots').expect(200)).body.slots;
    expect(slots[0]).toEqual({
      time: DELIVERY_SLOTS[0],
      capacity: 2,
      booked: 4,
      available: 0,
      alcohol: true,
    });
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.deliveryDate, date), eq(orders.status, 'Pending')));
    expect(n).toBe(4);
    // Cancelling one still leaves the slot at its (lower) capacity: full until two more go.
    await cancel(group[0], placed[0]).expect(200);
    await order(group[4], [[salt, 1]]).expect(409);
    await cancel(group[1], placed[1]).expect(200);
    await cancel(group[2], placed[2]).expect(200);
    await order(group[4], [[salt, 1]]).expect(201);
  });
});

describe('cancelling gives units and the place back, once', () => {
  async function placedOrder(stock: number | null, quantity: number) {
    const [c] = await customers(1);
    const product = await pound({ name: 'Oat Cookies', stock });
    const res = await order(c, [[product, quantity]]).expect(201);
    return { c, product, id: res.body.orderId as string, date: selectableDeliveryDate(now) };
  }

  it('when the customer cancels', async () => {
    const { c, product, id, date } = await placedOrder(6, 4);
    expect([await stockOf(product), await booked(date)]).toEqual([2, 1]);
    const v0 = await version();
    await cancel(c, id).expect(200);
    expect([await stockOf(product), await booked(date)]).toEqual([6, 0]);
    expect(await version()).toBeGreaterThan(v0);
    await cancel(c, id).expect(409);
    await setStatus(id, 'Cancelled').expect(200);
    expect([await stockOf(product), await booked(date)]).toEqual([6, 0]);
  });

  it('when the seller sets Cancelled, once; a cancelled order never takes them again', async () => {
    const { product, id, date } = await placedOrder(6, 4);
    await setStatus(id, 'Cancelled').expect(200);
    expect([await stockOf(product), await booked(date)]).toEqual([6, 0]);
    await setStatus(id, 'Cancelled').expect(200);
    expect([await stockOf(product), await booked(date)]).toEqual([6, 0]);
    for (const status of ['Pending', 'Completed']) {
      const res = await setStatus(id, status).expect(409);
      expect(res.body.message).toBe(MESSAGES.cancelledOrderLocked);
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'Cancelled', isPaid: false });
    expect([await stockOf(product), await booked(date)]).toEqual([6, 0]);
  });

  it('keeps the units taken by a completed order, which frees its slot place and can no longer be cancelled', async () => {
    const { product, id, date } = await placedOrder(6, 4);
    await setStatus(id, 'Completed').expect(200);
    // Delivered: the units left with it, and it no longer needs a place in the van.
    expect([await stockOf(product), await booked(date)]).toEqual([2, 0]);
    const res = await setStatus(id, 'Cancelled').expect(409);
    expect(res.body.message).toBe(MESSAGES.completedOrderLocked);
    expect([await stockOf(product), await booked(date)]).toEqual([2, 0]);
  });

  it('gives back only when Cancelled wins a race with Completed', async () => {
    for (let round = 0; round < 6; round++) {
      nextDay();
      const { product, id, date } = await placedOrder(10, 3);
      const [completed, cancelled] =
        round % 2 === 0
          ? await Promise.all([setStatus(id, 'Completed'), setStatus(id, 'Cancelled')])
          : await Promise.all([setStatus(id, 'Cancelled'), setStatus(id, 'Completed')]).then(
              ([x, y]) => [y, x] as const,
            );
      expect([completed.status, cancelled.status].sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      if (cancelled.status === 200) {
        expect(row).toMatchObject({ status: 'Cancelled', isPaid: false });
        expect([await stockOf(product), await booked(date)]).toEqual([10, 0]);
      } else {
        expect(row).toMatchObject({ status: 'Completed', fulfilment: 'delivered', isPaid: true });
        expect([await stockOf(product), await booked(date)]).toEqual([7, 0]);
      }
    }
  });

  it('gives nothing back to a product no longer counted, and never above the maximum', async () => {
    const a = await placedOrder(10, 2);
    await request(t.server)
      .post('/api/product/stock')
      .set('Cookie', seller)
      .send({ id: a.product, stock: null })
      .expect(200);
    await cancel(a.c, a.id).expect(200);
    expect(await stockOf(a.product)).toBeNull();
    expect(await booked(a.date)).toBe(0);

    const b = await placedOrder(100_000, 5);
    await request(t.server)
      .post('/api/product/stock')
      .set('Cookie', seller)
      .send({ id: b.product, stock: 99_998 })
      .expect(200);
    await cancel(b.c, b.id).expect(200);
    expect(await stockOf(b.product)).toBe(100_000);
  });

  it('gives back once when the customer cancel races the seller setting Cancelled', async () => {
    for (let round = 0; round < 4; round++) {
      nextDay();
      const { c, product, id, date } = await placedOrder(10, 3);
      const [byCustomer, bySeller] = await Promise.all([cancel(c, id), setStatus(id, 'Cancelled')]);
      expect(bySeller.status).toBe(200);
      expect([200, 409]).toContain(byCustomer.status);
      expect([await stockOf(product), await booked(date)]).toEqual([10, 0]);
    }
  });

  it('gives back once when the customer cancel races the seller completing the order, and only if it won', async () => {
    for (let round = 0; round < 4; round++) {
      nextDay();
      const { c, product, id, date } = await placedOrder(10, 3);
      const [byCustomer, bySeller] = await Promise.all([cancel(c, id), setStatus(id, 'Completed')]);
      expect([byCustomer.status, bySeller.status].sort()).toEqual([200, 409]);
      const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      if (byCustomer.status === 200) {
        expect(row.status).toBe('Cancelled');
        expect([await stockOf(product), await booked(date)]).toEqual([10, 0]);
      } else {
        // Delivered: the units left with it, and its slot place is free again.
        expect(row.status).toBe('Completed');
        expect([await stockOf(product), await booked(date)]).toEqual([7, 0]);
      }
    }
  });

  it('gives back the Pending orders of a customer who deletes their account', async () => {
    const { c, product, date } = await placedOrder(9, 4);
    await request(t.server).delete('/api/user/delete-account').set('Cookie', c.cookie).expect(200);
    expect([await stockOf(product), await booked(date)]).toEqual([9, 0]);
  });
});

describe('GET/POST /api/settings/delivery', () => {
  it('starts at 20 and lets the seller change it', async () => {
    const fresh = await createTestApp();
    try {
      const cookie = await signInSeller(fresh);
      const res = await request(fresh.server).get('/api/settings/delivery').set('Cookie', cookie).expect(200);
      expect(res.body).toEqual({ success: true, slotCapacity: 20 });
    } finally {
      await fresh.close();
    }
    const saved = await setCapacity(35).expect(200);
    expect(saved.body).toEqual({
      success: true,
      message: MESSAGES.deliverySettingsUpdated,
      slotCapacity: 35,
    });
    const read = await request(t.server).get('/api/settings/delivery').set('Cookie', seller).expect(200);
    expect(read.body).toEqual({ success: true, slotCapacity: 35 });
    await setCapacity(1).expect(200);
    await setCapacity(1000).expect(200);
  });

  it.each([[0], [1001], [2.5], ['20'], [null], [undefined], [-5]])(
    'refuses %j with 400 and keeps the capacity',
    async (value) => {
      await setCapacity(12).expect(200);
      const res = await setCapacity(value).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.invalidSlotCapacity,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'slotCapacity',
      });
      const read = await request(t.server).get('/api/settings/delivery').set('Cookie', seller).expect(200);
      expect(read.body.slotCapacity).toBe(12);
    },
  );

  it('refuses unknown fields', async () => {
    const res = await request(t.server)
      .post('/api/settings/delivery')
      .set('Cookie', seller)
      .send({ slotCapacity: 10, extra: 1 })
      .expect(400);
    expect(res.body.message).toMatch(/should not exist/);
  });

  it('is for the seller only', async () => {
    await setCapacity(12).expect(200);
    const [c] = await customers(1);
    await request(t.server).get('/api/settings/delivery').expect(401);
    await request(t.server).get('/api/settings/delivery').set('Cookie', c.cookie).expect(401);
    await request(t.server).post('/api/settings/delivery').send({ slotCapacity: 3 }).expect(401);
    await setCapacity(3, c.cookie).expect(401);
    const read = await request(t.server).get('/api/settings/delivery').set('Cookie', seller).expect(200);
    expect(read.body.slotCapacity).toBe(12);
  });
});
