/**
 * A customer changes a placed order until 15:00 London on the day before delivery: new lines re-priced as of
 * now, only the stock difference moving (exactly once, also against a racing checkout or the seller starting to
 * pick), another slot booked as the old one is freed; refused after the cut-off, once picking started, and for
 * orders that are not the customer's.
 */
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  DELIVERY_SLOTS,
  MESSAGES,
  notEnoughStockMessage,
  selectableDeliveryDate,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { newCustomers, signInSeller } from '../../test/auth-helpers';
import { ADDRESS, bookedIn, stockOf as stockIn, settings, FREE_SHIPPING } from '../../test/fixtures';
import { emailOutbox, orderItems, orders, products } from '../db/schema';
import { Clock } from '../common/clock';
import { orderSteps, type Lines, type OrderSteps } from '../../test/orders';

interface Customer {
  cookie: string;
  addressId: string;
}

let t: TestApp;
let seller: string;
let steps: OrderSteps;
let now = new Date('2026-11-23T10:00:00Z');

const newCustomer = newCustomers(() => t, 'changer', ADDRESS);

/**
 * POST /api/order/cod for these lines at the basket's totals (free shipping here), for the current selectable date;
 * the answer, whatever it is. Seven of a product are asked for without substitutes.
 */
function place(c: Customer, lines: Lines, slot: string = DELIVERY_SLOTS[0]) {
  const lineFields = Object.fromEntries(
    lines.map(([product, quantity]) => [product, { allowSubstitutes: quantity !== 7 }]),
  );
  return steps.placeRequest(c, lines, { slot, lineFields });
}

/** As place(), where the order must be placed: its id. */
async function placed(c: Customer, lines: Lines, slot: string = DELIVERY_SLOTS[0]): Promise<string> {
  const res = await place(c, lines, slot);
  expect(res.status).toBe(201);
  return res.body.orderId as string;
}

function change(c: Customer, id: string, body: Record<string, unknown>, key?: string) {
  const req = request(t.server).put(`/api/order/${id}`).set('Cookie', c.cookie);
  if (key) req.set('Idempotency-Key', key);
  return req.send(body);
}

const pound = (partial: Parameters<typeof createProduct>[1]) =>
  createProduct(t, { price: 100, offerPrice: 100, vatBasisPoints: 0, ...partial });

const stockOf = (id: string) => stockIn(t, id);

const booked = (date: string, time: string) => bookedIn(t, date, time);

/** Units of a product on an order's lines. */
async function unitsOn(orderId: string, productId: string): Promise<number> {
  const rows = await t.db
    .select({ quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId)));
  return rows.reduce((sum, row) => sum + row.quantity, 0);
}

const myOrders = async (c: Customer) =>
  (await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200)).body.orders;

beforeAll(async () => {
  // E-mail on (the outbox is filled inside the order's transaction); nothing is sent in this file.
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:4299', mailPollIntervalMs: 3_600_000 });
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  steps = orderSteps(t, { seller });
  await settings(t, seller, 'shipping', FREE_SHIPPING);
});

afterAll(async () => {
  await t?.close();
});

describe('PUT /api/order/:id', () => {
  it('replaces the lines until 15:00 GMT the day before, re-priced, moving only the stock difference', async () => {
    now = new Date('2026-11-23T10:00:00Z'); // Monday 10:00 GMT: delivery on Tuesday 24 November
    const c = await newCustomer();
    const a = await pound({ stock: 10 });
    const b = await pound({ stock: 5 });
    const vatable = await createProduct(t, { price: 200, offerPrice: 200, vatBasisPoints: 2000 });
    const id = await placed(c, [
      [a, 2],
      [b, 1],
    ]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([8, 4]);

    const [before] = await myOrders(c);
    expect(before).toMatchObject({
      _id: id,
      fulfilment: 'placed',
      changeableUntil: '2026-11-23T15:00:00+00:00',
    });
    expect(before.items.every((i: { allowSubstitutes: boolean }) => i.allowSubstitutes)).toBe(true);

    // The price of A rises after placing: the change pays today's price.
    await t.db.update(products).set({ price: 150, offerPrice: 150 }).where(eq(products.id, a));
    now = new Date('2026-11-23T14:59:59Z');
    const body = {
      items: [
        { product: a, quantity: 5, allowSubstitutes: false },
        { product: vatable, quantity: 1 },
      ],
    };
    const res = await change(c, id, body, 'change-1').expect(200);
    expect(res.body).toMatchObject({ success: true, message: 'Order updated' });
    expect(res.body.order).toMatchObject({
      _id: id,
      goods: 9.5,
      totalVat: 0.4,
      shippingCharge: 0,
      amount: 9.9,
      status: 'Pending',
      fulfilment: 'placed',
      changeableUntil: '2026-11-23T15:00:00+00:00',
      deliverySlot: { date: '2026-11-24', time: DELIVERY_SLOTS[0] },
    });
    const lines = Object.fromEntries(res.body.order.items.map((i: { product: string }) => [i.product, i]));
    expect(lines[a]).toMatchObject({ quantity: 5, price: 1.5, allowSubstitutes: false, picked: null });
    expect(lines[vatable]).toMatchObject({ quantity: 1, price: 2, vat: 20, allowSubstitutes: true });
    expect(lines[b]).toBeUndefined();
    // 2 → 5 takes 3; the removed line gives its 1 back.
    expect([await stockOf(a), await stockOf(b)]).toEqual([5, 5]);

    // The same change sent again with its key (a retry after a lost answer) is answered as the first was and
    // changes nothing, not even the price of A that rose meanwhile.
    await t.db.update(products).set({ price: 170, offerPrice: 170 }).where(eq(products.id, a));
    const replay = await change(c, id, body, 'change-1').expect(200);
    expect(replay.body).toEqual(res.body);
    expect([await stockOf(a), await stockOf(b)]).toEqual([5, 5]);
    const [after] = await myOrders(c);
    expect(after).toMatchObject({ _id: id, amount: 9.9 });

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id));
    const changed = mails.filter((m) => m.kind === 'order-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0].subject).toContain('Your order has been updated');
    expect(changed[0].textBody).toContain('5 x ');
    expect(changed[0].textBody).toMatch(/Total\s+£9\.90/);

    // At 15:00 the order is closed to changes, and nothing moves.
    now = new Date('2026-11-23T15:00:00Z');
    const late = await change(c, id, { items: [{ product: a, quantity: 1 }] }).expect(409);
    expect(late.body).toEqual({
      success: false,
      message: 'This order can no longer be changed.',
      code: ERROR_CODES.ORDER_NOT_CHANGEABLE,
    });
    expect(await stockOf(a)).toBe(5);
    expect(await unitsOn(id, a)).toBe(5);
    // A retry of the change made in time still hears that it was made.
    expect((await change(c, id, body, 'change-1').expect(200)).body).toEqual(res.body);
  });

  it('closes at 15:00 BST the day before a summer delivery', async () => {
    now = new Date('2026-07-09T09:00:00Z'); // Thursday 10:00 BST: delivery on Friday 10 July
    const c = await newCustomer();
    const a = await pound({ stock: 4 });
    const id = await placed(c, [[a, 1]]);
    expect((await myOrders(c))[0].changeableUntil).toBe('2026-07-09T15:00:00+01:00');

    now = new Date('2026-07-09T13:59:59Z'); // 14:59:59 BST
    await change(c, id, { items: [{ product: a, quantity: 2 }] }).expect(200);
    expect(await stockOf(a)).toBe(2);

    now = new Date('2026-07-09T14:00:00Z'); // 15:00 BST
    const res = await change(c, id, { items: [{ product: a, quantity: 3 }] }).expect(409);
    expect(res.body.message).toBe(MESSAGES.orderNotChangeable);
    expect(await stockOf(a)).toBe(2);
  });

  it("answers 404 for another customer's order and 409 once cancelled or being picked", async () => {
    now = new Date('2026-11-25T10:00:00Z');
    const [owner, other] = [await newCustomer(), await newCustomer()];
    const a = await pound({ stock: 10 });
    const id = await placed(owner, [[a, 1]]);
    const body = { items: [{ product: a, quantity: 2 }] };

    const res = await change(other, id, body).expect(404);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.orderNotFound,
      code: ERROR_CODES.NOT_FOUND,
    });
    await change(owner, '7d0b5bb4-1f0e-4a51-9b0a-2f3b1d1c9e11', body).expect(404);

    await request(t.server)
      .put(`/api/order/${id}/fulfilment`)
      .set('Cookie', seller)
      .send({ stage: 'picking' })
      .expect(200);
    expect((await change(owner, id, body).expect(409)).body.message).toBe(MESSAGES.orderNotChangeable);

    // A card order was paid (or is being paid) for its amount: it is not re-priced.
    const card = await placed(owner, [[a, 1]]);
    await t.db.update(orders).set({ paymentType: 'Online' }).where(eq(orders.id, card));
    await change(owner, card, body).expect(409);
    // A malformed Idempotency-Key is bad input.
    await change(owner, card, body, 'not a key').expect(400);

    const cancelled = await placed(owner, [[a, 1]]);
    await request(t.server).put(`/api/order/${cancelled}/cancel`).set('Cookie', owner.cookie).expect(200);
    await change(owner, cancelled, body).expect(409);
    // 10 - 1 (picking) - 1 (card) - 1 (placed) + 1 (cancelled): the refused changes took nothing.
    expect(await stockOf(a)).toBe(8);
  });

  it('checks a change as placing is, and changes nothing when refused', async () => {
    now = new Date('2026-11-27T10:00:00Z');
    const [c, other] = [await newCustomer(), await newCustomer()];
    const a = await pound({ stock: 3 });
    const gone = await pound({ stock: null });
    const id = await placed(c, [[a, 2]]);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone));

    await change(c, id, { items: [] }).expect(400);
    await change(c, id, { items: [{ product: a, quantity: 100 }] }).expect(400);
    const foreign = await change(c, id, { items: [{ product: a, quantity: 1 }], address: other.addressId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MESSAGES.addressNotFound);
    // The order holds 2 and 1 is on the shelf: 3 can be had, 4 cannot.
    const short = await change(c, id, { items: [{ product: a, quantity: 4 }] }).expect(409);
    const [{ name }] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, a));
    expect(short.body.message).toBe(notEnoughStockMessage(name, 3));
    await change(c, id, { items: [{ product: gone, quantity: 1 }] }).expect(409);
    await change(c, id, {
      items: [{ product: a, quantity: 1 }],
      deliverySlot: { date: '2026-11-29', time: DELIVERY_SLOTS[0] },
    }).expect(409);
    expect(await stockOf(a)).toBe(1);
    expect(await unitsOn(id, a)).toBe(2);

    await change(c, id, { items: [{ product: a, quantity: 3 }] }).expect(200);
    expect(await stockOf(a)).toBe(0);
  });

  it('books the new slot and frees the old one, or moves nothing when the new one is full', async () => {
    now = new Date('2026-11-29T10:00:00Z');
    const date = selectableDeliveryDate(now);
    const [c, d] = [await newCustomer(), await newCustomer()];
    const a = await pound({ stock: null });
    await request(t.server)
      .post('/api/settings/delivery')
      .set('Cookie', seller)
      .send({ slotCapacity: 1 })
      .expect(200);
    try {
      const id = await placed(c, [[a, 1]], DELIVERY_SLOTS[0]);
      const res = await change(c, id, {
        items: [{ product: a, quantity: 1 }],
        deliverySlot: { date, time: DELIVERY_SLOTS[1] },
      }).expect(200);
      expect(res.body.order.deliverySlot).toEqual({ date, time: DELIVERY_SLOTS[1] });
      expect([await booked(date, DELIVERY_SLOTS[0]), await booked(date, DELIVERY_SLOTS[1])]).toEqual([0, 1]);

      await placed(d, [[a, 1]], DELIVERY_SLOTS[0]);
      const full = await change(c, id, {
        items: [{ product: a, quantity: 1 }],
        deliverySlot: { date, time: DELIVERY_SLOTS[0] },
      }).expect(409);
      expect(full.body.message).toBe(MESSAGES.slotFull);
      expect([await booked(date, DELIVERY_SLOTS[0]), await booked(date, DELIVERY_SLOTS[1])]).toEqual([1, 1]);
    } finally {
      await request(t.server)
        .post('/api/settings/delivery')
        .set('Cookie', seller)
        .send({ slotCapacity: 20 })
        .expect(200);
    }
  });

  it('never oversells when a change races a checkout for the last units', async () => {
    for (let round = 0; round < 4; round += 1) {
      now = new Date(Date.parse('2026-12-01T10:00:00Z') + round * 2 * 86_400_000);
      const [x, y] = [await newCustomer(), await newCustomer()];
      const a = await pound({ stock: 3 });
      const id = await placed(x, [[a, 1]]);
      const [changed, other] = await Promise.all([
        change(x, id, { items: [{ product: a, quantity: 3 }] }),
        place(y, [[a, 2]]),
      ]);
      // Exactly one gets the last two units.
      expect([changed.status, other.status].sort()).toEqual(changed.status === 200 ? [200, 409] : [201, 409]);
      expect(await stockOf(a)).toBe(0);
      const yOrders = await myOrders(y);
      const held = (await unitsOn(id, a)) + (yOrders.length ? await unitsOn(yOrders[0]._id, a) : 0);
      expect(held).toBe(3);
    }
  });

  it('either changes before the seller starts picking or is refused, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      now = new Date(Date.parse('2026-12-11T10:00:00Z') + round * 2 * 86_400_000);
      const c = await newCustomer();
      const a = await pound({ stock: 10 });
      const id = await placed(c, [[a, 2]]);
      const [changed, picking] = await Promise.all([
        change(c, id, { items: [{ product: a, quantity: 5 }] }),
        request(t.server).put(`/api/order/${id}/fulfilment`).set('Cookie', seller).send({ stage: 'picking' }),
      ]);
      expect(picking.status).toBe(200);
      expect([200, 409]).toContain(changed.status);
      const [order] = await myOrders(c);
      expect(order.fulfilment).toBe('picking');
      const units = changed.status === 200 ? 5 : 2;
      expect(order.items[0].quantity).toBe(units);
      expect(await stockOf(a)).toBe(10 - units);
    }
  });
});
