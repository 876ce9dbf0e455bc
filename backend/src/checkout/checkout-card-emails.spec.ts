import request from 'supertest';
import { asc, eq } from 'drizzle-orm';
import { DELIVERY_SLOTS } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { FakeStripeApi, signedEvent, WEBHOOK_SECRET } from '../../test/stripe-stand-in';
import { ADDRESS } from '../../test/fixtures';
import { emailOutbox } from '../db/schema';
import { Clock } from '../common/clock';

/** Monday 23 November 2026, 10:00 in London: delivery on Tuesday the 24th. */
const NOW = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

/**
 * The e-mails of card orders, read from the outbox (what will be sent, exactly once each): the confirmation waits
 * for the payment, and neither a webhook delivered twice nor a cancel repeated adds another message.
 */
describe('card order e-mails', () => {
  const stripe = new FakeStripeApi();
  let t: TestApp;
  let seller: string;
  let tea: string;

  beforeAll(async () => {
    t = await createTestApp({
      stripeSecretKey: 'sk_test_larder',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: await stripe.start(),
      // Messages are queued but stay in the outbox: nothing listens on this port, and the worker looks hourly.
      smtpUrl: 'smtp://127.0.0.1:9',
      mailPollIntervalMs: 3_600_000,
    });
    t.app.get(Clock).now = () => NOW;
    seller = await signInSeller(t);
    await request(t.server)
      .post('/api/settings/shipping')
      .set('Cookie', seller)
      .send({ shippingCharge: 3.99, shippingThreshold: 40 })
      .expect(200);
    tea = await createProduct(t, { name: 'Breakfast tea', offerPrice: 250, price: 300 });
  });
  afterAll(async () => {
    await t?.close();
    await stripe.stop();
  });

  /** The kinds of the messages queued about an order, oldest first. */
  async function mails(orderId: string): Promise<string[]> {
    const rows = await t.db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, orderId))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
    return rows.map((r) => r.kind);
  }

  /** A customer's card order for 2 x tea (£5.00 + £3.99 shipping), unpaid, with its Checkout Session id. */
  async function cardOrder(email: string) {
    const customer = await signInCustomerWithAddress(
      t,
      { email, firstName: 'Cara', lastName: 'Jones' },
      ADDRESS,
    );
    const res = await request(t.server)
      .post('/api/order/stripe')
      .set('Cookie', customer.cookie)
      .send({
        items: [{ product: tea, quantity: 2 }],
        address: customer.addressId,
        paymentType: 'Online',
        amount: 8.99,
        shippingCharge: 3.99,
        totalVat: 0,
        deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[0] },
      })
      .expect(201);
    const { orderId, url } = res.body as { orderId: string; url: string };
    return { customer, orderId, sessionId: url.split('/').pop()! };
  }

  function paid(order: { orderId: string; sessionId: string }) {
    return signedEvent('checkout.session.completed', {
      id: order.sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: order.orderId,
    });
  }

  function postWebhook({ payload, signature }: { payload: string; signature: string }) {
    return request(t.server)
      .post('/api/order/stripe/webhook')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Stripe-Signature', signature)
      .send(payload);
  }

  it('queues no confirmation until the payment arrives, then one; the same event again adds none', async () => {
    const order = await cardOrder('card-once@example.com');
    expect(await mails(order.orderId)).toEqual([]);

    const event = paid(order);
    expect((await postWebhook(event)).status).toBe(200);
    expect(await mails(order.orderId)).toEqual(['order-placed']);

    expect((await postWebhook(event)).status).toBe(200);
    expect(await mails(order.orderId)).toEqual(['order-placed']);
  });

  it('queues one confirmation when the payment event is delivered twice at the same moment', async () => {
    const order = await cardOrder('card-race@example.com');
    const event = paid(order);
    const answers = await Promise.all([postWebhook(event), postWebhook(event), postWebhook(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await mails(order.orderId)).toEqual(['order-placed']);
  });

  it('queues nothing for a card order cancelled before it was paid', async () => {
    const order = await cardOrder('card-unpaid-cancel@example.com');
    await request(t.server)
      .put(`/api/order/${order.orderId}/cancel`)
      .set('Cookie', order.customer.cookie)
      .expect(200);
    expect(await mails(order.orderId)).toEqual([]);
  });

  it('queues one cancellation when a paid order is cancelled twice, also at the same moment', async () => {
    const order = await cardOrder('card-cancel@example.com');
    await postWebhook(paid(order)).expect(200);
    const cancel = () =>
      request(t.server)
        .put(`/api/order/${order.orderId}/status`)
        .set('Cookie', seller)
        .send({ status: 'Cancelled' });
    await Promise.all([cancel(), cancel()]);
    await cancel();
    expect(await mails(order.orderId)).toEqual(['order-placed', 'order-cancelled']);
  });
});
