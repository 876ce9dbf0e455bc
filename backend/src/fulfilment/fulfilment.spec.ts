/**
 * The seller's day over HTTP: stages move forward one at a time; picking records what was found and what was sent
 * instead (at the lower price, never raising the total), empties short shelves and takes substitutes' units;
 * delivered completes the order without the refused lines; a cancel at any stage before delivered gives back
 * exactly what was taken, once. The pick list and the slot's run sheet (CSV) read the same orders.
 */
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  DELIVERY_SLOTS,
  MESSAGES,
  nextPickingDate,
  orderReference,
  selectableDeliveryDate,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { newCustomers, signInSeller } from '../../test/auth-helpers';
import { ADDRESS, stockOf as stockIn, settings, FREE_SHIPPING } from '../../test/fixtures';
import { emailOutbox, orders, products } from '../db/schema';
import { Clock } from '../common/clock';
import { orderSteps, type OrderSteps } from '../../test/orders';

interface Customer {
  cookie: string;
  addressId: string;
}

let t: TestApp;
let seller: string;
let steps: OrderSteps;
let now = new Date('2026-11-23T10:00:00Z');
let day = 0;

/** Moves the clock to a fresh day (so its slots and pick list start empty); answers its delivery date. */
function nextDay(): string {
  day += 1;
  now = new Date(Date.parse('2026-11-23T10:00:00Z') + day * 2 * 86_400_000);
  return selectableDeliveryDate(now);
}

const newCustomer = newCustomers(() => t, 'picked', ADDRESS);

/** A COD order of lines [product, quantity, allow substitutes] at the basket's totals (free shipping here). */
function place(c: Customer, lines: Array<[string, number, boolean?]>, slot: string = DELIVERY_SLOTS[0]) {
  const lineFields = Object.fromEntries(
    lines.map(([product, , allowSubstitutes]) => [product, { allowSubstitutes }]),
  );
  return steps.place(
    c,
    lines.map(([product, quantity]) => [product, quantity]),
    { slot, lineFields },
  );
}

const stage = (id: string, body: Record<string, unknown>) => steps.stage(id, body);

const setStatus = (id: string, status: string) =>
  request(t.server).put(`/api/order/${id}/status`).set('Cookie', seller).send({ status });

const product = (offerPrice: number, partial: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t, { price: offerPrice, offerPrice, vatBasisPoints: 0, ...partial });

const stockOf = (id: string) => stockIn(t, id);

const stocks = (...ids: string[]) => Promise.all(ids.map(stockOf));

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:4298', mailPollIntervalMs: 3_600_000 });
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  steps = orderSteps(t, { seller });
  await settings(t, seller, 'shipping', FREE_SHIPPING);
});

afterAll(async () => {
  await t?.close();
});

describe('PUT /api/order/:id/fulfilment', () => {
  it('moves forward one stage at a time and never back', async () => {
    nextDay();
    const c = await newCustomer();
    const a = await product(100, { stock: null });
    const id = await place(c, [[a, 1]]);

    const skip = await stage(id, { stage: 'picked', lines: [{ product: a, picked: 1 }] }).expect(409);
    expect(skip.body.message).toBe(
      'An order at stage placed cannot move to picked: stages move forward one at a time',
    );
    await stage(id, { stage: 'placed' }).expect(409);
    await stage(id, { stage: 'shipped' }).expect(400);
    expect((await stage(id, { stage: 'picking' }).expect(200)).body.order).toMatchObject({
      fulfilment: 'picking',
      status: 'Pending',
    });
    await stage(id, { stage: 'picking' }).expect(409);
    await stage(id, { stage: 'placed' }).expect(409);
    await stage(id, { stage: 'picked', lines: [{ product: a, picked: 1 }] }).expect(200);
    await stage(id, { stage: 'picking' }).expect(409);
    await stage(id, { stage: 'delivered' }).expect(409);
    await stage(id, { stage: 'out_for_delivery' }).expect(200);
    const done = await stage(id, { stage: 'delivered' }).expect(200);
    expect(done.body.order).toMatchObject({ fulfilment: 'delivered', status: 'Completed', isPaid: true });
    await stage(id, { stage: 'delivered' }).expect(409);
    expect((await setStatus(id, 'Cancelled').expect(409)).body.message).toBe(MESSAGES.completedOrderLocked);

    const cancelled = await place(c, [[a, 1]]);
    await setStatus(cancelled, 'Cancelled').expect(200);
    const res = await stage(cancelled, { stage: 'picking' }).expect(409);
    expect(res.body.message).toBe(MESSAGES.cancelledOrderNotFulfilled);
    await stage('7d0b5bb4-1f0e-4a51-9b0a-2f3b1d1c9e11', { stage: 'picking' }).expect(404);
  });

  it('re-prices from what was picked, substitutes at the lower price, never higher, and sends the receipt', async () => {
    nextDay();
    const c = await newCustomer();
    const apples = await product(200, { stock: 10, name: 'Apples' });
    const bread = await product(100, { stock: 5, name: 'Bread' });
    const cheese = await product(300, { stock: null, name: 'Cheese' });
    const pears = await product(150, { stock: 4, name: 'Pears' });
    const dearer = await product(500, { stock: 4, name: 'Dearer cheese' });
    const id = await place(c, [
      [apples, 3],
      [bread, 2, false],
      [cheese, 2],
    ]);
    expect(await stocks(apples, bread, pears, dearer)).toEqual([7, 3, 4, 4]);
    await stage(id, { stage: 'picking' }).expect(200);

    const picked = [
      { product: apples, picked: 1, substitute: { product: pears, quantity: 2 } },
      { product: bread, picked: 2 },
      { product: cheese, picked: 1, substitute: { product: dearer, quantity: 1 } },
    ];
    // Every line, once; a substitute only where allowed, other than the line's product, for missing units only.
    await stage(id, { stage: 'picked', lines: picked.slice(0, 2) }).expect(400);
    await stage(id, { stage: 'picked' }).expect(400);
    await stage(id, { stage: 'picked', lines: [...picked.slice(0, 2), { ...picked[2], picked: 3 }] }).expect(
      400,
    );
    const notAllowed = await stage(id, {
      stage: 'picked',
      lines: [
        picked[0],
        { product: bread, picked: 1, substitute: { product: pears, quantity: 1 } },
        picked[2],
      ],
    }).expect(400);
    expect(notAllowed.body.message).toBe('Substitutes are not allowed for Bread');
    await stage(id, {
      stage: 'picked',
      lines: [{ ...picked[0], substitute: { product: pears, quantity: 3 } }, ...picked.slice(1)],
    }).expect(400);
    await stage(id, {
      stage: 'picked',
      lines: [{ ...picked[0], substitute: { product: apples, quantity: 1 } }, ...picked.slice(1)],
    }).expect(400);
    // A substitute without enough stock: 409, and nothing changed.
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, pears));
    const short = await stage(id, { stage: 'picked', lines: picked }).expect(409);
    expect(short.body.message).toMatch(/Pears/);
    expect(await stocks(apples, bread, pears, dearer)).toEqual([7, 3, 1, 4]);
    await t.db.update(products).set({ stock: 4 }).where(eq(products.id, pears));

    const res = await stage(id, { stage: 'picked', lines: picked }).expect(200);
    const order = res.body.order;
    // 1 x £2 apples + 2 x £1.50 pears + 2 x £1 bread + 1 x £3 cheese + 1 x dearer cheese at £3 (not £5),
    // below the £14 placed.
    expect(order).toMatchObject({ fulfilment: 'picked', goods: 13, totalVat: 0, amount: 13 });
    expect(order.amount).toBeLessThanOrEqual(6 + 2 + 6);
    const lines = Object.fromEntries(order.items.map((i: { product: string }) => [i.product, i]));
    expect(lines[apples]).toMatchObject({
      quantity: 3,
      picked: 1,
      substitute: { product: pears, name: 'Pears', quantity: 2, price: 1.5, vat: 0 },
    });
    expect(lines[bread]).toMatchObject({ picked: 2, substitute: null, allowSubstitutes: false });
    expect(lines[cheese].substitute).toMatchObject({ product: dearer, quantity: 1, price: 3 });
    // Short apples: the shelf is empty; substitutes' units are taken; uncounted cheese stays uncounted.
    expect(await stocks(apples, bread, cheese, pears, dearer)).toEqual([0, 3, null, 2, 3]);

    const [receipt] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, id))
      .then((rows) => rows.filter((r) => r.kind === 'order-picked'));
    expect(receipt.textBody).toContain('2 x Pears at £1.50 each, instead of Apples at £2.00 each');
    expect(receipt.textBody).toContain('1 x Dearer cheese at £3.00 each, instead of Cheese at £3.00 each');
    expect(receipt.textBody).toMatch(/To pay on delivery\s+£13\.00/);

    // The customer sees the same.
    const [mine] = (await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200)).body
      .orders;
    expect(mine).toMatchObject({ _id: id, amount: 13, fulfilment: 'picked' });
  });

  it('lists what is missing on the receipt and never charges it', async () => {
    nextDay();
    const c = await newCustomer();
    const milk = await product(120, { stock: 6, name: 'Milk' });
    const eggs = await product(250, { stock: 6, name: 'Eggs' });
    const id = await place(c, [
      [milk, 2],
      [eggs, 1],
    ]);
    await stage(id, { stage: 'picking' }).expect(200);
    const res = await stage(id, {
      stage: 'picked',
      lines: [
        { product: milk, picked: 0 },
        { product: eggs, picked: 1 },
      ],
    }).expect(200);
    expect(res.body.order).toMatchObject({ goods: 2.5, amount: 2.5 });
    const receipt = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))).find(
      (r) => r.kind === 'order-picked',
    )!;
    expect(receipt.textBody).toMatch(/Missing:\n\n2 x Milk\s+not charged/);
    expect(await stocks(milk, eggs)).toEqual([0, 5]);
  });

  it('gives back exactly what was taken, once, when cancelled after picking', async () => {
    nextDay();
    const c = await newCustomer();
    const apples = await product(200, { stock: 10 });
    const pears = await product(150, { stock: 4 });
    const id = await place(c, [[apples, 3]]);
    await stage(id, { stage: 'picking' }).expect(200);
    await stage(id, {
      stage: 'picked',
      lines: [{ product: apples, picked: 1, substitute: { product: pears, quantity: 2 } }],
    }).expect(200);
    await stage(id, { stage: 'out_for_delivery' }).expect(200);
    expect(await stocks(apples, pears)).toEqual([0, 2]);

    const [first, second] = await Promise.all([setStatus(id, 'Cancelled'), setStatus(id, 'Cancelled')]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await setStatus(id, 'Cancelled').expect(200);
    // The apple found goes back on the shelf (the two missing were never there), and both pears.
    expect(await stocks(apples, pears)).toEqual([1, 4]);
    await stage(id, { stage: 'delivered' }).expect(409);
    expect(await stocks(apples, pears)).toEqual([1, 4]);
  });

  it('completes a delivered order without the lines refused at the door', async () => {
    nextDay();
    const c = await newCustomer();
    const a = await product(200, { stock: null });
    const b = await product(100, { stock: null });
    const id = await place(c, [
      [a, 2],
      [b, 1],
    ]);
    await stage(id, { stage: 'picking' }).expect(200);
    await stage(id, {
      stage: 'picked',
      lines: [
        { product: a, picked: 2 },
        { product: b, picked: 1 },
      ],
    }).expect(200);
    await stage(id, { stage: 'out_for_delivery' }).expect(200);
    await stage(id, {
      stage: 'delivered',
      lines: [{ product: '7d0b5bb4-1f0e-4a51-9b0a-2f3b1d1c9e11', refused: true }],
    }).expect(400);
    const res = await stage(id, { stage: 'delivered', lines: [{ product: b, refused: true }] }).expect(200);
    expect(res.body.order).toMatchObject({
      status: 'Completed',
      isPaid: true,
      fulfilment: 'delivered',
      amount: 4,
    });
    const refused = res.body.order.items.find((i: { product: string }) => i.product === b);
    expect(refused.refused).toBe(true);
  });
});

describe('GET /api/seller/picking and /api/seller/run-sheet', () => {
  it('lists the day by category then name, and its orders per slot', async () => {
    const date = nextDay();
    const [c, d] = [await newCustomer(), await newCustomer()];
    const carrots = await product(100, { stock: null, name: 'Carrots', category: 'Vegetables' });
    const apples = await product(100, { stock: null, name: 'Apples', category: 'Vegetables' });
    const milk = await product(100, { stock: null, name: 'Milk', category: 'Dairy' });
    const first = await place(c, [
      [carrots, 2],
      [milk, 1],
    ]);
    await place(
      d,
      [
        [carrots, 3],
        [apples, 1],
      ],
      DELIVERY_SLOTS[1],
    );
    const cancelled = await place(d, [[milk, 5]]);
    await setStatus(cancelled, 'Cancelled').expect(200);

    await request(t.server).get(`/api/seller/picking?date=${date}`).set('Cookie', c.cookie).expect(401);
    await request(t.server).get('/api/seller/picking?date=2026-02-30').set('Cookie', seller).expect(400);
    const res = await request(t.server)
      .get(`/api/seller/picking?date=${date}`)
      .set('Cookie', seller)
      .expect(200);
    expect(res.body).toMatchObject({ success: true, date });
    expect(res.body.products).toEqual([
      { product: milk, name: 'Milk', quantity: 1, orders: 1 },
      { product: apples, name: 'Apples', quantity: 1, orders: 1 },
      { product: carrots, name: 'Carrots', quantity: 5, orders: 2 },
    ]);
    expect(res.body.slots.map((s: { time: string }) => s.time)).toEqual([...DELIVERY_SLOTS]);
    expect(res.body.slots[0].orders.map((o: { _id: string }) => o._id)).toEqual([first]);
    expect(res.body.slots[0].orders[0]).toMatchObject({
      fulfilment: 'placed',
      customer: { name: expect.any(String) },
    });
    expect(res.body.slots[1].orders).toHaveLength(1);
  });

  it('counts what was picked, each substitute as its own product, and no line refused at the door', async () => {
    const date = nextDay();
    const [c, d] = [await newCustomer(), await newCustomer()];
    const item = (name: string) => product(100, { stock: null, name, category: 'Groceries' });
    const [apples, bread, milk, pears] = [
      await item('Apples'),
      await item('Bread'),
      await item('Milk'),
      await item('Pears'),
    ];
    const first = await place(c, [
      [apples, 3],
      [bread, 2],
      [milk, 1],
    ]);
    await place(d, [
      [apples, 2],
      [bread, 1],
    ]);
    const pickList = async () =>
      (await request(t.server).get(`/api/seller/picking?date=${date}`).set('Cookie', seller).expect(200)).body
        .products;
    expect(await pickList()).toEqual([
      { product: apples, name: 'Apples', quantity: 5, orders: 2 },
      { product: bread, name: 'Bread', quantity: 3, orders: 2 },
      { product: milk, name: 'Milk', quantity: 1, orders: 1 },
    ]);

    // One apple found and two pears sent for the missing two; no milk on the shelf.
    await stage(first, { stage: 'picking' }).expect(200);
    await stage(first, {
      stage: 'picked',
      lines: [
        { product: apples, picked: 1, substitute: { product: pears, quantity: 2 } },
        { product: bread, picked: 2 },
        { product: milk, picked: 0 },
      ],
    }).expect(200);
    expect(await pickList()).toEqual([
      { product: apples, name: 'Apples', quantity: 3, orders: 2 },
      { product: bread, name: 'Bread', quantity: 3, orders: 2 },
      { product: pears, name: 'Pears', quantity: 2, orders: 1 },
    ]);

    // The bread is refused at the door: it leaves the day's list.
    await stage(first, { stage: 'out_for_delivery' }).expect(200);
    await stage(first, { stage: 'delivered', lines: [{ product: bread, refused: true }] }).expect(200);
    expect(await pickList()).toEqual([
      { product: apples, name: 'Apples', quantity: 3, orders: 2 },
      { product: bread, name: 'Bread', quantity: 1, orders: 1 },
      { product: pears, name: 'Pears', quantity: 2, orders: 1 },
    ]);
  });

  it('answers the slot as CSV by postcode, escaped against broken cells and formulas', async () => {
    const date = nextDay();
    const [c, d, e] = [await newCustomer(), await newCustomer(), await newCustomer()];
    const a = await product(250, { stock: null, name: 'Oat milk, 1 l' });
    const one = await place(c, [[a, 2]]);
    const two = await place(d, [[a, 1]]);
    await place(e, [[a, 1]], DELIVERY_SLOTS[1]);
    await t.db
      .update(orders)
      .set({
        customerName: '=HYPERLINK("http://evil.example")',
        customerPhone: '+441179000000',
        address: {
          street: 'Flat 2, "The Mill"',
          city: 'Bristol',
          state: 'Avon',
          postalCode: 'BS8 1AA',
          country: 'United Kingdom',
        },
      })
      .where(eq(orders.id, one));
    await t.db
      .update(orders)
      .set({
        customerName: 'Ann Lee',
        customerPhone: '07700 900123',
        address: {
          street: '1 Quay St',
          city: 'Bristol',
          state: 'Avon',
          postalCode: 'BS1 4DJ',
          country: 'United Kingdom',
        },
      })
      .where(eq(orders.id, two));

    const url = `/api/seller/run-sheet?date=${date}&time=${encodeURIComponent(DELIVERY_SLOTS[0])}`;
    await request(t.server).get(url).set('Cookie', c.cookie).expect(401);
    await request(t.server)
      .get(`/api/seller/run-sheet?date=${date}&time=9am`)
      .set('Cookie', seller)
      .expect(400);
    const res = await request(t.server).get(url).set('Cookie', seller).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.text.split('\r\n')).toEqual([
      'reference,customer,phone,address,postcode,items,amount to collect,notes',
      `#${orderReference(two)},Ann Lee,07700 900123,"1 Quay St, Bristol, Avon",BS1 4DJ,"1 x Oat milk, 1 l",2.50,`,
      `#${orderReference(one)},"'=HYPERLINK(""http://evil.example"")",'+441179000000,"Flat 2, ""The Mill"", Bristol, Avon",BS8 1AA,"2 x Oat milk, 1 l",5.00,`,
      '',
    ]);
  });

  it('quotes a cell holding a semicolon, which a spreadsheet set to split at ; would cut in two', async () => {
    const date = nextDay();
    const c = await newCustomer();
    const jam = await product(300, { stock: null, name: 'Damson Jam' });
    const tea = await product(200, { stock: null, name: 'Breakfast Tea' });
    const order = await place(c, [
      [jam, 1],
      [tea, 2],
    ]);
    await t.db.update(orders).set({ customerName: 'Ann; Lee' }).where(eq(orders.id, order));
    const url = `/api/seller/run-sheet?date=${date}&time=${encodeURIComponent(DELIVERY_SLOTS[0])}`;
    const res = await request(t.server).get(url).set('Cookie', seller).expect(200);
    const row = res.text.split('\r\n').find((line) => line.startsWith(`#${orderReference(order)},`));
    expect(row).toContain(',"Ann; Lee",');
    expect(row).toMatch(/,"(1 x Damson Jam; 2 x Breakfast Tea|2 x Breakfast Tea; 1 x Damson Jam)",/);
  });

  it('opens without a date on the earliest date from the next picking date on that has orders', async () => {
    const date = nextDay();
    const c = await newCustomer();
    const bread = await product(150, { stock: null, name: 'Seeded Loaf', category: 'Bakery' });
    const today = now;
    // An order for the day after too: the earliest date with orders is the one shown.
    now = new Date(today.getTime() + 86_400_000);
    await place(c, [[bread, 2]]);
    now = today;
    const first = await place(c, [[bread, 1]]);
    expect(nextPickingDate(now) < date).toBe(true);

    const res = await request(t.server).get('/api/seller/picking').set('Cookie', seller).expect(200);
    expect(res.body.date).toBe(date);
    expect(res.body.slots[0].orders.map((o: { _id: string }) => o._id)).toEqual([first]);
    expect(res.body.products).toEqual([{ product: bread, name: 'Seeded Loaf', quantity: 1, orders: 1 }]);
  });

  it('opens on the next picking date when no date from it on has orders left', async () => {
    nextDay();
    nextDay();
    const c = await newCustomer();
    const jam = await product(200, { stock: null, name: 'Plum Jam' });
    const cancelled = await place(c, [[jam, 1]]);
    await setStatus(cancelled, 'Cancelled').expect(200);

    const res = await request(t.server).get('/api/seller/picking').set('Cookie', seller).expect(200);
    expect(res.body).toMatchObject({ date: nextPickingDate(now), products: [] });
  });
});
