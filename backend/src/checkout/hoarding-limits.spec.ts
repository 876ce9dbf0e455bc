/**
 * The limits against one customer hoarding stock and delivery slots, over HTTP: a product's maxPerOrder (set by the
 * seller; the cart, placing by cash on delivery or card and changing an order refuse a line above it) and the
 * shop's maxOpenOrders (how many of a customer's orders may wait for delivery at once).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import {
  ERROR_CODES,
  DEFAULT_MAX_OPEN_ORDERS,
  DEFAULT_MAX_PER_PRODUCT,
  DELIVERY_SLOTS,
  MESSAGES,
  perOrderLimitMessage,
  selectableDeliveryDate,
  tooManyOpenOrdersMessage,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { ADDRESS, FREE_SHIPPING, settings, addressOf } from '../../test/fixtures';
import { FakeStripeApi, WEBHOOK_SECRET } from '../../test/stripe-stand-in';
import { signInCustomer, signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { cartItems, deliverySlotBookings, orders, products, shopSettings, users } from '../db/schema';
import { Clock } from '../common/clock';

/** Monday 23 November 2026, 10:00 London: orders are for Tuesday the 24th and may be changed until 15:00. */
const NOW = new Date('2026-11-23T10:00:00Z');
const DATE = selectableDeliveryDate(NOW);

interface Customer {
  email: string;
  cookie: string;
  addressId: string;
}

const stripe = new FakeStripeApi();
let t: TestApp;
let seller: string;
let customerCount = 0;
let jpeg: Buffer;

async function newCustomer(): Promise<Customer> {
  customerCount += 1;
  const email = `hoarder${customerCount}@example.com`;
  const signedIn = await signInCustomerWithAddress(
    t,
    { email, lastName: `Hoarder${customerCount}` },
    ADDRESS,
  );
  return { email, ...signedIn };
}

/** A £1.00 product (0% VAT; shipping is free in this file), not counting stock unless given. */
const pound = (partial: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t, { price: 100, offerPrice: 100, vatBasisPoints: 0, ...partial });

/** The body of an order of £1.00 units. */
function orderBody(c: Customer, lines: Array<[string, number]>, slot: string = DELIVERY_SLOTS[0]) {
  const units = lines.reduce((sum, [, quantity]) => sum + quantity, 0);
  return {
    items: lines.map(([product, quantity]) => ({ product, quantity })),
    address: c.addressId,
    amount: units,
    shippingCharge: 0,
    totalVat: 0,
    deliverySlot: { date: DATE, time: slot },
  };
}

function cod(c: Customer, lines: Array<[string, number]>, idempotencyKey?: string) {
  const req = request(t.server).post('/api/order/cod').set('Cookie', c.cookie);
  if (idempotencyKey) req.set('Idempotency-Key', idempotencyKey);
  return req.send({ ...orderBody(c, lines), paymentType: 'COD' });
}

function card(c: Customer, lines: Array<[string, number]>) {
  return request(t.server)
    .post('/api/order/stripe')
    .set('Cookie', c.cookie)
    .send({ ...orderBody(c, lines), paymentType: 'Online' });
}

const change = (c: Customer, id: string, body: Record<string, unknown>) =>
  request(t.server).put(`/api/order/${id}`).set('Cookie', c.cookie).send(body);

const updateCart = (c: Customer, items: Record<string, number>) =>
  request(t.server).post('/api/cart/update').set('Cookie', c.cookie).send({ cartItems: items });

const addProduct = (data: Record<string, unknown>) =>
  request(t.server)
    .post('/api/product/add')
    .set('Cookie', seller)
    .field('productData', JSON.stringify(data))
    .attach('images', jpeg, 'eggs.jpg');

const editProduct = (id: string, data: Record<string, unknown>) =>
  request(t.server)
    .put(`/api/product/${id}`)
    .set('Cookie', seller)
    .field('productData', JSON.stringify(data));

const limitOf = (id: string, maxPerOrder: number | null) =>
  t.db.update(products).set({ maxPerOrder }).where(eq(products.id, id));

const listed = async (id: string) =>
  (await request(t.server).get('/api/product/list').expect(200)).body.products.find(
    (p: { _id: string }) => p._id === id,
  );

const setMaxOpenOrders = (maxOpenOrders: unknown, cookie = seller) =>
  request(t.server).post('/api/settings/orders').set('Cookie', cookie).send({ maxOpenOrders });

async function storedMaxOpenOrders(): Promise<number> {
  const res = await request(t.server).get('/api/settings/orders').set('Cookie', seller).expect(200);
  return res.body.maxOpenOrders;
}

async function ordersOf(c: Customer, status?: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.email, c.email), status ? eq(orders.status, status) : undefined));
  return row.n;
}

async function stockOf(id: string): Promise<number | null> {
  const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row.stock;
}

async function booked(): Promise<number> {
  const rows = await t.db
    .select({ booked: deliverySlotBookings.booked })
    .from(deliverySlotBookings)
    .where(
      and(
        eq(deliverySlotBookings.deliveryDate, DATE),
        inArray(deliverySlotBookings.deliveryTime, [...DELIVERY_SLOTS]),
      ),
    );
  return rows.reduce((sum, row) => sum + row.booked, 0);
}

/** What a refusal must leave as it was: the customer's orders, the stock, the booked places and Stripe's sessions. */
async function state(c: Customer, product: string) {
  return {
    orders: await ordersOf(c),
    stock: await stockOf(product),
    booked: await booked(),
    sessions: stripe.created.length,
  };
}

beforeAll(async () => {
  t = await createTestApp({
    stripeSecretKey: 'sk_test_larder',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: await stripe.start(),
  });
  t.app.get(Clock).now = () => NOW;
  seller = await signInSeller(t);
  await settings(t, seller, 'shipping', FREE_SHIPPING);
  await request(t.server)
    .post('/api/settings/delivery')
    .set('Cookie', seller)
    .send({ slotCapacity: 1000 })
    .expect(200);
  jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#e0c080' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await t?.close();
  await stripe.stop();
});

describe("a product's maxPerOrder", () => {
  const eggs = {
    name: 'Free Range Eggs x12',
    description: ['Large, from Somerset'],
    category: 'Dairy',
    price: 3.5,
    offerPrice: 3.2,
    vat: 0,
    netQuantity: 12,
    unit: 'each',
  };

  beforeAll(async () => {
    // Placing in this part never reaches the shop's open-order limit.
    await setMaxOpenOrders(1000).expect(200);
  });

  it('is set on add and returned with the product wherever it is listed; without one there is no limit', async () => {
    const res = await addProduct({ ...eggs, maxPerOrder: 6 }).expect(201);
    expect(res.body.product).toMatchObject({ name: eggs.name, maxPerOrder: 6 });
    const id = res.body.product._id;
    expect(await listed(id)).toEqual(res.body.product);
    const found = await request(t.server)
      .get('/api/product/search')
      .query({ q: 'free range eggs' })
      .expect(200);
    expect(found.body.products.find((p: { _id: string }) => p._id === id)).toMatchObject({ maxPerOrder: 6 });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row.maxPerOrder).toBe(6);

    const plain = await addProduct({ ...eggs, name: 'Duck Eggs x6' }).expect(201);
    expect(plain.body.product.maxPerOrder).toBeNull();
    const cleared = await addProduct({ ...eggs, name: 'Quail Eggs x12', maxPerOrder: null }).expect(201);
    expect(cleared.body.product.maxPerOrder).toBeNull();
  });

  it.each([
    ['0', 0],
    ['above 99', 100],
    ['negative', -1],
    ['fractional', 2.5],
    ['text', '6'],
    ['true', true],
    ['a list', [6]],
  ])('refuses a maxPerOrder that is %s with 400 and adds nothing', async (_label, maxPerOrder) => {
    const [{ n: before }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const res = await addProduct({ ...eggs, name: 'Refused Eggs', maxPerOrder }).expect(400);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.invalidMaxPerOrder,
      code: ERROR_CODES.VALIDATION_FAILED,
      field: 'maxPerOrder',
    });
    const [{ n: after }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after).toBe(before);
  });

  it('is changed by an edit, kept when an edit leaves it out, cleared with null; a bad one changes nothing', async () => {
    const id = (await addProduct({ ...eggs, name: 'Bantam Eggs x6' }).expect(201)).body.product._id;
    expect((await editProduct(id, { maxPerOrder: 4 }).expect(200)).body.product.maxPerOrder).toBe(4);
    expect((await editProduct(id, { offerPrice: 3 }).expect(200)).body.product).toMatchObject({
      offerPrice: 3,
      maxPerOrder: 4,
    });
    for (const bad of [0, 100, 1.5, 'four']) {
      const res = await editProduct(id, { maxPerOrder: bad, offerPrice: 2 }).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.invalidMaxPerOrder,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'maxPerOrder',
      });
    }
    expect(await listed(id)).toMatchObject({ offerPrice: 3, maxPerOrder: 4 });
    expect((await editProduct(id, { maxPerOrder: null }).expect(200)).body.product.maxPerOrder).toBeNull();
    expect((await listed(id)).maxPerOrder).toBeNull();
  });

  it('refuses a cash-on-delivery order above it with 409 naming the product and the limit; nothing is written', async () => {
    const c = await newCustomer();
    const product = await pound({ name: 'Free Range Eggs x12', stock: 50, maxPerOrder: 6 });
    const other = await pound();
    await updateCart(c, { [product]: 6, [other]: 1 }).expect(200);
    const before = await state(c, product);

    const res = await cod(c, [
      [other, 1],
      [product, 7],
    ]).expect(409);
    expect(res.body).toEqual({
      success: false,
      message: 'You can buy at most 6 of Free Range Eggs x12 in one order.',
      code: ERROR_CODES.PER_ORDER_LIMIT,
    });
    // Two lines of the same product count together.
    const split = await cod(c, [
      [product, 4],
      [product, 3],
    ]).expect(409);
    expect(split.body.message).toBe(perOrderLimitMessage('Free Range Eggs x12', 6));
    expect(await state(c, product)).toEqual(before);
    // The cart is kept for the customer to correct.
    const me = await request(t.server).get('/api/user/is-auth').set('Cookie', c.cookie).expect(200);
    expect(me.body.user.cartItems).toEqual({ [product]: 6, [other]: 1 });

    await cod(c, [[product, 6]]).expect(201);
    expect(await stockOf(product)).toBe(44);
  });

  it('refuses a card order above it with 409 before any Stripe session is created', async () => {
    const c = await newCustomer();
    const product = await pound({ name: 'Manuka Honey 250g', stock: 20, maxPerOrder: 2 });
    const before = await state(c, product);
    const res = await card(c, [[product, 3]]).expect(409);
    expect(res.body).toEqual({
      success: false,
      message: perOrderLimitMessage('Manuka Honey 250g', 2),
      code: ERROR_CODES.PER_ORDER_LIMIT,
    });
    expect(await state(c, product)).toEqual(before);

    const placed = await card(c, [[product, 2]]).expect(201);
    expect(placed.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(await stockOf(product)).toBe(18);
  });

  it('refuses a card order whose limit was lowered while its Stripe session was being created', async () => {
    const c = await newCustomer();
    const product = await pound({ name: 'Saffron 1g', stock: 20, maxPerOrder: 5 });
    const before = await state(c, product);
    stripe.onCreate = async () => {
      await limitOf(product, 2);
    };
    try {
      const res = await card(c, [[product, 4]]).expect(409);
      expect(res.body.message).toBe(perOrderLimitMessage('Saffron 1g', 2));
    } finally {
      stripe.onCreate = undefined;
    }
    // The session that was created holds no order and is expired at once.
    expect(stripe.created.length).toBe(before.sessions + 1);
    expect(stripe.expired).toContain([...stripe.sessions.keys()].pop());
    expect(await state(c, product)).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it('refuses a change that takes a line above it; nothing is written', async () => {
    const c = await newCustomer();
    const product = await pound({ name: 'Sourdough Loaf', stock: 30, maxPerOrder: 3 });
    const id = (await cod(c, [[product, 2]]).expect(201)).body.orderId;
    const before = await state(c, product);

    const res = await change(c, id, { items: [{ product, quantity: 4 }] }).expect(409);
    expect(res.body).toEqual({
      success: false,
      message: perOrderLimitMessage('Sourdough Loaf', 3),
      code: ERROR_CODES.PER_ORDER_LIMIT,
    });
    expect(await state(c, product)).toEqual(before);
    const [mine] = (await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200)).body
      .orders;
    expect(mine.items).toEqual([expect.objectContaining({ product, quantity: 2 })]);

    await change(c, id, { items: [{ product, quantity: 3 }] }).expect(200);
    expect(await stockOf(product)).toBe(27);
  });

  it('lets a change keep the quantity an order had before the limit was lowered, but not raise it', async () => {
    const c = await newCustomer();
    const product = await pound({ name: 'Plain Flour 1.5kg', stock: 40 });
    const id = (await cod(c, [[product, 10]]).expect(201)).body.orderId;
    await limitOf(product, 6);

    // A new slot with the same lines, and fewer units, are accepted.
    await change(c, id, {
      items: [{ product, quantity: 10 }],
      deliverySlot: { date: DATE, time: DELIVERY_SLOTS[2] },
    }).expect(200);
    await change(c, id, { items: [{ product, quantity: 8 }] }).expect(200);
    const res = await change(c, id, { items: [{ product, quantity: 9 }] }).expect(409);
    expect(res.body.message).toBe(perOrderLimitMessage('Plain Flour 1.5kg', 6));
    expect(await stockOf(product)).toBe(32);
  });

  it('refuses a cart above it with the same message, leaving the stored cart as it was', async () => {
    const c = await newCustomer();
    const product = await pound({ name: 'Oat Milk 1l', maxPerOrder: 4 });
    const other = await pound();
    await updateCart(c, { [other]: 2 }).expect(200);

    const res = await updateCart(c, { [other]: 3, [product]: 5 }).expect(409);
    expect(res.body).toEqual({
      success: false,
      message: perOrderLimitMessage('Oat Milk 1l', 4),
      code: ERROR_CODES.PER_ORDER_LIMIT,
    });
    const stored = await t.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(users, eq(users.id, cartItems.userId))
      .where(eq(users.email, c.email));
    expect(stored).toEqual([{ productId: other, quantity: 2 }]);

    const ok = await updateCart(c, { [other]: 3, [product]: 4 }).expect(200);
    expect(ok.body.cartItems).toEqual({ [other]: 3, [product]: 4 });
  });
});

describe("the shop's maxPerProduct", () => {
  const setLimits = (body: Record<string, unknown>) =>
    request(t.server).post('/api/settings/orders').set('Cookie', seller).send(body);
  const stored = async () =>
    (await request(t.server).get('/api/settings/orders').set('Cookie', seller).expect(200)).body;

  beforeAll(async () => {
    await setMaxOpenOrders(1000).expect(200);
  });
  afterEach(async () => {
    await setLimits({ maxOpenOrders: 1000, maxPerProduct: DEFAULT_MAX_PER_PRODUCT }).expect(200);
  });

  it('is 20 by default, read with the order settings and with the public shipping settings', async () => {
    expect(await stored()).toEqual({ success: true, maxOpenOrders: 1000, maxPerProduct: 20 });
    const shipping = await request(t.server).get('/api/settings/shipping').expect(200);
    expect(shipping.body.maxPerProduct).toBe(20);
  });

  it('keeps one unpaid cash order from taking a whole shelf: 409 above 20, nothing written', async () => {
    const c = await newCustomer();
    const flour = await pound({ name: 'Strong White Flour 1.5kg', stock: 60 });
    const before = await state(c, flour);
    const res = await cod(c, [[flour, 60]]).expect(409);
    expect(res.body).toEqual({
      success: false,
      message: perOrderLimitMessage('Strong White Flour 1.5kg', 20),
      code: ERROR_CODES.PER_ORDER_LIMIT,
    });
    expect(await state(c, flour)).toEqual(before);
    const byCard = await card(c, [[flour, 21]]).expect(409);
    expect(byCard.body.message).toBe(perOrderLimitMessage('Strong White Flour 1.5kg', 20));
    const inCart = await updateCart(c, { [flour]: 21 }).expect(409);
    expect(inCart.body.message).toBe(perOrderLimitMessage('Strong White Flour 1.5kg', 20));
    await cod(c, [[flour, 20]]).expect(201);
    expect(await stockOf(flour)).toBe(40);
  });

  it("gives way to a product's own maxPerOrder, above it or below it", async () => {
    const c = await newCustomer();
    const water = await pound({ name: 'Still Water 6x1.5l', stock: 200, maxPerOrder: 40 });
    const saffron = await pound({ name: 'Saffron 0.4g', stock: 200, maxPerOrder: 2 });
    await cod(c, [[water, 40]]).expect(201);
    expect((await cod(c, [[saffron, 3]]).expect(409)).body.message).toBe(
      perOrderLimitMessage('Saffron 0.4g', 2),
    );
    // A lower shop limit changes nothing for a product with its own.
    await setLimits({ maxOpenOrders: 1000, maxPerProduct: 5 }).expect(200);
    await cod(c, [[water, 30]]).expect(201);
    const plain = await pound({ name: 'Porridge Oats 1kg', stock: 200 });
    expect((await cod(c, [[plain, 6]]).expect(409)).body.message).toBe(
      perOrderLimitMessage('Porridge Oats 1kg', 5),
    );
  });

  it('is set with maxOpenOrders and kept when left out; a bad one is refused with 400 and changes nothing', async () => {
    const res = await setLimits({ maxOpenOrders: 1000, maxPerProduct: 12 }).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.orderSettingsUpdated,
      maxOpenOrders: 1000,
      maxPerProduct: 12,
    });
    await setLimits({ maxOpenOrders: 900 }).expect(200);
    expect(await stored()).toMatchObject({ maxOpenOrders: 900, maxPerProduct: 12 });
    for (const bad of [0, 100, 2.5, '5', null]) {
      const refused = await setLimits({ maxOpenOrders: 800, maxPerProduct: bad }).expect(400);
      expect(refused.body).toEqual({
        success: false,
        message: MESSAGES.invalidMaxPerProduct,
        code: ERROR_CODES.VALIDATION_FAILED,
        ...(refused.body.field === undefined ? {} : { field: 'maxPerProduct' }),
      });
    }
    expect(await stored()).toMatchObject({ maxOpenOrders: 900, maxPerProduct: 12 });
    const [row] = await t.db.select().from(shopSettings);
    expect(row.maxPerProduct).toBe(12);
  });
});

describe("the shop's maxOpenOrders", () => {
  let product: string;

  beforeAll(async () => {
    product = await pound({ name: 'Semi-Skimmed Milk 2 pints' });
  });

  beforeEach(async () => {
    await setMaxOpenOrders(DEFAULT_MAX_OPEN_ORDERS).expect(200);
  });

  it('is 3 by default, for the seller only to read and change', async () => {
    const fresh = await createTestApp();
    try {
      const sellerCookie = await signInSeller(fresh);
      const res = await request(fresh.server)
        .get('/api/settings/orders')
        .set('Cookie', sellerCookie)
        .expect(200);
      expect(res.body).toEqual({ success: true, maxOpenOrders: 3, maxPerProduct: 20 });
    } finally {
      await fresh.close();
    }

    const customer = await signInCustomer(t, { email: 'not-the-seller@example.com' });
    for (const cookie of [undefined, customer]) {
      const read = request(t.server).get('/api/settings/orders');
      const write = request(t.server).post('/api/settings/orders');
      if (cookie) {
        read.set('Cookie', cookie);
        write.set('Cookie', cookie);
      }
      const readRes = await read;
      expect([401, 403]).toContain(readRes.status);
      expect(readRes.body).toEqual({
        success: false,
        message: expect.any(String),
        code: readRes.status === 401 ? ERROR_CODES.NOT_SIGNED_IN : ERROR_CODES.FORBIDDEN,
      });
      const writeRes = await write.send({ maxOpenOrders: 50 });
      expect([401, 403]).toContain(writeRes.status);
    }
    expect(await storedMaxOpenOrders()).toBe(3);
  });

  it('takes a whole number from 1 to 1000', async () => {
    const res = await setMaxOpenOrders(1).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.orderSettingsUpdated,
      maxOpenOrders: 1,
      maxPerProduct: 20,
    });
    expect(await storedMaxOpenOrders()).toBe(1);
    await setMaxOpenOrders(1000).expect(200);
    expect(await storedMaxOpenOrders()).toBe(1000);
  });

  it.each([
    [{ maxOpenOrders: 0 }],
    [{ maxOpenOrders: 1001 }],
    [{ maxOpenOrders: -3 }],
    [{ maxOpenOrders: 2.5 }],
    [{ maxOpenOrders: '5' }],
    [{ maxOpenOrders: null }],
    [{}],
  ])('refuses %j with 400 and keeps the setting', async (body) => {
    await setMaxOpenOrders(7).expect(200);
    const res = await request(t.server).post('/api/settings/orders').set('Cookie', seller).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.invalidMaxOpenOrders,
      code: ERROR_CODES.VALIDATION_FAILED,
      field: 'maxOpenOrders',
    });
    expect(await storedMaxOpenOrders()).toBe(7);
  });

  it('refuses a 4th order while 3 are waiting for delivery, by cash or by card; nothing is written', async () => {
    const c = await newCustomer();
    const counted = await pound({ name: 'Butter 250g', stock: 20 });
    for (let i = 0; i < 3; i++) await cod(c, [[counted, 1]]).expect(201);
    const before = await state(c, counted);

    const res = await cod(c, [[counted, 1]]).expect(409);
    expect(res.body).toEqual({
      success: false,
      message:
        'You already have 3 orders waiting for delivery. You can place another once one has been delivered or cancelled.',
      code: ERROR_CODES.TOO_MANY_OPEN_ORDERS,
    });
    const byCard = await card(c, [[counted, 1]]).expect(409);
    expect(byCard.body.message).toBe(tooManyOpenOrdersMessage(3));
    expect(await state(c, counted)).toEqual(before);
    expect(await ordersOf(c, 'Pending')).toBe(3);

    // Another customer is not held back.
    const other = await newCustomer();
    await cod(other, [[counted, 1]]).expect(201);
  });

  it('counts an unpaid card order as open', async () => {
    const c = await newCustomer();
    await card(c, [[product, 1]]).expect(201);
    await cod(c, [[product, 1]]).expect(201);
    await cod(c, [[product, 1]]).expect(201);
    const res = await cod(c, [[product, 1]]).expect(409);
    expect(res.body.message).toBe(tooManyOpenOrdersMessage(3));
  });

  it('still answers a replayed order with its first answer at the limit', async () => {
    const c = await newCustomer();
    await cod(c, [[product, 1]]).expect(201);
    await cod(c, [[product, 1]]).expect(201);
    const third = await cod(c, [[product, 1]], 'third-order').expect(201);
    const replay = await cod(c, [[product, 1]], 'third-order').expect(201);
    expect(replay.body.orderId).toBe(third.body.orderId);
    expect(await ordersOf(c)).toBe(3);
  });

  it('frees a place when an order is cancelled or delivered', async () => {
    const c = await newCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await cod(c, [[product, 1]]).expect(201)).body.orderId);
    await cod(c, [[product, 1]]).expect(409);

    await request(t.server).put(`/api/order/${ids[0]}/cancel`).set('Cookie', c.cookie).expect(200);
    ids.push((await cod(c, [[product, 1]]).expect(201)).body.orderId);
    await cod(c, [[product, 1]]).expect(409);

    // Delivered: the seller completes the order.
    await request(t.server)
      .put(`/api/order/${ids[1]}/status`)
      .set('Cookie', seller)
      .send({ status: 'Completed' })
      .expect(200);
    await cod(c, [[product, 1]]).expect(201);
    await cod(c, [[product, 1]]).expect(409);
    expect(await ordersOf(c, 'Pending')).toBe(3);
  });

  it('applies a lowered limit to new orders only', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 3; i++) await cod(c, [[product, 1]]).expect(201);
    await setMaxOpenOrders(2).expect(200);
    const res = await cod(c, [[product, 1]]).expect(409);
    expect(res.body.message).toBe(tooManyOpenOrdersMessage(2));
    expect(await ordersOf(c, 'Pending')).toBe(3);
    await setMaxOpenOrders(4).expect(200);
    await cod(c, [[product, 1]]).expect(201);
  });

  it('lets exactly one of several concurrent orders through at the limit, by cash or by card', async () => {
    const c = await newCustomer();
    await cod(c, [[product, 1]]).expect(201);
    await cod(c, [[product, 1]]).expect(201);
    const answers = await Promise.all([
      cod(c, [[product, 1]]),
      cod(c, [[product, 1]]),
      cod(c, [[product, 1]]),
      cod(c, [[product, 1]]),
      card(c, [[product, 1]]),
      card(c, [[product, 1]]),
    ]);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    for (const res of answers.filter((a) => a.status === 409)) {
      expect(res.body).toEqual({
        success: false,
        message: tooManyOpenOrdersMessage(3),
        code: ERROR_CODES.TOO_MANY_OPEN_ORDERS,
      });
    }
    expect(await ordersOf(c)).toBe(3);
  });
});

describe('the rate of placing orders', () => {
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
});
