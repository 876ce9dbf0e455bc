/**
 * What happens at the door, over HTTP: delivered with what was collected and the ID check (refused lines and, when
 * the ID check fails, every 18+ line leave the order; `due` and `collected` on both order answers); not delivered
 * with a reason (the order stays Pending in its slot, the customer is e-mailed and sees it); a failed delivery
 * re-booked to a slot of the delivery date on offer (counted in its capacity) or cancelled (its units back); an
 * outcome sent again with the same Idempotency-Key recorded once.
 */
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { DELIVERY_SLOTS, MESSAGES, selectableDeliveryDate } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { newCustomers, signInSeller, signInStaff } from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings, stockOf as stockIn } from '../../test/fixtures';
import { activityLog, deliveryOutcomes, deliverySlotBookings, emailOutbox, orders } from '../db/schema';
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
let day = 0;

/** Moves the clock to a fresh day (its slots empty); answers its delivery date. */
function nextDay(): string {
  day += 1;
  now = new Date(Date.parse('2026-11-23T10:00:00Z') + day * 3 * 86_400_000);
  return selectableDeliveryDate(now);
}

const newCustomer = newCustomers(() => t, 'door', ADDRESS);

/** A COD order of these lines at the basket's totals (free shipping here), 18+ confirmed. */
const place = (c: Customer, lines: Lines, slot: string = DELIVERY_SLOTS[0]) =>
  steps.place(c, lines, { slot, ageConfirmed: true });

const stage = (id: string, body: Record<string, unknown>, key?: string) => steps.stage(id, body, seller, key);

/** Picks every line in full. */
const pickInFull = (id: string) => steps.pick(id);

/** Picks every line in full and sends the order out. */
async function outForDelivery(id: string): Promise<void> {
  await steps.pick(id);
  await steps.dispatch(id);
}

async function customerView(c: Customer, id: string) {
  const res = await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200);
  return res.body.orders.find((o: { _id: string }) => o._id === id);
}

const sellerView = (id: string) => steps.sellerView(id);

async function booked(date: string, time: string): Promise<number> {
  const [row] = await t.db
    .select()
    .from(deliverySlotBookings)
    .where(and(eq(deliverySlotBookings.deliveryDate, date), eq(deliverySlotBookings.deliveryTime, time)));
  return row?.booked ?? 0;
}

const emailsOf = async (id: string, kind: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))).filter((m) => m.kind === kind);

const outcomesOf = (id: string) =>
  t.db.select().from(deliveryOutcomes).where(eq(deliveryOutcomes.orderId, id));

const product = (offerPrice: number, partial: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t, { price: offerPrice, offerPrice, vatBasisPoints: 0, ...partial });

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:4296', mailPollIntervalMs: 3_600_000 });
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  steps = orderSteps(t, { seller });
  await settings(t, seller, 'shipping', FREE_SHIPPING);
  await settings(t, seller, 'delivery', { slotCapacity: 2 });
});

afterAll(async () => {
  await t?.close();
});

describe('delivered at the door', () => {
  it('records what was collected beside what was due, on the seller and the customer answers', async () => {
    const date = nextDay();
    const c = await newCustomer();
    const bread = await product(250, { name: 'Door bread', stock: 10 });
    const id = await place(c, [[bread, 4]]);
    await outForDelivery(id);
    expect(await booked(date, DELIVERY_SLOTS[0])).toBe(1);

    // A negative amount is bad input and changes nothing.
    const negative = await stage(id, { stage: 'delivered', collected: { cash: -1, card: 0 } }).expect(400);
    expect(negative.body.message).toBe(MESSAGES.collectedInvalid);
    await stage(id, { stage: 'delivered', collected: { cash: 1.234, card: 0 } }).expect(400);
    // A field of another stage is bad input too.
    await stage(id, { stage: 'delivered', reason: 'not_at_home' }).expect(400);
    expect((await sellerView(id)).fulfilment).toBe('out_for_delivery');

    // The customer hands over £9.50 for £10.00 due: recorded as it was, the order paid and completed.
    const res = await stage(id, {
      stage: 'delivered',
      collected: { cash: 9.5, card: 0 },
      idCheck: 'passed',
    }).expect(200);
    expect(res.body.order).toMatchObject({
      status: 'Completed',
      fulfilment: 'delivered',
      isPaid: true,
      amount: 10,
      due: 10,
      collected: { cash: 9.5, card: 0 },
      idCheck: 'passed',
      deliveredAt: now.toISOString(),
      failedDelivery: null,
    });
    expect(await customerView(c, id)).toMatchObject({ due: 10, collected: { cash: 9.5, card: 0 } });
    expect(await booked(date, DELIVERY_SLOTS[0])).toBe(0);
    expect(await emailsOf(id, 'order-completed')).toHaveLength(1);
    expect((await outcomesOf(id)).map((o) => [o.outcome, o.deliveryDate, o.deliveryTime])).toEqual([
      ['delivered', date, DELIVERY_SLOTS[0]],
    ]);
  });

  it('takes refused lines and, when the ID check fails, every 18+ line out of what is due', async () => {
    nextDay();
    const c = await newCustomer();
    const milk = await product(120, { name: 'Door milk', stock: 10 });
    const eggs = await product(300, { name: 'Door eggs', stock: 10 });
    const wine = await product(800, {
      name: 'Door wine',
      stock: 10,
      ageRestricted: true,
      vatBasisPoints: 2000,
    });
    const id = await place(c, [
      [milk, 2],
      [eggs, 1],
      [wine, 1],
    ]);
    await outForDelivery(id);
    expect((await sellerView(id)).ageCheckRequired).toBe(true);
    expect((await sellerView(id)).due).toBe(15);

    const res = await stage(id, {
      stage: 'delivered',
      lines: [{ product: eggs, refused: true }],
      idCheck: 'failed',
      collected: { cash: 2.4, card: 0 },
    }).expect(200);
    const order = res.body.order;
    expect(order).toMatchObject({
      status: 'Completed',
      amount: 2.4,
      due: 2.4,
      totalVat: 0,
      idCheck: 'failed',
    });
    expect(order.items.map((i: { name: string; refused: boolean }) => [i.name, i.refused])).toEqual([
      ['Door eggs', true],
      ['Door milk', false],
      ['Door wine', true],
    ]);
    expect(order.ageCheckRequired).toBe(false);
    expect(await customerView(c, id)).toMatchObject({ due: 2.4, collected: { cash: 2.4, card: 0 } });
  });
});

describe('not delivered', () => {
  it('keeps the order Pending in its slot with the reason, tells the customer, and refuses delivering it', async () => {
    const date = nextDay();
    const c = await newCustomer();
    const jam = await product(400, { name: 'Door jam', stock: 5 });
    const id = await place(c, [[jam, 1]]);

    // Only an order out for delivery can fail at the door.
    const early = await stage(id, { stage: 'failed_delivery', reason: 'not_at_home' }).expect(409);
    expect(early.body.message).toBe(
      'An order at stage placed cannot be recorded as not delivered: only an order out for delivery can',
    );
    await outForDelivery(id);
    expect((await stage(id, { stage: 'failed_delivery' }).expect(400)).body.message).toBe(
      MESSAGES.deliveryReasonRequired,
    );
    await stage(id, { stage: 'failed_delivery', reason: 'asleep' }).expect(400);
    expect((await stage(id, { stage: 'failed_delivery', reason: 'other' }).expect(400)).body.message).toBe(
      MESSAGES.deliveryNoteRequired,
    );
    expect(await outcomesOf(id)).toHaveLength(0);

    const res = await stage(id, {
      stage: 'failed_delivery',
      reason: 'not_at_home',
      note: 'Left a card',
    }).expect(200);
    expect(res.body.order).toMatchObject({
      status: 'Pending',
      fulfilment: 'failed_delivery',
      isPaid: false,
      failedDelivery: { reason: 'not_at_home', note: 'Left a card' },
      collected: null,
      deliveredAt: null,
    });
    expect(await booked(date, DELIVERY_SLOTS[0])).toBe(1);
    expect(await stockIn(t, jam)).toBe(4);
    const [mail] = await emailsOf(id, 'order-not-delivered');
    expect(mail.subject).toMatch(/^We could not deliver your Larder order #/);
    expect(mail.textBody).toContain('Reason: Nobody was at home.');
    expect(mail.textBody).not.toContain('Left a card');
    expect(await customerView(c, id)).toMatchObject({
      status: 'Pending',
      fulfilment: 'failed_delivery',
      failedDelivery: { reason: 'not_at_home' },
    });
    const outcomes = await outcomesOf(id);
    expect(outcomes.map((o) => [o.outcome, o.reason, o.note])).toEqual([
      ['failed_delivery', 'not_at_home', 'Left a card'],
    ]);

    // It cannot be delivered or moved on before it is re-booked.
    const delivered = await stage(id, { stage: 'delivered' }).expect(409);
    expect(delivered.body.message).toBe(
      'An order whose delivery failed cannot move to delivered: re-book it (stage placed with a delivery slot) or cancel it',
    );
    await stage(id, { stage: 'out_for_delivery' }).expect(409);
  });

  it('re-books to a slot of the delivery date on offer, counted in its capacity, then delivers it', async () => {
    const first = nextDay();
    const c = await newCustomer();
    const tea = await product(300, { name: 'Door tea', stock: 10 });
    const id = await place(c, [[tea, 1]]);
    await outForDelivery(id);
    await stage(id, { stage: 'failed_delivery', reason: 'wrong_address' }).expect(200);

    // The next day: the delivery date on offer has one slot full (capacity 2).
    now = new Date(now.getTime() + 86_400_000);
    const next = selectableDeliveryDate(now);
    expect(next).not.toBe(first);
    const others = await newCustomer();
    await place(others, [[tea, 1]], DELIVERY_SLOTS[1]);
    await place(others, [[tea, 1]], DELIVERY_SLOTS[1]);

    expect((await stage(id, { stage: 'placed' }).expect(400)).body.message).toBe(MESSAGES.rebookSlotRequired);
    const gone = await stage(id, { stage: 'placed', deliverySlot: { date: first, time: DELIVERY_SLOTS[0] } });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(MESSAGES.rebookDateInvalid);
    const full = await stage(id, { stage: 'placed', deliverySlot: { date: next, time: DELIVERY_SLOTS[1] } });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(MESSAGES.slotFull);
    await stage(id, { stage: 'placed', deliverySlot: { date: next, time: 'Midnight' } }).expect(400);
    expect(await booked(first, DELIVERY_SLOTS[0])).toBe(1);

    const res = await stage(id, {
      stage: 'placed',
      deliverySlot: { date: next, time: DELIVERY_SLOTS[2] },
    }).expect(200);
    expect(res.body.order).toMatchObject({
      status: 'Pending',
      fulfilment: 'picked',
      deliverySlot: { date: next, time: DELIVERY_SLOTS[2] },
      failedDelivery: null,
    });
    expect(await booked(first, DELIVERY_SLOTS[0])).toBe(0);
    expect(await booked(next, DELIVERY_SLOTS[2])).toBe(1);
    // The goods stay packed: the customer can neither change nor cancel it.
    await request(t.server).put(`/api/order/${id}/cancel`).set('Cookie', c.cookie).expect(409);

    await stage(id, { stage: 'out_for_delivery' }).expect(200);
    await stage(id, { stage: 'delivered', collected: { cash: 0, card: 3 } }).expect(200);
    expect(await booked(next, DELIVERY_SLOTS[2])).toBe(0);
    expect((await outcomesOf(id)).map((o) => [o.outcome, o.deliveryDate])).toEqual(
      expect.arrayContaining([
        ['failed_delivery', first],
        ['delivered', next],
      ]),
    );
  });

  it('cancelled after a failed delivery gives back its units and its place', async () => {
    const date = nextDay();
    const c = await newCustomer();
    const rice = await product(200, { name: 'Door rice', stock: 6 });
    const id = await place(c, [[rice, 2]]);
    await outForDelivery(id);
    await stage(id, { stage: 'failed_delivery', reason: 'unsafe' }).expect(200);
    expect(await stockIn(t, rice)).toBe(4);
    await request(t.server)
      .put(`/api/order/${id}/status`)
      .set('Cookie', seller)
      .send({ status: 'Cancelled' })
      .expect(200);
    expect(await stockIn(t, rice)).toBe(6);
    expect(await booked(date, DELIVERY_SLOTS[0])).toBe(0);
    expect(await customerView(c, id)).toMatchObject({ status: 'Cancelled' });
  });
});

describe('an outcome sent again', () => {
  it('with the same Idempotency-Key is recorded once and answered with the order', async () => {
    nextDay();
    const c = await newCustomer();
    const oats = await product(150, { name: 'Door oats', stock: 10 });
    const failed = await place(c, [[oats, 1]]);
    const delivered = await place(c, [[oats, 2]]);
    await outForDelivery(failed);
    await outForDelivery(delivered);

    await stage(failed, { stage: 'failed_delivery', reason: 'refused' }, 'phone-1-drop-1').expect(200);
    const again = await stage(
      failed,
      { stage: 'failed_delivery', reason: 'refused' },
      'phone-1-drop-1',
    ).expect(200);
    expect(again.body.order.fulfilment).toBe('failed_delivery');
    expect(await outcomesOf(failed)).toHaveLength(1);
    expect(await emailsOf(failed, 'order-not-delivered')).toHaveLength(1);

    const body = { stage: 'delivered', collected: { cash: 3, card: 0 } };
    await stage(delivered, body, 'phone-1-drop-2').expect(200);
    const replay = await stage(delivered, body, 'phone-1-drop-2').expect(200);
    expect(replay.body.order).toMatchObject({ status: 'Completed', collected: { cash: 3, card: 0 } });
    expect(await outcomesOf(delivered)).toHaveLength(1);
    expect(await emailsOf(delivered, 'order-completed')).toHaveLength(1);
    // Without the key, the same step is refused: the order is delivered already.
    await stage(delivered, body).expect(409);
    await stage(delivered, body, 'bad key with spaces').expect(400);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, delivered));
    expect([row.collectedCash, row.collectedCard]).toEqual([300, 0]);
  });
});

describe('who records the door', () => {
  it('a driver records outcomes under their name; a picker may not, and only the shop re-books', async () => {
    nextDay();
    const c = await newCustomer();
    const driver = await signInStaff(t, 'driver', { ownerCookie: seller, name: 'Dan Driver' });
    const picker = await signInStaff(t, 'picker', { ownerCookie: seller, name: 'Pat Picker' });
    const beans = await product(90, { name: 'Door beans', stock: 10 });
    const first = await place(c, [[beans, 1]]);
    const second = await place(c, [[beans, 2]]);
    await pickInFull(first);
    await pickInFull(second);

    // The driver reads the run (the slot's orders in run-sheet order); a picker may not.
    const runUrl = `/api/seller/run?date=${selectableDeliveryDate(now)}&time=${encodeURIComponent(DELIVERY_SLOTS[0])}`;
    const run = await request(t.server).get(runUrl).set('Cookie', driver.cookie).expect(200);
    expect(run.body.orders.map((o: { _id: string }) => o._id).sort()).toEqual([first, second].sort());
    expect(run.body.orders[0]).toMatchObject({
      due: expect.any(Number),
      fulfilment: 'picked',
      customer: { name: expect.any(String) },
    });
    await request(t.server).get(runUrl).set('Cookie', picker.cookie).expect(403);

    const as = (cookie: string, id: string, body: Record<string, unknown>, key?: string) => {
      const req = request(t.server).put(`/api/order/${id}/fulfilment`).set('Cookie', cookie);
      if (key) req.set('Idempotency-Key', key);
      return req.send(body);
    };
    // The driver takes the picked orders out themselves, each with its own key (a picker may not); the step
    // sent again with its key changes nothing.
    const dispatch = { stage: 'out_for_delivery' };
    expect((await as(picker.cookie, first, dispatch)).status).toBe(403);
    for (const id of [first, second])
      expect((await as(driver.cookie, id, dispatch, `start-run-${id}`).expect(200)).body.order).toMatchObject(
        {
          fulfilment: 'out_for_delivery',
        },
      );
    await as(driver.cookie, first, dispatch, `start-run-${first}`).expect(200);
    const refused = await as(picker.cookie, first, { stage: 'delivered', collected: { cash: 0.9, card: 0 } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.noPermission);
    await as(driver.cookie, first, { stage: 'delivered', collected: { cash: 0.9, card: 0 } }).expect(200);
    await as(driver.cookie, second, { stage: 'failed_delivery', reason: 'not_at_home' }).expect(200);
    expect((await outcomesOf(first)).map((o) => [o.staffId, o.staffName])).toEqual([
      [driver.id, 'Dan Driver'],
    ]);
    expect((await outcomesOf(second)).map((o) => [o.staffId, o.staffName])).toEqual([
      [driver.id, 'Dan Driver'],
    ]);
    // Taking each order out and each outcome are in the activity log under the driver, the failed delivery too.
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'order.fulfilment'), eq(activityLog.actorId, driver.id)));
    expect(logged.map((e) => [e.subjectId, e.summary.split(': ')[1]]).sort()).toEqual(
      [
        [first, 'Picked → out for delivery'],
        [second, 'Picked → out for delivery'],
        [first, 'Out for delivery → delivered'],
        [second, 'Out for delivery → not delivered'],
      ].sort(),
    );

    const slot = { date: selectableDeliveryDate(now), time: DELIVERY_SLOTS[1] };
    await as(driver.cookie, second, { stage: 'placed', deliverySlot: slot }).expect(403);
    await as(seller, second, { stage: 'placed', deliverySlot: slot }).expect(200);
  });
});
