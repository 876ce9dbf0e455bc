import { PassThrough } from 'node:stream';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES, DELIVERY_SLOTS, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { FakeStripeApi, signedEvent, stripeSigner, WEBHOOK_SECRET } from '../../test/stripe-stand-in';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS } from '../../test/fixtures';
import { orderItems, orders, products } from '../db/schema';
import { Clock } from '../common/clock';

const NOW = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

function postWebhook(t: TestApp, payload: string, signature?: string) {
  const req = request(t.server)
    .post('/api/order/stripe/webhook')
    .set('Content-Type', 'application/json; charset=utf-8');
  if (signature) req.set('Stripe-Signature', signature);
  return req.send(payload);
}

interface Shopper {
  cookie: string;
  addressId: string;
}

function shopper(t: TestApp, email: string): Promise<Shopper> {
  return signInCustomerWithAddress(t, { email, firstName: 'Cara', lastName: 'Jones' }, ADDRESS);
}

/** 3 x tea at £2.50 (0% VAT) + 1 x lemonade at £1.50 (20% VAT): goods £9.00, VAT £0.30, shipping £3.99 -> £13.29. */
function checkout(s: Shopper, tea: string, lemonade: string, overrides: Record<string, unknown> = {}) {
  return {
    items: [
      { product: tea, quantity: 3 },
      { product: lemonade, quantity: 1 },
    ],
    address: s.addressId,
    paymentType: 'Online',
    amount: 13.29,
    shippingCharge: 3.99,
    totalVat: 0.3,
    deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[1] },
    ...overrides,
  };
}

async function orderCount(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row.n;
}

// First app of this file: nestjs-pino keeps the first logger for lines written outside a request.
describe('card payments without STRIPE_SECRET_KEY', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await createTestApp(
      { logLevel: 'info' },
      { logStream: stream as unknown as import('pino').DestinationStream },
    );
    t.app.get(Clock).now = () => NOW;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('POST /api/order/stripe answers 501 and stores nothing', async () => {
    const s = await shopper(t, 'no-stripe@example.com');
    const tea = await createProduct(t, { name: 'Tea', offerPrice: 250, price: 300 });
    const lemonade = await createProduct(t, {
      name: 'Lemonade',
      offerPrice: 150,
      price: 150,
      vatBasisPoints: 2000,
    });
    const res = await request(t.server)
      .post('/api/order/stripe')
      .set('Cookie', s.cookie)
      .send(checkout(s, tea, lemonade));
    expect(res.status).toBe(501);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.cardPaymentsUnavailable,
      code: ERROR_CODES.CARD_PAYMENTS_UNAVAILABLE,
    });
    expect(await orderCount(t)).toBe(0);
  });

  it('the webhook answers 501', async () => {
    const { payload, signature } = signedEvent('checkout.session.completed', {
      id: 'cs_x',
      object: 'checkout.session',
    });
    const logged = logLines.length;
    for (let i = 0; i < 3; i++) {
      const res = await postWebhook(t, payload, signature);
      expect(res.status).toBe(501);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.cardPaymentsUnavailable,
        code: ERROR_CODES.CARD_PAYMENTS_UNAVAILABLE,
      });
    }
    // Each answer is logged as one warning without a stack trace, never as an error.
    const entries = logLines.slice(logged).map((line) => JSON.parse(line) as Record<string, unknown>);
    const warnings = entries.filter(
      (e) => e.level === 40 && String(e.msg).includes(MESSAGES.cardPaymentsUnavailable),
    );
    expect(warnings).toHaveLength(3);
    expect(entries.filter((e) => Number(e.level) >= 50)).toEqual([]);
    // JSON-encoded lines: a stack trace shows as a "stack" field or as escaped "\n    at " frames.
    expect(entries.filter((e) => /"stack"|\\n\s+at /.test(JSON.stringify(e)))).toEqual([]);
  });
});

describe('card payments with Stripe Checkout (local stand-in for the Stripe API)', () => {
  const fake = new FakeStripeApi();
  let t: TestApp;
  let tea: string;
  let lemonade: string;

  beforeAll(async () => {
    const apiBase = await fake.start();
    t = await createTestApp({
      stripeSecretKey: 'sk_test_larder',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: apiBase,
    });
    t.app.get(Clock).now = () => NOW;
    tea = await createProduct(t, {
      name: 'Breakfast tea',
      offerPrice: 250,
      price: 300,
      images: ['/uploads/tea.webp'],
    });
    lemonade = await createProduct(t, {
      name: 'Cloudy lemonade',
      offerPrice: 150,
      price: 150,
      vatBasisPoints: 2000,
    });
  });

  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  async function startCheckout(s: Shopper, key?: string) {
    const req = request(t.server).post('/api/order/stripe').set('Cookie', s.cookie);
    if (key) req.set('Idempotency-Key', key);
    const res = await req.send(checkout(s, tea, lemonade));
    expect(res.status).toBe(201);
    return res.body as { success: true; url: string; orderId: string };
  }

  it('refuses anonymous callers', async () => {
    expect((await request(t.server).post('/api/order/stripe').send({})).status).toBe(401);
  });

  it('creates a GBP Checkout Session from the recomputed figures and stores the order unpaid', async () => {
    const s = await shopper(t, 'card@example.com');
    await request(t.server)
      .post('/api/cart/update')
      .set('Cookie', s.cookie)
      .send({ cartItems: { [tea]: 3, [lemonade]: 1 } })
      .expect(200);
    const before = fake.created.length;
    const body = await startCheckout(s);
    expect(body).toEqual({
      success: true,
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/),
      orderId: expect.any(String),
    });

    expect(fake.created).toHaveLength(before + 1);
    const form = fake.created[fake.created.length - 1];
    expect(form.get('mode')).toBe('payment');
    expect(form.get('currency')).toBe('gbp');
    expect(form.get('client_reference_id')).toBe(body.orderId);
    expect(form.get('metadata[orderId]')).toBe(body.orderId);
    // PUBLIC_URL's development default, whatever address the request came to.
    expect(form.get('success_url')).toBe(`${t.config.publicUrl}/loader?next=my-orders`);
    expect(form.get('cancel_url')).toBe(`${t.config.publicUrl}/cart`);
    const lines: Array<[string | null, string | null, string | null, string | null]> = [];
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
      lines.push([
        form.get(`line_items[${i}][price_data][product_data][name]`),
        form.get(`line_items[${i}][price_data][currency]`),
        form.get(`line_items[${i}][price_data][unit_amount]`),
        form.get(`line_items[${i}][quantity]`),
      ]);
    }
    expect(lines).toEqual([
      ['Breakfast tea', 'gbp', '250', '3'],
      ['Cloudy lemonade', 'gbp', '180', '1'],
      ['Delivery', 'gbp', '399', '1'],
    ]);
    const total = lines.reduce((sum, l) => sum + Number(l[2]) * Number(l[3]), 0);
    expect(total).toBe(1329);

    const [row] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(row).toMatchObject({
      paymentType: 'Online',
      status: 'Pending',
      isPaid: false,
      amount: 1329,
      stripeSessionId: body.url.split('/').pop(),
    });
    // The cart stays until Stripe reports the payment.
    const me = await request(t.server).get('/api/user/is-auth').set('Cookie', s.cookie);
    expect(me.body.user.cartItems).toEqual({ [tea]: 3, [lemonade]: 1 });
  });

  it("takes the return URLs from PUBLIC_URL only, never from the request's Origin or Host", async () => {
    const s = await shopper(t, 'public-url@example.com');
    const configured = t.config.publicUrl;
    t.config.publicUrl = 'https://shop.larder.test';
    try {
      await request(t.server)
        .post('/api/order/stripe')
        .set('Cookie', s.cookie)
        .set('Host', 'evil.example')
        .set('X-Forwarded-Host', 'evil.example')
        .send(checkout(s, tea, lemonade))
        .expect(201);
    } finally {
      t.config.publicUrl = configured;
    }
    const form = fake.created[fake.created.length - 1];
    expect(form.get('success_url')).toBe('https://shop.larder.test/loader?next=my-orders');
    expect(form.get('cancel_url')).toBe('https://shop.larder.test/cart');
  });

  it('validates like COD: tampered totals get 409 and never reach Stripe', async () => {
    const s = await shopper(t, 'tamper-card@example.com');
    const before = { calls: fake.created.length, orders: await orderCount(t) };
    const res = await request(t.server)
      .post('/api/order/stripe')
      .set('Cookie', s.cookie)
      .send(checkout(s, tea, lemonade, { amount: 9.3 }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.totalsChanged,
      amount: 13.29,
      shippingCharge: 3.99,
      totalVat: 0.3,
      goods: 9,
      code: ERROR_CODES.TOTALS_CHANGED,
    });
    const noSlot = await request(t.server)
      .post('/api/order/stripe')
      .set('Cookie', s.cookie)
      .send(checkout(s, tea, lemonade, { deliverySlot: undefined }));
    expect(noSlot.status).toBe(400);
    expect(noSlot.body.message).toBe(MESSAGES.selectDeliverySlot);
    expect(fake.created.length).toBe(before.calls);
    expect(await orderCount(t)).toBe(before.orders);
  });

  it('answers the same checkout for a repeated Idempotency-Key', async () => {
    const s = await shopper(t, 'retry-card@example.com');
    const before = await orderCount(t);
    const first = await startCheckout(s, 'card-attempt-1');
    const again = await startCheckout(s, 'card-attempt-1');
    expect(again).toEqual(first);
    expect(await orderCount(t)).toBe(before + 1);
  });

  it('marks the order paid and empties the cart on a signed checkout.session.completed', async () => {
    const s = await shopper(t, 'paid@example.com');
    await request(t.server)
      .post('/api/cart/update')
      .set('Cookie', s.cookie)
      .send({ cartItems: { [tea]: 3 } })
      .expect(200);
    const { orderId, url } = await startCheckout(s);
    const sessionId = url.split('/').pop()!;
    const { payload, signature } = signedEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: orderId,
    });

    const res = await postWebhook(t, payload, signature);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, received: true });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ isPaid: true, status: 'Pending' });
    const me = await request(t.server).get('/api/user/is-auth').set('Cookie', s.cookie);
    expect(me.body.user.cartItems).toEqual({});
    const list = await request(t.server).get('/api/order/user').set('Cookie', s.cookie);
    expect(list.body.orders[0]).toMatchObject({ _id: orderId, paymentType: 'Online', isPaid: true });

    // Stripe sends the same event again after the customer has filled a new cart: nothing changes.
    await request(t.server)
      .post('/api/cart/update')
      .set('Cookie', s.cookie)
      .send({ cartItems: { [lemonade]: 1 } })
      .expect(200);
    const [before] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const again = await postWebhook(t, payload, signature);
    expect(again.status).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toEqual(before);
    const still = await request(t.server).get('/api/user/is-auth').set('Cookie', s.cookie);
    expect(still.body.user.cartItems).toEqual({ [lemonade]: 1 });
  });

  it('records a payment that arrives after the order was cancelled, keeping it cancelled and the cart intact', async () => {
    const s = await shopper(t, 'changed-mind@example.com');
    const { orderId, url } = await startCheckout(s);
    await request(t.server).put(`/api/order/${orderId}/cancel`).set('Cookie', s.cookie).expect(200);
    await request(t.server)
      .post('/api/cart/update')
      .set('Cookie', s.cookie)
      .send({ cartItems: { [lemonade]: 2 } })
      .expect(200);
    const { payload, signature } = signedEvent('checkout.session.completed', {
      id: url.split('/').pop(),
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: orderId,
    });

    expect((await postWebhook(t, payload, signature)).status).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    // Marked for the seller to refund.
    expect(row).toMatchObject({ status: 'Cancelled', isPaid: true, refundDueAt: NOW });
    const me = await request(t.server).get('/api/user/is-auth').set('Cookie', s.cookie);
    expect(me.body.user.cartItems).toEqual({ [lemonade]: 2 });
  });

  it('cancels the unpaid order when the session expires', async () => {
    const s = await shopper(t, 'expired@example.com');
    const { orderId, url } = await startCheckout(s);
    const { payload, signature } = signedEvent('checkout.session.expired', {
      id: url.split('/').pop(),
      object: 'checkout.session',
      payment_status: 'unpaid',
    });
    expect((await postWebhook(t, payload, signature)).status).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'Cancelled', isPaid: false });
  });

  it('refuses webhooks without a valid signature and changes nothing', async () => {
    const s = await shopper(t, 'forged@example.com');
    const { orderId, url } = await startCheckout(s);
    const sessionId = url.split('/').pop();
    const { payload, signature } = signedEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
    });

    const missing = await postWebhook(t, payload);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      success: false,
      message: MESSAGES.missingStripeSignature,
      code: ERROR_CODES.STRIPE_SIGNATURE_INVALID,
    });

    const forged = stripeSigner.webhooks.generateTestHeaderString({ payload, secret: 'whsec_somebody_else' });
    expect((await postWebhook(t, payload, forged)).status).toBe(400);

    // The right signature over different bytes (the body altered in transit) fails too.
    const tampered = payload.replace('"paid"', '"paid" ');
    const res = await postWebhook(t, tampered, signature);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.invalidStripeSignature,
      code: ERROR_CODES.STRIPE_SIGNATURE_INVALID,
    });

    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.isPaid).toBe(false);
  });

  it('acknowledges events it does not act on', async () => {
    const { payload, signature } = signedEvent('payment_intent.created', {
      id: 'pi_1',
      object: 'payment_intent',
    });
    const res = await postWebhook(t, payload, signature);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, received: true });
  });

  it('refuses with 409 and stores nothing when a price changes while the session is created, and expires that session', async () => {
    const s = await shopper(t, 'price-moved@example.com');
    const before = { orders: await orderCount(t), created: fake.created.length };
    fake.onCreate = async () => {
      await t.db.update(products).set({ offerPrice: 275 }).where(eq(products.id, tea));
    };
    try {
      const res = await request(t.server)
        .post('/api/order/stripe')
        .set('Cookie', s.cookie)
        .send(checkout(s, tea, lemonade));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.totalsChanged,
        amount: 14.04,
        shippingCharge: 3.99,
        totalVat: 0.3,
        goods: 9.75,
        code: ERROR_CODES.TOTALS_CHANGED,
      });
    } finally {
      await t.db.update(products).set({ offerPrice: 250 }).where(eq(products.id, tea));
    }
    expect(fake.created.length).toBe(before.created + 1);
    expect(await orderCount(t)).toBe(before.orders);
    expect(fake.expired[fake.expired.length - 1]).toBe(`cs_test_${fake.created.length}`);
  });

  it('refuses with 409 when a product runs out while the session is created', async () => {
    const s = await shopper(t, 'stock-moved@example.com');
    const before = await orderCount(t);
    fake.onCreate = async () => {
      await t.db.update(products).set({ stock: 2 }).where(eq(products.id, tea));
    };
    try {
      const res = await request(t.server)
        .post('/api/order/stripe')
        .set('Cookie', s.cookie)
        .send(checkout(s, tea, lemonade));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: 'Only 2 left of Breakfast tea',
        code: ERROR_CODES.OUT_OF_STOCK,
      });
    } finally {
      await t.db.update(products).set({ stock: null }).where(eq(products.id, tea));
    }
    expect(await orderCount(t)).toBe(before);
    expect(fake.expired[fake.expired.length - 1]).toBe(`cs_test_${fake.created.length}`);
  });

  it('expires the Checkout Session when the customer cancels an unpaid card order', async () => {
    const s = await shopper(t, 'cancel-card@example.com');
    const { orderId, url } = await startCheckout(s);
    const sessionId = url.split('/').pop()!;
    await request(t.server).put(`/api/order/${orderId}/cancel`).set('Cookie', s.cookie).expect(200);
    expect(fake.expired).toContain(sessionId);
    expect((fake.sessions.get(sessionId) as { status: string }).status).toBe('expired');
  });

  it('expires the Checkout Session when the seller cancels an unpaid card order; a Stripe failure keeps the cancel', async () => {
    const seller = await signInSeller(t);
    const s = await shopper(t, 'seller-cancel-card@example.com');
    const first = await startCheckout(s);
    await request(t.server)
      .put(`/api/order/${first.orderId}/status`)
      .set('Cookie', seller)
      .send({ status: 'Cancelled' })
      .expect(200);
    expect(fake.expired).toContain(first.url.split('/').pop());

    const second = await startCheckout(s);
    fake.failExpireWith = 400;
    try {
      await request(t.server)
        .put(`/api/order/${second.orderId}/status`)
        .set('Cookie', seller)
        .send({ status: 'Cancelled' })
        .expect(200);
    } finally {
      fake.failExpireWith = undefined;
    }
    expect(fake.expired).toContain(second.url.split('/').pop());
    const [row] = await t.db.select().from(orders).where(eq(orders.id, second.orderId));
    expect(row).toMatchObject({ status: 'Cancelled', isPaid: false });
  });

  it('completes a card order only once it is paid, leaving it paid', async () => {
    const seller = await signInSeller(t);
    const s = await shopper(t, 'complete-card@example.com');
    const { orderId, url } = await startCheckout(s);
    const complete = () =>
      request(t.server)
        .put(`/api/order/${orderId}/status`)
        .set('Cookie', seller)
        .send({ status: 'Completed' });

    const unpaid = await complete();
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toEqual({
      success: false,
      message: MESSAGES.unpaidCardOrderNotCompletable,
      code: ERROR_CODES.STATUS_CHANGE_NOT_ALLOWED,
    });
    const [before] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(before).toMatchObject({ status: 'Pending', isPaid: false });

    const { payload, signature } = signedEvent('checkout.session.completed', {
      id: url.split('/').pop(),
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: orderId,
    });
    expect((await postWebhook(t, payload, signature)).status).toBe(200);
    expect((await complete()).status).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toMatchObject({ status: 'Completed', isPaid: true });
    // A paid order is not expired at Stripe.
    expect(fake.expired).not.toContain(url.split('/').pop());
  });

  it('never completes nor marks paid a cancelled card order', async () => {
    const seller = await signInSeller(t);
    const s = await shopper(t, 'cancelled-card@example.com');
    const { orderId } = await startCheckout(s);
    await request(t.server).put(`/api/order/${orderId}/cancel`).set('Cookie', s.cookie).expect(200);
    const res = await request(t.server)
      .put(`/api/order/${orderId}/status`)
      .set('Cookie', seller)
      .send({ status: 'Completed' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.cancelledOrderLocked,
      code: ERROR_CODES.STATUS_CHANGE_NOT_ALLOWED,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'Cancelled', isPaid: false });
  });

  it('takes counted stock and a slot place when storing the order, and gives both back when the session expires', async () => {
    await t.db.update(products).set({ stock: 10 }).where(eq(products.id, tea));
    const placesBooked = async () =>
      (await request(t.server).get('/api/delivery/slots').expect(200)).body.slots[1].booked as number;
    const stockOfTea = async () =>
      (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, tea)))[0].stock;
    const bookedBefore = await placesBooked();
    const s = await shopper(t, 'counted-card@example.com');
    const { orderId, url } = await startCheckout(s);
    expect(await stockOfTea()).toBe(7);
    expect(await placesBooked()).toBe(bookedBefore + 1);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.find((i) => i.productId === tea)?.stockTaken).toBe(true);

    const { payload, signature } = signedEvent('checkout.session.expired', {
      id: url.split('/').pop(),
      object: 'checkout.session',
      payment_status: 'unpaid',
    });
    expect((await postWebhook(t, payload, signature)).status).toBe(200);
    expect((await postWebhook(t, payload, signature)).status).toBe(200);
    expect(await stockOfTea()).toBe(10);
    expect(await placesBooked()).toBe(bookedBefore);

    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, tea));
    const short = await request(t.server)
      .post('/api/order/stripe')
      .set('Cookie', s.cookie)
      .send(checkout(s, tea, lemonade));
    expect(short.status).toBe(409);
    expect(short.body.message).toBe('Only 2 left of Breakfast tea');
    await t.db.update(products).set({ stock: null }).where(eq(products.id, tea));
  });
});
