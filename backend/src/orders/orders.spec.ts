import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES, DELIVERY_SLOTS, MESSAGES, outOfStockMessage } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS } from '../../test/fixtures';
import { orderItems, orders, products } from '../db/schema';
import { Clock } from '../common/clock';

/** Monday 23 November 2026, 10:00 in London (GMT): the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

interface Customer {
  cookie: string;
  addressId: string;
  email: string;
}

let t: TestApp;
let seller: string;
let now = MONDAY_10AM;
let apples: string; // £2.00, 0% VAT
let cola: string; // £1.25, 20% VAT
let customerCount = 0;

async function newCustomer(): Promise<Customer> {
  customerCount += 1;
  const email = `shopper${customerCount}@example.com`;
  const { cookie, addressId } = await signInCustomerWithAddress(
    t,
    { email, firstName: 'Ann', lastName: `Lee${customerCount}`, phone: '07700 900123' },
    ADDRESS,
  );
  return { cookie, addressId, email };
}

/** 2 x apples + 3 x cola: goods £7.75, VAT £0.75 (20% of £3.75), shipping £3.99, total £12.49. */
function standardOrder(c: Customer, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    userId: 'someone-else',
    items: [
      { product: apples, quantity: 2, vat: 0 },
      { product: cola, quantity: 3, vat: 20 },
    ],
    address: c.addressId,
    paymentType: 'COD',
    amount: 12.49,
    shippingCharge: 3.99,
    totalVat: 0.75,
    deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[0] },
    ...overrides,
  };
}

function placeCod(c: Customer, body: Record<string, unknown>, idempotencyKey?: string) {
  const req = request(t.server).post('/api/order/cod').set('Cookie', c.cookie);
  if (idempotencyKey !== undefined) req.set('Idempotency-Key', idempotencyKey);
  return req.send(body);
}

async function orderCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row.n;
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function cartOf(c: Customer): Promise<Record<string, number>> {
  const res = await request(t.server).get('/api/user/is-auth').set('Cookie', c.cookie).expect(200);
  return res.body.user.cartItems;
}

async function setCart(c: Customer, cartItems: Record<string, number>): Promise<void> {
  await request(t.server).post('/api/cart/update').set('Cookie', c.cookie).send({ cartItems }).expect(200);
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  await request(t.server)
    .post('/api/settings/shipping')
    .set('Cookie', seller)
    .send({ shippingCharge: 3.99, shippingThreshold: 40 })
    .expect(200);
  // These tests place many orders in one delivery slot; the slot capacity has its own tests.
  await request(t.server)
    .post('/api/settings/delivery')
    .set('Cookie', seller)
    .send({ slotCapacity: 1000 })
    .expect(200);
  apples = await createProduct(t, {
    name: 'Braeburn apples',
    offerPrice: 200,
    price: 250,
    vatBasisPoints: 0,
    images: ['/uploads/products/apples-1.webp', '/uploads/products/apples-2.webp'],
  });
  cola = await createProduct(t, {
    name: 'Cola 330ml',
    offerPrice: 125,
    price: 150,
    vatBasisPoints: 2000,
    images: [],
  });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  now = MONDAY_10AM;
});

describe('POST /api/order/cod', () => {
  it('refuses anonymous callers', async () => {
    const res = await request(t.server).post('/api/order/cod').send({});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.notAuthorized,
      code: ERROR_CODES.NOT_SIGNED_IN,
    });
  });

  it('places the order with snapshots, recomputed totals and the session user, and empties the cart', async () => {
    const c = await newCustomer();
    const other = await newCustomer();
    await setCart(c, { [apples]: 2, [cola]: 3 });
    const otherUserId = (await request(t.server).get('/api/user/is-auth').set('Cookie', other.cookie)).body
      .user._id;

    const res = await placeCod(c, standardOrder(c, { userId: otherUserId }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MESSAGES.orderPlaced, orderId: expect.any(String) });

    const row = await orderRow(res.body.orderId);
    const me = (await request(t.server).get('/api/user/is-auth').set('Cookie', c.cookie)).body.user;
    expect(row).toMatchObject({
      userId: me._id,
      address: ADDRESS,
      addressId: c.addressId,
      customerName: `Ann ${me.lastName}`,
      customerEmail: c.email,
      customerPhone: '07700 900123',
      paymentType: 'COD',
      goods: 775,
      totalVat: 75,
      shippingCharge: 399,
      amount: 1249,
      deliveryDate: TUESDAY,
      deliveryTime: DELIVERY_SLOTS[0],
      status: 'Pending',
      isPaid: false,
    });
    expect(row.createdAt.toISOString()).toBe(MONDAY_10AM.toISOString());
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    expect(
      items
        .map(({ productId, name, image, price, vatBasisPoints, quantity }) => ({
          productId,
          name,
          image,
          price,
          vatBasisPoints,
          quantity,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      {
        productId: apples,
        name: 'Braeburn apples',
        image: '/uploads/products/apples-1.webp',
        price: 200,
        vatBasisPoints: 0,
        quantity: 2,
      },
      { productId: cola, name: 'Cola 330ml', image: null, price: 125, vatBasisPoints: 2000, quantity: 3 },
    ]);
    expect(await cartOf(c)).toEqual({});
    // The other customer got nothing.
    expect((await request(t.server).get('/api/order/user').set('Cookie', other.cookie)).body.orders).toEqual(
      [],
    );
  });

  it('makes shipping free at the threshold', async () => {
    const c = await newCustomer();
    const res = await placeCod(
      c,
      standardOrder(c, {
        items: [{ product: apples, quantity: 20 }],
        amount: 40,
        shippingCharge: 0,
        totalVat: 0,
      }),
    );
    expect(res.status).toBe(201);
    expect(await orderRow(res.body.orderId)).toMatchObject({ goods: 4000, shippingCharge: 0, amount: 4000 });
  });

  it('merges lines naming the same product', async () => {
    const c = await newCustomer();
    const res = await placeCod(
      c,
      standardOrder(c, {
        items: [
          { product: cola, quantity: 1 },
          { product: apples, quantity: 2 },
          { product: cola, quantity: 2 },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, res.body.orderId));
    expect(items.map((i) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [apples, 2],
        [cola, 3],
      ].sort(),
    );

    const tooMany = await placeCod(
      c,
      standardOrder(c, {
        items: [
          { product: apples, quantity: 60 },
          { product: apples, quantity: 40 },
        ],
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      success: false,
      message: MESSAGES.maxQuantityReached,
      code: ERROR_CODES.VALIDATION_FAILED,
    });
  });

  describe('refuses bad requests and stores nothing', () => {
    let c: Customer;
    let stranger: Customer;
    beforeAll(async () => {
      c = await newCustomer();
      stranger = await newCustomer();
    });

    const cases: Array<[string, () => Record<string, unknown>, number, string | RegExp]> = [
      ['no address', () => standardOrder(c, { address: undefined }), 400, MESSAGES.selectAddress],
      ['a blank address', () => standardOrder(c, { address: '' }), 400, MESSAGES.selectAddress],
      [
        'an address id that is not an id',
        () => standardOrder(c, { address: 'home' }),
        400,
        MESSAGES.selectAddress,
      ],
      [
        "someone else's address",
        () => standardOrder(c, { address: stranger.addressId }),
        400,
        MESSAGES.addressNotFound,
      ],
      [
        'an unknown address',
        () => standardOrder(c, { address: '00000000-0000-4000-8000-000000000000' }),
        400,
        MESSAGES.addressNotFound,
      ],
      [
        'no delivery slot',
        () => standardOrder(c, { deliverySlot: undefined }),
        400,
        MESSAGES.selectDeliverySlot,
      ],
      [
        'a slot without a date',
        () => standardOrder(c, { deliverySlot: { time: DELIVERY_SLOTS[0] } }),
        400,
        MESSAGES.selectDeliverySlot,
      ],
      [
        'a slot with a blank time',
        () => standardOrder(c, { deliverySlot: { date: TUESDAY, time: ' ' } }),
        400,
        MESSAGES.selectDeliverySlot,
      ],
      [
        'a date that is not the selectable one',
        () => standardOrder(c, { deliverySlot: { date: '2026-11-25', time: DELIVERY_SLOTS[1] } }),
        409,
        MESSAGES.deliveryDateUnavailable,
      ],
      [
        'a time that is not a slot',
        () => standardOrder(c, { deliverySlot: { date: TUESDAY, time: '09:00 - 10:00' } }),
        400,
        MESSAGES.deliveryTimeInvalid,
      ],
      [
        'a date that is not a calendar date',
        () => standardOrder(c, { deliverySlot: { date: 'tomorrow', time: DELIVERY_SLOTS[1] } }),
        400,
        MESSAGES.selectDeliverySlot,
      ],
      ['no items', () => standardOrder(c, { items: [] }), 400, MESSAGES.cartEmpty],
      ['missing items', () => standardOrder(c, { items: undefined }), 400, /items/],
      ['quantity 0', () => standardOrder(c, { items: [{ product: apples, quantity: 0 }] }), 400, /quantity/],
      [
        'quantity 100',
        () => standardOrder(c, { items: [{ product: apples, quantity: 100 }] }),
        400,
        /quantity/,
      ],
      [
        'a fractional quantity',
        () => standardOrder(c, { items: [{ product: apples, quantity: 1.5 }] }),
        400,
        /quantity/,
      ],
      [
        'a quantity as text',
        () => standardOrder(c, { items: [{ product: apples, quantity: '2' }] }),
        400,
        /quantity/,
      ],
      [
        'a product id that is not an id',
        () => standardOrder(c, { items: [{ product: 'apples', quantity: 1 }] }),
        400,
        /product/,
      ],
      [
        'an unknown product',
        () => standardOrder(c, { items: [{ product: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }),
        409,
        MESSAGES.itemUnavailable,
      ],
      ['an amount with three decimals', () => standardOrder(c, { amount: 12.495 }), 400, /amount/],
      ['a negative VAT', () => standardOrder(c, { totalVat: -0.75 }), 400, /totalVat/],
      ['missing totals', () => standardOrder(c, { shippingCharge: undefined }), 400, /shippingCharge/],
      ['an unknown field', () => standardOrder(c, { coupon: 'FREE' }), 400, /coupon/],
      ['an unknown payment type', () => standardOrder(c, { paymentType: 'Cheque' }), 400, /paymentType/],
    ];

    it.each(cases)('%s', async (_label, body, status, message) => {
      const before = await orderCount();
      const res = await placeCod(c, body());
      expect(res.status).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
      expect(await orderCount()).toBe(before);
    });
  });

  it('refuses out-of-stock and deleted products by name', async () => {
    const c = await newCustomer();
    const soldOut = await createProduct(t, {
      name: 'Sold-out plums',
      offerPrice: 300,
      price: 300,
      listed: false,
    });
    const deleted = await createProduct(t, {
      name: 'Withdrawn pears',
      offerPrice: 300,
      price: 300,
      deletedAt: new Date(),
    });
    const before = await orderCount();
    for (const [id, name] of [
      [soldOut, 'Sold-out plums'],
      [deleted, 'Withdrawn pears'],
    ]) {
      const res = await placeCod(
        c,
        standardOrder(c, {
          items: [
            { product: apples, quantity: 1 },
            { product: id, quantity: 1 },
          ],
          amount: 8.99,
          totalVat: 0,
        }),
      );
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: outOfStockMessage(name),
        code: ERROR_CODES.OUT_OF_STOCK,
      });
    }
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['amount', { amount: 12.48 }],
    ['shipping', { shippingCharge: 0, amount: 8.5 }],
    ['VAT', { totalVat: 0, amount: 11.74 }],
  ])('refuses a tampered %s with the current figures and stores nothing', async (_label, tampered) => {
    const c = await newCustomer();
    await setCart(c, { [apples]: 2, [cola]: 3 });
    const before = await orderCount();
    const res = await placeCod(c, standardOrder(c, tampered));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.totalsChanged,
      amount: 12.49,
      shippingCharge: 3.99,
      totalVat: 0.75,
      goods: 7.75,
      code: ERROR_CODES.TOTALS_CHANGED,
    });
    expect(await orderCount()).toBe(before);
    expect(await cartOf(c)).toEqual({ [apples]: 2, [cola]: 3 });
  });

  it('answers the new figures after a price change', async () => {
    const c = await newCustomer();
    const bread = await createProduct(t, { name: 'Sourdough', offerPrice: 300, price: 400 });
    await t.db.update(products).set({ offerPrice: 350 }).where(eq(products.id, bread));
    const res = await placeCod(
      c,
      standardOrder(c, {
        items: [{ product: bread, quantity: 2 }],
        amount: 9.99,
        shippingCharge: 3.99,
        totalVat: 0,
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: MESSAGES.totalsChanged,
      amount: 10.99,
      goods: 7,
      shippingCharge: 3.99,
      totalVat: 0,
    });
  });

  describe('delivery date around the 15:00 London cut-off', () => {
    const cases: Array<[string, string, string, string]> = [
      // [label, now (UTC), selectable date, refused date]
      ['14:59 GMT', '2026-11-23T14:59:00Z', '2026-11-24', '2026-11-25'],
      ['15:00 GMT', '2026-11-23T15:00:00Z', '2026-11-25', '2026-11-24'],
      ['14:59 BST', '2026-07-15T13:59:00Z', '2026-07-16', '2026-07-17'],
      ['15:00 BST', '2026-07-15T14:00:00Z', '2026-07-17', '2026-07-16'],
    ];

    it.each(cases)('at %s', async (_label, at, selectable, refused) => {
      now = new Date(at);
      const c = await newCustomer();
      const wrong = await placeCod(
        c,
        standardOrder(c, { deliverySlot: { date: refused, time: DELIVERY_SLOTS[2] } }),
      );
      expect(wrong.status).toBe(409);
      expect(wrong.body).toEqual({
        success: false,
        message: MESSAGES.deliveryDateUnavailable,
        deliveryDate: selectable,
        code: ERROR_CODES.DELIVERY_DATE_UNAVAILABLE,
      });
      const right = await placeCod(
        c,
        standardOrder(c, { deliverySlot: { date: selectable, time: DELIVERY_SLOTS[2] } }),
      );
      expect(right.status).toBe(201);
      expect(await orderRow(right.body.orderId)).toMatchObject({
        deliveryDate: selectable,
        deliveryTime: DELIVERY_SLOTS[2],
      });
    });
  });

  describe('Idempotency-Key', () => {
    it('answers the first order when the same key is sent again', async () => {
      const c = await newCustomer();
      const before = await orderCount();
      const first = await placeCod(c, standardOrder(c), 'checkout-1');
      expect(first.status).toBe(201);
      // Even once the delivery date has moved on, the retry answers the order already placed.
      now = new Date('2026-11-23T16:00:00Z');
      const again = await placeCod(c, standardOrder(c), 'checkout-1');
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await orderCount()).toBe(before + 1);
    });

    it('places one order for concurrent requests with the same key', async () => {
      const c = await newCustomer();
      await setCart(c, { [apples]: 2, [cola]: 3 });
      const before = await orderCount();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => placeCod(c, standardOrder(c), 'double-click')),
      );
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      const ids = new Set(responses.map((r) => r.body.orderId));
      expect(ids.size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
      const [orderId] = [...ids];
      expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).toHaveLength(2);
    });

    it('answers the first order for a replay whose body differs, storing nothing more', async () => {
      const c = await newCustomer();
      const first = await placeCod(c, standardOrder(c), 'collide');
      expect(first.status).toBe(201);
      const before = await orderCount();
      // The replay is checked like any order, meets the unique (user, key) index at insert and answers the first.
      const again = await placeCod(c, standardOrder(c), 'collide');
      expect(again.status).toBe(201);
      expect(again.body.orderId).toBe(first.body.orderId);
      const tampered = await placeCod(c, standardOrder(c, { amount: 1 }), 'collide');
      expect(tampered.status).toBe(201);
      expect(tampered.body.orderId).toBe(first.body.orderId);
      expect(await orderCount()).toBe(before);
    });

    it('keeps keys apart per customer and per key', async () => {
      const a = await newCustomer();
      const b = await newCustomer();
      const first = await placeCod(a, standardOrder(a), 'shared-key');
      const other = await placeCod(b, standardOrder(b), 'shared-key');
      const second = await placeCod(a, standardOrder(a), 'another-key');
      expect([first.status, other.status, second.status]).toEqual([201, 201, 201]);
      expect(new Set([first.body.orderId, other.body.orderId, second.body.orderId]).size).toBe(3);
    });

    it.each([['has spaces'], ['x'.repeat(201)]])('refuses a malformed key (%#)', async (key) => {
      const c = await newCustomer();
      const res = await placeCod(c, standardOrder(c), key);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.invalidIdempotencyKey,
        code: ERROR_CODES.IDEMPOTENCY_KEY_INVALID,
      });
    });
  });

  it('handles concurrent orders from the same cart: each is whole and the cart ends empty', async () => {
    const c = await newCustomer();
    await setCart(c, { [apples]: 2, [cola]: 3 });
    const before = await orderCount();
    // As many as one customer may have waiting for delivery at once (maxOpenOrders, 3 by default).
    const responses = await Promise.all(Array.from({ length: 3 }, () => placeCod(c, standardOrder(c))));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(responses.map((r) => r.body.orderId)).size).toBe(3);
    expect(await orderCount()).toBe(before + 3);
    for (const r of responses) {
      expect(await orderRow(r.body.orderId)).toMatchObject({ amount: 1249, goods: 775, totalVat: 75 });
      expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, r.body.orderId))).toHaveLength(
        2,
      );
    }
    expect(await cartOf(c)).toEqual({});
  });
});

describe('GET /api/order/user', () => {
  it('refuses anonymous callers', async () => {
    expect((await request(t.server).get('/api/order/user')).status).toBe(401);
  });

  it("lists the customer's own orders, newest first, in the contract's shape", async () => {
    const c = await newCustomer();
    const other = await newCustomer();
    const first = await placeCod(c, standardOrder(c));
    now = new Date(MONDAY_10AM.getTime() + 60_000);
    const second = await placeCod(
      c,
      standardOrder(c, { items: [{ product: apples, quantity: 1 }], amount: 5.99, totalVat: 0 }),
    );
    const foreign = await placeCod(other, standardOrder(other));
    expect([first.status, second.status, foreign.status]).toEqual([201, 201, 201]);

    const res = await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([
      second.body.orderId,
      first.body.orderId,
    ]);
    const me = (await request(t.server).get('/api/user/is-auth').set('Cookie', c.cookie)).body.user;
    expect(res.body.orders[1]).toEqual({
      _id: first.body.orderId,
      userId: me._id,
      items: [
        {
          product: apples,
          productId: apples,
          name: 'Braeburn apples',
          image: '/uploads/products/apples-1.webp',
          price: 2,
          quantity: 2,
          vat: 0,
          ageRestricted: false,
          allowSubstitutes: true,
          picked: null,
          substitute: null,
          refused: false,
          charged: 4,
          promotion: null,
        },
        {
          product: cola,
          productId: cola,
          name: 'Cola 330ml',
          image: null,
          price: 1.25,
          quantity: 3,
          vat: 20,
          ageRestricted: false,
          allowSubstitutes: true,
          picked: null,
          substitute: null,
          refused: false,
          // £1.25 + 20% = £1.50 a can
          charged: 4.5,
          promotion: null,
        },
      ],
      address: ADDRESS,
      paymentType: 'COD',
      amount: 12.49,
      savings: 0,
      deals: [],
      shippingCharge: 3.99,
      totalVat: 0.75,
      // The goods' VAT and the delivery charge's share: £3.99 shared by value (apples £4.00 at 0%, cola £3.75 at
      // 20%), £1.93 at 20% of which VAT £0.32.
      vatIncluded: 1.07,
      goods: 7.75,
      deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[0] },
      status: 'Pending',
      fulfilment: 'placed',
      // 15:00 London on the day before delivery.
      changeableUntil: '2026-11-23T15:00:00+00:00',
      isPaid: false,
      ageConfirmed: false,
      standingOrder: null,
      refundDueAmount: 0,
      due: 12.49,
      collected: null,
      idCheck: null,
      deliveredAt: null,
      failedDelivery: null,
      createdAt: MONDAY_10AM.toISOString(),
    });
    expect(res.body.orders.some((o: { _id: string }) => o._id === foreign.body.orderId)).toBe(false);
  });

  it('keeps order history when the product is later deleted', async () => {
    const c = await newCustomer();
    const jam = await createProduct(t, {
      name: 'Strawberry jam',
      offerPrice: 400,
      price: 450,
      images: ['/uploads/jam.webp'],
    });
    const placed = await placeCod(
      c,
      standardOrder(c, { items: [{ product: jam, quantity: 1 }], amount: 7.99, totalVat: 0 }),
    );
    expect(placed.status).toBe(201);
    await request(t.server).delete(`/api/product/${jam}`).set('Cookie', seller).expect(200);
    const res = await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200);
    expect(res.body.orders[0].items[0]).toMatchObject({
      name: 'Strawberry jam',
      price: 4,
      image: '/uploads/jam.webp',
    });
  });
});

describe('PUT /api/order/:id/cancel', () => {
  async function placed(c: Customer): Promise<string> {
    const res = await placeCod(c, standardOrder(c));
    expect(res.status).toBe(201);
    return res.body.orderId;
  }

  function cancel(c: Customer | undefined, id: string) {
    const req = request(t.server).put(`/api/order/${id}/cancel`);
    if (c) req.set('Cookie', c.cookie);
    return req.send();
  }

  it('refuses anonymous callers', async () => {
    const c = await newCustomer();
    const id = await placed(c);
    expect((await cancel(undefined, id)).status).toBe(401);
  });

  it("answers 404 for another customer's order, unknown ids and malformed ids, and changes nothing", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const id = await placed(owner);
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await cancel(intruder, target);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.orderNotFound,
        code: ERROR_CODES.NOT_FOUND,
      });
    }
    expect((await orderRow(id)).status).toBe('Pending');
  });

  it('cancels at minute 59 and then refuses a second cancel', async () => {
    const c = await newCustomer();
    const id = await placed(c);
    now = new Date(MONDAY_10AM.getTime() + 59 * 60_000);
    const res = await cancel(c, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.orderCancelled });
    const list = await request(t.server).get('/api/order/user').set('Cookie', c.cookie);
    expect(list.body.orders.find((o: { _id: string }) => o._id === id).status).toBe('Cancelled');

    const again = await cancel(c, id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      message: MESSAGES.onlyPendingCancellable,
      code: ERROR_CODES.CANCEL_NOT_ALLOWED,
    });
  });

  it.each([
    ['60', 60],
    ['61', 61],
  ])('refuses at minute %s', async (_label, minutes) => {
    const c = await newCustomer();
    const id = await placed(c);
    now = new Date(MONDAY_10AM.getTime() + minutes * 60_000);
    const res = await cancel(c, id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.cancelWindowClosed,
      code: ERROR_CODES.CANCEL_NOT_ALLOWED,
    });
    expect((await orderRow(id)).status).toBe('Pending');
  });

  it('refuses orders that are no longer Pending', async () => {
    const c = await newCustomer();
    const id = await placed(c);
    await request(t.server)
      .put(`/api/order/${id}/status`)
      .set('Cookie', seller)
      .send({ status: 'Completed' })
      .expect(200);
    const res = await cancel(c, id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.onlyPendingCancellable,
      code: ERROR_CODES.CANCEL_NOT_ALLOWED,
    });
    expect(await orderRow(id)).toMatchObject({ status: 'Completed', isPaid: true });
  });

  it('lets exactly one of a customer cancel and the seller completing the order win', async () => {
    const c = await newCustomer();
    const outcomes = { cancelWon: 0, sellerWon: 0 };
    for (let round = 0; round < 12; round++) {
      const id = await placed(c);
      const complete = () =>
        request(t.server).put(`/api/order/${id}/status`).set('Cookie', seller).send({ status: 'Completed' });
      // Alternate which request leaves first so both interleavings occur.
      const [cancelRes, statusRes] =
        round % 2 === 0
          ? await Promise.all([cancel(c, id), complete()])
          : await Promise.all([complete(), cancel(c, id)]).then(([s, r]) => [r, s] as const);
      const row = await orderRow(id);
      if (cancelRes.status === 200) {
        expect(statusRes.status).toBe(409);
        expect(statusRes.body).toEqual({
          success: false,
          message: MESSAGES.cancelledOrderLocked,
          code: ERROR_CODES.STATUS_CHANGE_NOT_ALLOWED,
        });
        // A cancelled order is never completed nor marked paid.
        expect(row).toMatchObject({ status: 'Cancelled', isPaid: false });
        outcomes.cancelWon += 1;
      } else {
        expect(statusRes.status).toBe(200);
        expect(cancelRes.status).toBe(409);
        expect(cancelRes.body.message).toBe(MESSAGES.onlyPendingCancellable);
        expect(row).toMatchObject({ status: 'Completed', isPaid: true });
        outcomes.sellerWon += 1;
      }
    }
    expect(outcomes.cancelWon + outcomes.sellerWon).toBe(12);
  });

  it('lets exactly one of two racing cancels succeed', async () => {
    const c = await newCustomer();
    const id = await placed(c);
    const results = await Promise.all([cancel(c, id), cancel(c, id), cancel(c, id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await orderRow(id)).status).toBe('Cancelled');
  });
});

describe('seller orders', () => {
  it('refuses customers and anonymous callers', async () => {
    const c = await newCustomer();
    const id = (await placeCod(c, standardOrder(c))).body.orderId;
    expect((await request(t.server).get('/api/order/seller')).status).toBe(401);
    expect((await request(t.server).get('/api/order/seller').set('Cookie', c.cookie)).status).toBe(401);
    const put = await request(t.server)
      .put(`/api/order/${id}/status`)
      .set('Cookie', c.cookie)
      .send({ status: 'Completed' });
    expect(put.status).toBe(401);
    expect((await orderRow(id)).status).toBe('Pending');
  });

  it('lists every order newest first with the customer details', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    now = new Date('2026-11-23T11:00:00Z');
    const first = (await placeCod(a, standardOrder(a))).body.orderId;
    now = new Date('2026-11-23T11:05:00Z');
    const second = (await placeCod(b, standardOrder(b))).body.orderId;

    const res = await request(t.server).get('/api/order/seller').set('Cookie', seller).expect(200);
    expect(res.body.success).toBe(true);
    const ids = res.body.orders.map((o: { _id: string }) => o._id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const createdAts = res.body.orders.map((o: { createdAt: string }) => o.createdAt);
    expect([...createdAts].sort().reverse()).toEqual(createdAts);
    const order = res.body.orders.find((o: { _id: string }) => o._id === first);
    expect(order.customer).toEqual({
      name: expect.stringMatching(/^Ann Lee\d+$/),
      phone: '07700 900123',
      email: a.email,
      address: '12 Harbour Way, Bristol, Avon, BS1 4DJ, United Kingdom',
    });
    expect(order).toMatchObject({
      amount: 12.49,
      status: 'Pending',
      address: ADDRESS,
      items: expect.any(Array),
    });
  });

  it('completes a Pending COD order and marks it paid; a completed order never changes again', async () => {
    const c = await newCustomer();
    const id = (await placeCod(c, standardOrder(c))).body.orderId;
    const put = (status: string) =>
      request(t.server).put(`/api/order/${id}/status`).set('Cookie', seller).send({ status });

    // Pending -> Pending changes nothing.
    const same = await put('Pending');
    expect(same.status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'Pending', isPaid: false });

    const done = await put('Completed');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: MESSAGES.orderUpdated });
    expect(await orderRow(id)).toMatchObject({ status: 'Completed', isPaid: true });
    const list = await request(t.server).get('/api/order/user').set('Cookie', c.cookie);
    expect(list.body.orders.find((o: { _id: string }) => o._id === id)).toMatchObject({
      status: 'Completed',
      isPaid: true,
    });
    const completedRow = await orderRow(id);

    // Setting the status it already has is a harmless no-op.
    expect((await put('Completed')).status).toBe(200);
    for (const status of ['Cancelled', 'Pending']) {
      const res = await put(status);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.completedOrderLocked,
        code: ERROR_CODES.STATUS_CHANGE_NOT_ALLOWED,
      });
    }
    expect(await orderRow(id)).toEqual(completedRow);

    const bad = await put('Shipped');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status/);
    const missing = await request(t.server).put(`/api/order/${id}/status`).set('Cookie', seller).send({});
    expect(missing.status).toBe(400);
  });

  it('cancels a Pending order; a cancelled order is never taken up again nor completed', async () => {
    const c = await newCustomer();
    const id = (await placeCod(c, standardOrder(c))).body.orderId;
    const put = (status: string) =>
      request(t.server).put(`/api/order/${id}/status`).set('Cookie', seller).send({ status });

    expect((await put('Cancelled')).status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'Cancelled', isPaid: false });
    const cancelledRow = await orderRow(id);

    expect((await put('Cancelled')).status).toBe(200);
    for (const status of ['Completed', 'Pending']) {
      const res = await put(status);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.cancelledOrderLocked,
        code: ERROR_CODES.STATUS_CHANGE_NOT_ALLOWED,
      });
    }
    expect(await orderRow(id)).toEqual(cancelledRow);
  });

  it('lets exactly one of two racing seller changes (Completed, Cancelled) win', async () => {
    const c = await newCustomer();
    for (let round = 0; round < 8; round++) {
      const id = (await placeCod(c, standardOrder(c))).body.orderId;
      const put = (status: string) =>
        request(t.server).put(`/api/order/${id}/status`).set('Cookie', seller).send({ status });
      const [complete, cancelled] =
        round % 2 === 0
          ? await Promise.all([put('Completed'), put('Cancelled')])
          : await Promise.all([put('Cancelled'), put('Completed')]).then(([x, y]) => [y, x] as const);
      expect([complete.status, cancelled.status].sort()).toEqual([200, 409]);
      const row = await orderRow(id);
      if (complete.status === 200) {
        expect(row).toMatchObject({ status: 'Completed', isPaid: true });
        expect(cancelled.body.message).toBe(MESSAGES.completedOrderLocked);
      } else {
        expect(row).toMatchObject({ status: 'Cancelled', isPaid: false });
        expect(complete.body.message).toBe(MESSAGES.cancelledOrderLocked);
      }
    }
  });

  it('answers 404 for unknown and malformed order ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await request(t.server)
        .put(`/api/order/${id}/status`)
        .set('Cookie', seller)
        .send({ status: 'Completed' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.orderNotFound,
        code: ERROR_CODES.NOT_FOUND,
      });
    }
  });
});

describe('account deletion', () => {
  it("cancels the customer's Pending orders and strips personal data, keeping the orders for the seller", async () => {
    const c = await newCustomer();
    const pending = (await placeCod(c, standardOrder(c))).body.orderId;
    const completed = (await placeCod(c, standardOrder(c))).body.orderId;
    await request(t.server)
      .put(`/api/order/${completed}/status`)
      .set('Cookie', seller)
      .send({ status: 'Completed' })
      .expect(200);

    const del = await request(t.server).delete('/api/user/delete-account').set('Cookie', c.cookie);
    expect(del.status).toBe(200);

    for (const id of [pending, completed]) {
      expect(await orderRow(id)).toMatchObject({
        userId: null,
        address: null,
        addressId: null,
        customerName: null,
        customerEmail: null,
        customerPhone: null,
        idempotencyKey: null,
      });
    }
    expect((await orderRow(pending)).status).toBe('Cancelled');
    expect((await orderRow(completed)).status).toBe('Completed');

    // Every page of the seller's list: earlier tests of this file placed orders too.
    const sellerOrders: Array<{ _id: string; customer: unknown; items: unknown[] }> = [];
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const res = await request(t.server)
        .get(`/api/order/seller?page=${page}&limit=100`)
        .set('Cookie', seller)
        .expect(200);
      sellerOrders.push(...res.body.orders);
      pages = res.body.totalPages;
    }
    for (const id of [pending, completed]) {
      const order = sellerOrders.find((o) => o._id === id);
      expect(order).toMatchObject({ userId: null, address: null, amount: 12.49 });
      expect(order?.customer).toEqual({ name: 'Deleted customer', phone: null, email: null, address: null });
      expect(order?.items).toHaveLength(2);
    }
  });
});
