/**
 * Regular deliveries (standing orders): checked as an order is; scheduled in London dates (across the clock
 * changes); each delivery's order placed exactly once at 15:00 London two days before, by whichever replica
 * claims it (standing-orders-replicas.spec.ts), or skipped with an e-mail when the cut-off passed while the shop was down; every
 * rule of a checkout on the order (stock, slots, limits, prices); skip, pause, resume, change and cancel.
 */
import request from 'supertest';
import { and, asc, eq } from 'drizzle-orm';
import { DELIVERY_SLOTS, MAX_STANDING_ORDERS, MESSAGES, REGULARS_MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS, bookedIn, FREE_SHIPPING, settings, stockOf } from '../../test/fixtures';
import { Clock } from '../common/clock';
import { emailOutbox, orderItems, orders, products } from '../db/schema';
import { StandingOrderPlacer } from './standing-order-placer';
import { orderSteps } from '../../test/orders';
import { RegularsRepository } from './regulars.repository';

interface Customer {
  cookie: string;
  addressId: string;
}

let t: TestApp;
let seller: string;
let now = new Date('2026-11-23T10:00:00Z');
let customerCount = 0;
const [TEN, ELEVEN, NOON] = DELIVERY_SLOTS;

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:4299', mailPollIntervalMs: 3_600_000 });
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  await settings(t, seller, 'shipping', FREE_SHIPPING);
  await settings(t, seller, 'orders', { maxOpenOrders: 50 });
});
afterAll(() => t?.close());

async function newCustomer(): Promise<Customer> {
  customerCount += 1;
  return signInCustomerWithAddress(t, { email: `regular${customerCount}@example.com` }, ADDRESS);
}

const pound = (partial: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t, { price: 100, offerPrice: 100, vatBasisPoints: 0, ...partial });

function createPlan(c: Customer, body: Record<string, unknown>) {
  return request(t.server)
    .post('/api/user/standing-orders')
    .set('Cookie', c.cookie)
    .send({ address: c.addressId, time: TEN, every: 1, ...body });
}
const updatePlan = (c: Customer, id: string, body: Record<string, unknown>) =>
  request(t.server).put(`/api/user/standing-orders/${id}`).set('Cookie', c.cookie).send(body);
const plansOf = async (c: Customer) =>
  (await request(t.server).get('/api/user/standing-orders').set('Cookie', c.cookie).expect(200)).body
    .standingOrders;
const run = (app: Pick<TestApp, 'app'> = t) => app.app.get(StandingOrderPlacer).runDue();

async function ordersOfPlan(id: string) {
  return t.db.select().from(orders).where(eq(orders.standingOrderId, id)).orderBy(asc(orders.deliveryDate));
}
async function linesOf(orderId: string) {
  const rows = await t.db
    .select({ product: orderItems.productId, quantity: orderItems.quantity, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return Object.fromEntries(rows.map((r) => [r.product, r]));
}
async function mailsOf(kind: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
}

describe('setting up a regular delivery', () => {
  it('answers the plan with its next delivery in London dates, and lists it', async () => {
    now = new Date('2026-11-23T10:00:00Z'); // Monday: the shop delivers on Tuesday 24th
    const c = await newCustomer();
    const tea = await pound({ name: 'Plan Tea' });
    const res = await createPlan(c, {
      items: [
        { product: tea, quantity: 2 },
        { product: tea, quantity: 1, allowSubstitutes: false },
      ],
      weekday: 4,
    }).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      message: REGULARS_MESSAGES.standingOrderCreated,
      standingOrder: {
        _id: expect.any(String),
        items: [{ product: tea, quantity: 3, allowSubstitutes: false, item: { name: 'Plan Tea' } }],
        address: c.addressId,
        time: TEN,
        weekday: 4,
        every: 1,
        active: true,
        nextDelivery: '2026-11-26',
        skipping: false,
      },
    });
    expect(await plansOf(c)).toEqual([res.body.standingOrder]);
    // Before its time nothing is placed.
    expect(await ordersOfPlan(res.body.standingOrder._id)).toEqual([]);
    // The job wakes when it falls due: 15:00 London on Tuesday.
    expect(await t.app.get(RegularsRepository).nextDue(now)).toEqual(new Date('2026-11-24T15:00:00Z'));
  });

  it('is checked as an order is, and a refused plan stores nothing', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const c = await newCustomer();
    const other = await newCustomer();
    const tea = await pound();
    const limited = await pound({ name: 'Plan Limited', maxPerOrder: 2 });
    const wine = await pound({ name: 'Plan Wine', ageRestricted: true });
    const unlisted = await pound({ name: 'Plan Unlisted', listed: false });
    const line = [{ product: tea, quantity: 1 }];
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ items: line, weekday: 8 }, 400, REGULARS_MESSAGES.weekdayInvalid],
      [{ items: line, weekday: 0 }, 400, REGULARS_MESSAGES.weekdayInvalid],
      [{ items: line, weekday: 2, every: 3 }, 400, REGULARS_MESSAGES.everyInvalid],
      [{ items: line, weekday: 2, time: '09:00 - 10:00' }, 400, MESSAGES.deliveryTimeInvalid],
      [{ items: [], weekday: 2 }, 400],
      [{ items: [{ product: tea, quantity: 100 }], weekday: 2 }, 400],
      [{ items: line, weekday: 2, address: other.addressId }, 400, MESSAGES.addressNotFound],
      [
        { items: [{ product: limited, quantity: 3 }], weekday: 2 },
        409,
        'You can buy at most 2 of Plan Limited in one order.',
      ],
      [{ items: [{ product: wine, quantity: 1 }], weekday: 2 }, 400, MESSAGES.ageConfirmationRequired],
      [{ items: [{ product: unlisted, quantity: 1 }], weekday: 2 }, 409],
      [
        { items: [{ product: '00000000-0000-4000-8000-000000000000', quantity: 1 }], weekday: 2 },
        409,
        MESSAGES.itemUnavailable,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await createPlan(c, body);
      expect([res.status, res.body.success]).toEqual([status, false]);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await plansOf(c)).toEqual([]);
    await createPlan(c, { items: [{ product: wine, quantity: 1 }], weekday: 2, ageConfirmed: true }).expect(
      201,
    );
  });

  it('holds at most the plans allowed, also when several are made at once', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const cat = await newCustomer();
    const tea = await pound();
    const answers = await Promise.all(
      Array.from({ length: MAX_STANDING_ORDERS + 3 }, () =>
        createPlan(cat, { items: [{ product: tea, quantity: 1 }], weekday: 5 }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(MAX_STANDING_ORDERS);
    for (const refused of answers.filter((res) => res.status !== 201))
      expect(refused.body).toMatchObject({
        success: false,
        message: REGULARS_MESSAGES.tooManyStandingOrders,
      });
    const plans: { _id: string }[] = await plansOf(cat);
    expect(plans).toHaveLength(MAX_STANDING_ORDERS);
    // Ended again, so that the placing tests below meet only their own plans.
    for (const plan of plans)
      await request(t.server)
        .delete(`/api/user/standing-orders/${plan._id}`)
        .set('Cookie', cat.cookie)
        .expect(200);
  });

  it("is the customer's own: another's plan answers 404 and stays as it was", async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const ann = await newCustomer();
    const bob = await newCustomer();
    const tea = await pound();
    const id = (await createPlan(ann, { items: [{ product: tea, quantity: 1 }], weekday: 5 }).expect(201))
      .body.standingOrder._id;
    const res = await updatePlan(bob, id, { active: false }).expect(404);
    expect(res.body.message).toBe(REGULARS_MESSAGES.standingOrderNotFound);
    await request(t.server).delete(`/api/user/standing-orders/${id}`).set('Cookie', bob.cookie).expect(404);
    await request(t.server).get('/api/user/standing-orders').expect(401);
    expect((await plansOf(ann))[0]).toMatchObject({ _id: id, active: true });
    await request(t.server).delete(`/api/user/standing-orders/${id}`).set('Cookie', ann.cookie).expect(200);
    expect(await plansOf(ann)).toEqual([]);
  });
});

describe('a regular delivery made from an order', () => {
  const ordersOfCustomer = async (c: Customer) => {
    const res = await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200);
    return (res.body.orders as { deliverySlot: { date: string } }[]).map((o) => o.deliverySlot.date).sort();
  };

  it('counts the order as its first delivery: nothing more for that date, the next one after it', async () => {
    now = new Date('2026-11-23T10:00:00Z'); // Monday: the shop delivers on Tuesday 24th
    const c = await newCustomer();
    const tea = await pound({ name: 'From-order Tea' });
    const orderId = await orderSteps(t, { seller }).place(c, [[tea, 2]]);
    const res = await createPlan(c, {
      items: [{ product: tea, quantity: 2 }],
      weekday: 2,
      fromOrder: orderId,
    }).expect(201);
    const plan = res.body.standingOrder;
    expect(plan.nextDelivery).toBe('2026-12-01');
    // No second, identical order for Tuesday 24th: neither at once nor when the job runs.
    expect(await ordersOfPlan(plan._id)).toEqual([]);
    await run();
    expect(await ordersOfCustomer(c)).toEqual(['2026-11-24']);
    // The plan's own first order is for the delivery after, placed at its time.
    now = new Date('2026-11-29T15:00:00Z');
    await run();
    expect((await ordersOfPlan(plan._id)).map((o) => o.deliveryDate)).toEqual(['2026-12-01']);
    expect(await ordersOfCustomer(c)).toEqual(['2026-11-24', '2026-12-01']);
  });

  it('keeps the weeks of a plan every other week, and starts after the order on another weekday', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const c = await newCustomer();
    const tea = await pound();
    const orderId = await orderSteps(t, { seller }).place(c, [[tea, 1]]);
    const fortnightly = await createPlan(c, {
      items: [{ product: tea, quantity: 1 }],
      weekday: 2,
      every: 2,
      fromOrder: orderId,
    }).expect(201);
    expect(fortnightly.body.standingOrder.nextDelivery).toBe('2026-12-08');
    // On Tuesday 24th's order, a plan for Wednesdays starts on the Wednesday after it.
    const wednesdays = await createPlan(c, {
      items: [{ product: tea, quantity: 1 }],
      weekday: 3,
      fromOrder: orderId,
    }).expect(201);
    expect(wednesdays.body.standingOrder.nextDelivery).toBe('2026-11-25');
    expect(await ordersOfCustomer(c)).toEqual(['2026-11-24']);
  });

  it("refuses another customer's order or an unknown one (404) and a malformed id (400), storing nothing", async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const ann = await newCustomer();
    const bob = await newCustomer();
    const tea = await pound();
    const annsOrder = await orderSteps(t, { seller }).place(ann, [[tea, 1]]);
    const body = { items: [{ product: tea, quantity: 1 }], weekday: 2 };
    const others = await createPlan(bob, { ...body, fromOrder: annsOrder }).expect(404);
    expect(others.body.message).toBe(MESSAGES.orderNotFound);
    const unknown = await createPlan(bob, { ...body, fromOrder: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    const malformed = await createPlan(bob, { ...body, fromOrder: 'not-an-order' }).expect(400);
    expect(malformed.body.message).toBe(MESSAGES.orderNotFound);
    expect(await plansOf(bob)).toEqual([]);
    expect(await ordersOfCustomer(bob)).toEqual([]);
  });
});

describe('placing its order', () => {
  it("places a Pending COD order once at 15:00 London two days before, marked as the plan's", async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const c = await newCustomer();
    const tea = await pound({ name: 'Placed Tea', stock: 10 });
    const id = (
      await createPlan(c, { items: [{ product: tea, quantity: 2 }], weekday: 4, time: ELEVEN }).expect(201)
    ).body.standingOrder._id;

    now = new Date('2026-11-24T14:59:59Z');
    await run();
    expect(await ordersOfPlan(id)).toEqual([]);

    now = new Date('2026-11-24T15:00:00Z');
    await run();
    await run();
    const placed = await ordersOfPlan(id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      status: 'Pending',
      paymentType: 'COD',
      deliveryDate: '2026-11-26',
      deliveryTime: ELEVEN,
      amount: 200,
    });
    expect(await stockOf(t, tea)).toBe(8);
    expect(await bookedIn(t, '2026-11-26', ELEVEN)).toBe(1);

    const mine = (await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200)).body
      .orders;
    expect(mine[0]).toMatchObject({ _id: placed[0].id, standingOrder: id, status: 'Pending' });
    const [mail] = (await mailsOf('order-placed')).filter((m) => m.orderId === placed[0].id);
    expect(mail.textBody).toContain('placed for you by your regular delivery (Every Thursday)');

    expect((await plansOf(c))[0]).toMatchObject({ nextDelivery: '2026-12-03', skipping: false });
    // A week later, the next one.
    now = new Date('2026-12-01T15:00:00Z');
    await run();
    expect((await ordersOfPlan(id)).map((o) => o.deliveryDate)).toEqual(['2026-11-26', '2026-12-03']);
  });

  it.each([
    // The clocks go back at 02:00 BST on Sunday 25 October 2026.
    ['October', 2, '2026-10-24T10:00:00Z', '2026-10-25T14:59:59Z', '2026-10-25T15:00:00Z', '2026-10-27'],
    ['October', 1, '2026-10-23T10:00:00Z', '2026-10-24T13:59:59Z', '2026-10-24T14:00:00Z', '2026-10-26'],
    // The clocks go forward at 01:00 GMT on Sunday 28 March 2027.
    ['March', 2, '2027-03-27T10:00:00Z', '2027-03-28T13:59:59Z', '2027-03-28T14:00:00Z', '2027-03-30'],
    ['March', 1, '2027-03-26T10:00:00Z', '2027-03-27T14:59:59Z', '2027-03-27T15:00:00Z', '2027-03-29'],
  ])(
    'keeps to 15:00 London across the %s clock change (weekday %i)',
    async (_change, weekday, made, before, at, delivery) => {
      now = new Date(made);
      const c = await newCustomer();
      const tea = await pound();
      const plan = (await createPlan(c, { items: [{ product: tea, quantity: 1 }], weekday }).expect(201)).body
        .standingOrder;
      expect(plan.nextDelivery).toBe(delivery);
      now = new Date(before);
      await run();
      expect(await ordersOfPlan(plan._id)).toEqual([]);
      now = new Date(at);
      await run();
      expect((await ordersOfPlan(plan._id)).map((o) => o.deliveryDate)).toEqual([delivery]);
    },
  );

  it("is placed at once when its next delivery is already the shop's delivery date", async () => {
    now = new Date('2026-11-23T16:00:00Z'); // Monday after the cut-off: the shop delivers on Wednesday 25th
    const c = await newCustomer();
    const tea = await pound();
    const res = await createPlan(c, { items: [{ product: tea, quantity: 1 }], weekday: 3 }).expect(201);
    const id = res.body.standingOrder._id;
    expect((await ordersOfPlan(id)).map((o) => o.deliveryDate)).toEqual(['2026-11-25']);
    expect(res.body.standingOrder.nextDelivery).toBe('2026-12-02');
    await run();
    expect(await ordersOfPlan(id)).toHaveLength(1);

    // Changed back to the same weekday: the date placed is not placed again.
    await updatePlan(c, id, { weekday: 4 }).expect(200);
    const back = await updatePlan(c, id, { weekday: 3 }).expect(200);
    expect(back.body.standingOrder.nextDelivery).toBe('2026-12-02');
    // Changed to Thursday while Thursday is not yet the delivery date: not placed now.
    expect(await ordersOfPlan(id)).toHaveLength(1);
  });

  it('skips what the cut-off closed while the shop was down, with an e-mail, and places what is still open', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const late = await newCustomer();
    const open = await newCustomer();
    const tea = await pound();
    const missed = (
      await createPlan(late, { items: [{ product: tea, quantity: 1 }], weekday: 4 }).expect(201)
    ).body.standingOrder._id;
    const kept = (await createPlan(open, { items: [{ product: tea, quantity: 1 }], weekday: 5 }).expect(201))
      .body.standingOrder._id;
    const before = new Set((await mailsOf('standing-order-not-placed')).map((mail) => mail.id));
    // Down from Tuesday 14:00 until Wednesday 15:30: Thursday's ordering closed at 15:00.
    now = new Date('2026-11-25T15:30:00Z');
    const summary = await run();
    expect(summary).toMatchObject({ missed: 1, placed: 1 });
    expect(await ordersOfPlan(missed)).toEqual([]);
    expect((await ordersOfPlan(kept)).map((o) => o.deliveryDate)).toEqual(['2026-11-27']);
    // The one e-mail this run wrote (the outbox's rows come in no particular order).
    const written = (await mailsOf('standing-order-not-placed')).filter((mail) => !before.has(mail.id));
    expect(written).toHaveLength(1);
    expect(written[0].textBody).toContain('Thu, 26 Nov 2026');
    expect((await plansOf(late))[0].nextDelivery).toBe('2026-12-03');
  });
});

describe('every rule of a checkout', () => {
  it('leaves out what is out of stock, reduces what is short or over its limit, names them, at current prices', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const c = await newCustomer();
    const gone = await pound({ name: 'Rule Gone', stock: 5 });
    const short = await pound({ name: 'Rule Short', stock: 10 });
    const limited = await pound({ name: 'Rule Limited' });
    const dearer = await pound({ name: 'Rule Dearer' });
    const id = (
      await createPlan(c, {
        items: [
          { product: gone, quantity: 2 },
          { product: short, quantity: 4 },
          { product: limited, quantity: 5 },
          { product: dearer, quantity: 1 },
        ],
        weekday: 4,
      }).expect(201)
    ).body.standingOrder._id;
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, gone));
    await t.db.update(products).set({ stock: 3 }).where(eq(products.id, short));
    await t.db.update(products).set({ maxPerOrder: 2 }).where(eq(products.id, limited));
    await t.db.update(products).set({ price: 250, offerPrice: 250 }).where(eq(products.id, dearer));

    now = new Date('2026-11-24T15:00:00Z');
    await run();
    const [order] = await ordersOfPlan(id);
    const lines = await linesOf(order.id);
    expect(lines[gone]).toBeUndefined();
    expect(lines[short]).toMatchObject({ quantity: 3 });
    expect(lines[limited]).toMatchObject({ quantity: 2 });
    expect(lines[dearer]).toMatchObject({ quantity: 1, price: 250 });
    expect(order.amount).toBe(300 + 200 + 250);
    expect(await stockOf(t, short)).toBe(0);
    const [mail] = (await mailsOf('order-placed')).filter((m) => m.orderId === order.id);
    expect(mail.textBody).toContain('Not included this time: Rule Gone (out of stock)');
    expect(mail.textBody).toContain('Rule Short: 3 instead of 4 (only 3 left)');
    expect(mail.textBody).toContain('Rule Limited: 2 instead of 5 (limit per order)');
    expect(mail.textBody).toContain('£2.50');
  });

  it('takes the nearest slot of the day with places when its own is full, and places nothing when all are', async () => {
    await settings(t, seller, 'delivery', { slotCapacity: 1 });
    try {
      now = new Date('2026-11-16T10:00:00Z');
      const tea = await pound();
      const plan = async (c: Customer) =>
        (
          await createPlan(c, { items: [{ product: tea, quantity: 1 }], weekday: 6, time: ELEVEN }).expect(
            201,
          )
        ).body.standingOrder._id as string;
      const first = await newCustomer();
      const second = await newCustomer();
      const third = await newCustomer();
      const fourth = await newCustomer();
      const ids = [await plan(first), await plan(second), await plan(third), await plan(fourth)];
      now = new Date('2026-11-19T15:00:00Z'); // Thursday: Saturday 21st is the delivery date
      await t.app.get(StandingOrderPlacer).runDue({ concurrency: 1 });
      const times = [];
      for (const id of ids) times.push((await ordersOfPlan(id)).map((o) => o.deliveryTime));
      expect(times.flat().sort()).toEqual([TEN, ELEVEN, NOON]);
      expect(times.filter((t) => t.length === 0)).toHaveLength(1);
      const [moved] = (await mailsOf('order-placed')).filter((m) =>
        m.textBody.includes(`Your usual slot ${ELEVEN} was full`),
      );
      expect(moved).toBeDefined();
      const notPlaced = (await mailsOf('standing-order-not-placed')).filter((m) =>
        m.textBody.includes('every delivery slot of that day is full'),
      );
      expect(notPlaced).toHaveLength(1);
      expect(await bookedIn(t, '2026-11-21', ELEVEN)).toBe(1);
    } finally {
      await settings(t, seller, 'delivery', { slotCapacity: 20 });
    }
  });

  it('places nothing while the customer holds the most open orders allowed, and says so', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const c = await newCustomer();
    const tea = await pound();
    const id = (await createPlan(c, { items: [{ product: tea, quantity: 1 }], weekday: 4 }).expect(201)).body
      .standingOrder._id;
    await request(t.server)
      .post('/api/order/cod')
      .set('Cookie', c.cookie)
      .send({
        items: [{ product: tea, quantity: 1 }],
        address: c.addressId,
        amount: 1,
        shippingCharge: 0,
        totalVat: 0,
        deliverySlot: { date: '2026-11-24', time: TEN },
      })
      .expect(201);
    await settings(t, seller, 'orders', { maxOpenOrders: 1 });
    try {
      now = new Date('2026-11-24T15:00:00Z');
      const summary = await t.app.get(StandingOrderPlacer).runDue({ planId: id });
      expect(summary.notPlaced).toBe(1);
      expect(await ordersOfPlan(id)).toEqual([]);
      const mails = (await mailsOf('standing-order-not-placed')).filter((m) =>
        m.textBody.includes('you already have 1 order waiting for delivery'),
      );
      expect(mails).toHaveLength(1);
    } finally {
      await settings(t, seller, 'orders', { maxOpenOrders: 50 });
    }
  });
});

describe('skip, pause, resume, change and cancel', () => {
  it('skips the next delivery only, pauses and resumes, changes and cancels', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const c = await newCustomer();
    const tea = await pound({ name: 'Skip Tea' });
    const jam = await pound({ name: 'Skip Jam' });
    const id = (
      await createPlan(c, { items: [{ product: tea, quantity: 1 }], weekday: 4, every: 2 }).expect(201)
    ).body.standingOrder._id;

    const skipped = await updatePlan(c, id, { skipNext: true }).expect(200);
    expect(skipped.body.standingOrder).toMatchObject({ nextDelivery: '2026-11-26', skipping: true });
    now = new Date('2026-11-24T15:00:00Z');
    expect(await run()).toMatchObject({ skipped: 1 });
    expect(await ordersOfPlan(id)).toEqual([]);
    // Every other week: the one after the skipped delivery is two weeks on.
    expect((await plansOf(c))[0]).toMatchObject({ nextDelivery: '2026-12-10', skipping: false });

    const paused = await updatePlan(c, id, { active: false }).expect(200);
    expect(paused.body.standingOrder).toMatchObject({ active: false, nextDelivery: null });
    now = new Date('2026-12-08T15:00:00Z');
    await run();
    expect(await ordersOfPlan(id)).toEqual([]);

    // Resumed on Wednesday 9th after the cut-off: the next Thursday that can still be ordered for is 17th.
    now = new Date('2026-12-09T16:00:00Z');
    const resumed = await updatePlan(c, id, { active: true }).expect(200);
    expect(resumed.body.standingOrder).toMatchObject({ active: true, nextDelivery: '2026-12-17' });

    const changed = await updatePlan(c, id, {
      items: [{ product: jam, quantity: 3 }],
      time: NOON,
      every: 1,
    }).expect(200);
    expect(changed.body.standingOrder).toMatchObject({
      items: [{ product: jam, quantity: 3 }],
      time: NOON,
      every: 1,
      nextDelivery: '2026-12-17',
    });
    const refused = await updatePlan(c, id, { items: [{ product: jam, quantity: 0 }] }).expect(400);
    expect(refused.body.success).toBe(false);
    expect((await plansOf(c))[0].items).toMatchObject([{ product: jam, quantity: 3 }]);

    now = new Date('2026-12-15T15:00:00Z');
    await run();
    const [order] = await ordersOfPlan(id);
    expect(order).toMatchObject({ deliveryDate: '2026-12-17', deliveryTime: NOON });

    await request(t.server).delete(`/api/user/standing-orders/${id}`).set('Cookie', c.cookie).expect(200);
    expect(await plansOf(c)).toEqual([]);
    // The order it placed stays, no longer marked.
    const [kept] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id)));
    expect(kept).toMatchObject({ status: 'Pending', standingOrderId: null });
  });
});
