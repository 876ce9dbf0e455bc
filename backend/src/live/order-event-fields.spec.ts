import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { DELIVERY_SLOTS } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS, settings, FREE_SHIPPING } from '../../test/fixtures';
import { orderEvents, orders } from '../db/schema';
import { Clock } from '../common/clock';
import { orderSteps } from '../../test/orders';

/** Monday 23 November 2026, 10:00 London: orders are for Tuesday the 24th and may be changed until 15:00. */
const NOW = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

/**
 * A customer or the seller watching an order hears of every change they would see: exactly one order event for
 * each change of a watched field (status, amount, delivery date and time, fulfilment, payment, refund owed, and
 * the time of the last change, which every change of the order's lines sets), and none for anything else.
 */
let t: TestApp;
let now = NOW;
let seller: string;
let apples: string;
let pears: string;
let customerCount = 0;

const eventsOf = async (orderId: string) =>
  (await t.db.select({ id: orderEvents.id }).from(orderEvents).where(eq(orderEvents.orderId, orderId)))
    .length;

/** The order events a step adds to the order. */
async function eventsAdded(orderId: string, step: () => Promise<unknown>): Promise<number> {
  const before = await eventsOf(orderId);
  await step();
  return (await eventsOf(orderId)) - before;
}

/** The clock moves on between the steps of a test, as it does between a shopper's clicks. */
const later = () => {
  now = new Date(now.getTime() + 60_000);
};

/** A new customer's cash-on-delivery order of two £1.00 apples (0% VAT, free shipping), first slot on Tuesday. */
async function placeOrder(): Promise<{ id: string; customer: string }> {
  customerCount += 1;
  const customer = await signInCustomerWithAddress(
    t,
    { email: `watcher${customerCount}@example.com` },
    ADDRESS,
  );
  const id = await orderSteps(t, { seller }).place(customer, [[apples, 2]], { date: TUESDAY });
  later();
  return { id, customer: customer.cookie };
}

const change = (order: { id: string; customer: string }, body: Record<string, unknown>) =>
  request(t.server).put(`/api/order/${order.id}`).set('Cookie', order.customer).send(body).expect(200);
const stage = (id: string, body: Record<string, unknown>) =>
  request(t.server).put(`/api/order/${id}/fulfilment`).set('Cookie', seller).send(body).expect(200);

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  await settings(t, seller, 'shipping', FREE_SHIPPING);
  const pound = (name: string) =>
    createProduct(t, { name, price: 100, offerPrice: 100, vatBasisPoints: 0, stock: null });
  apples = await pound('Apples');
  pears = await pound('Pears');
});

afterAll(async () => {
  await t?.close();
});

describe('order events over the API', () => {
  it('one for placing the order', async () => {
    const order = await placeOrder();
    const { id } = order;
    expect(await eventsOf(id)).toBe(1);
  });

  it('one for a change of slot only (delivery time)', async () => {
    const order = await placeOrder();
    const { id } = order;
    const added = await eventsAdded(id, () =>
      change(order, {
        items: [{ product: apples, quantity: 2 }],
        deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[1] },
      }),
    );
    expect(added).toBe(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ deliveryTime: DELIVERY_SLOTS[1], amount: 200 });
  });

  it('one for a change of lines that keeps the amount', async () => {
    const order = await placeOrder();
    const { id } = order;
    const added = await eventsAdded(id, () =>
      change(order, {
        items: [
          { product: apples, quantity: 1 },
          { product: pears, quantity: 1 },
        ],
      }),
    );
    expect(added).toBe(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ amount: 200, deliveryTime: DELIVERY_SLOTS[0] });
  });

  it('one for a change of the amount', async () => {
    const order = await placeOrder();
    const { id } = order;
    expect(await eventsAdded(id, () => change(order, { items: [{ product: apples, quantity: 3 }] }))).toBe(1);
  });

  it('one for each fulfilment stage', async () => {
    const { id } = await placeOrder();
    expect(await eventsAdded(id, () => stage(id, { stage: 'picking' }))).toBe(1);
    expect(
      await eventsAdded(id, () => stage(id, { stage: 'picked', lines: [{ product: apples, picked: 2 }] })),
    ).toBe(1);
    expect(await eventsAdded(id, () => stage(id, { stage: 'out_for_delivery' }))).toBe(1);
    expect(await eventsAdded(id, () => stage(id, { stage: 'delivered' }))).toBe(1);
  });

  it("one for the seller's change of status", async () => {
    const { id } = await placeOrder();
    const cancel = () =>
      request(t.server)
        .put(`/api/order/${id}/status`)
        .set('Cookie', seller)
        .send({ status: 'Cancelled' })
        .expect(200);
    expect(await eventsAdded(id, cancel)).toBe(1);
  });
});

describe('order events in the database', () => {
  /** Each watched column, set to a new value by itself (the refund owed needs the time it fell due too). */
  const watched: Array<[string, ReturnType<typeof sql>]> = [
    ['status', sql`status = 'Completed'`],
    ['amount', sql`amount = amount + 1`],
    ['delivery_date', sql`delivery_date = delivery_date + 1`],
    ['delivery_time', sql`delivery_time = ${DELIVERY_SLOTS[2]}`],
    ['fulfilment', sql`fulfilment = 'picking'`],
    ['is_paid', sql`is_paid = true`],
    ['refund_due', sql`refund_due = 100, refund_due_at = now()`],
    ['updated_at', sql`updated_at = updated_at + interval '1 second'`],
  ];

  it.each(watched)('one for a change of %s', async (column, assignment) => {
    const { id } = await placeOrder();
    if (column === 'refund_due') await t.db.update(orders).set({ isPaid: true }).where(eq(orders.id, id));
    const update = () => t.db.execute(sql`update orders set ${assignment} where id = ${id}`);
    expect(await eventsAdded(id, update)).toBe(1);
  });

  it('none for a change nobody watches, nor for writing the same values again', async () => {
    const { id } = await placeOrder();
    const unwatched = () =>
      t.db.execute(
        sql`update orders set customer_phone = '07700 900456', address_id = null where id = ${id}`,
      );
    expect(await eventsAdded(id, unwatched)).toBe(0);
    const same = () => t.db.execute(sql`update orders set status = status, amount = amount where id = ${id}`);
    expect(await eventsAdded(id, same)).toBe(0);
  });
});
