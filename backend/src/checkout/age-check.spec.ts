import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES, DELIVERY_SLOTS, MESSAGES, orderReference } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { FakeStripeApi, WEBHOOK_SECRET } from '../../test/stripe-stand-in';
import { ADDRESS } from '../../test/fixtures';
import { orders, products } from '../db/schema';
import { Clock } from '../common/clock';
import { orderSteps, type OrderSteps, type Shopper } from '../../test/orders';

/** Monday 23 November 2026, 10:00 in London: delivery on Tuesday the 24th. */
const NOW = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

/** Challenge 25: an order with a product sold to adults only needs the customer's word that they are 18 or over. */
describe('age-restricted products at checkout', () => {
  const stripe = new FakeStripeApi();
  let t: TestApp;
  let seller: string;
  let steps: OrderSteps;
  let lager: string;
  let bread: string;

  beforeAll(async () => {
    t = await createTestApp({
      stripeSecretKey: 'sk_test_larder',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: await stripe.start(),
    });
    t.app.get(Clock).now = () => NOW;
    seller = await signInSeller(t);
    steps = orderSteps(t, { seller });
    await request(t.server)
      .post('/api/settings/shipping')
      .set('Cookie', seller)
      .send({ shippingCharge: 3.99, shippingThreshold: 40 })
      .expect(200);
    lager = await createProduct(t, {
      name: 'Craft Pale Lager 4 x 440ml',
      offerPrice: 600,
      price: 600,
      stock: 10,
    });
    await t.db.update(products).set({ ageRestricted: true }).where(eq(products.id, lager));
    await t.db.execute(sql`update catalog_state set version = version + 1`);
    bread = await createProduct(t, { name: 'Sourdough Loaf', offerPrice: 300, price: 300 });
  });
  afterAll(async () => {
    await t?.close();
    await stripe.stop();
  });

  async function customer(email: string) {
    return signInCustomerWithAddress(t, { email, firstName: 'Ade', lastName: 'Okafor' }, ADDRESS);
  }

  /** One of each product at the basket's totals (with the £3.99 shipping), for Tuesday's first slot. */
  function body(c: Shopper, items: string[], extra: Record<string, unknown> = {}) {
    return steps.checkoutBody(
      c,
      items.map((product): [string, number] => [product, 1]),
      { date: TUESDAY, body: { paymentType: 'COD', ...extra } },
    );
  }

  async function orderCount(): Promise<number> {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    return row.n;
  }

  it.each([
    ['cash on delivery', '/api/order/cod'],
    ['card', '/api/order/stripe'],
  ])(
    'refuses an order (%s) with an 18+ line without the confirmation, storing nothing',
    async (_how, path) => {
      const c = await customer(`no-confirm-${path.split('/').pop()}@example.com`);
      const before = await orderCount();
      for (const extra of [{}, { ageConfirmed: false }]) {
        const res = await request(t.server)
          .post(path)
          .set('Cookie', c.cookie)
          .send(await body(c, [lager, bread], extra));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: MESSAGES.ageConfirmationRequired,
          code: ERROR_CODES.AGE_CONFIRMATION_REQUIRED,
        });
      }
      expect(await orderCount()).toBe(before);
      expect(stripe.created).toHaveLength(0);
    },
  );

  it('places it with the confirmation, and the seller sees that ID may be asked for', async () => {
    const c = await customer('adult@example.com');
    const res = await request(t.server)
      .post('/api/order/cod')
      .set('Cookie', c.cookie)
      .send(await body(c, [lager, bread], { ageConfirmed: true }))
      .expect(201);
    const plain = await request(t.server)
      .post('/api/order/cod')
      .set('Cookie', c.cookie)
      .send(await body(c, [bread]))
      .expect(201);

    const list = await request(t.server).get('/api/order/seller').set('Cookie', seller).expect(200);
    const byId = new Map(
      (list.body.orders as { _id: string; ageCheckRequired: boolean }[]).map((o) => [o._id, o]),
    );
    expect(byId.get(res.body.orderId)?.ageCheckRequired).toBe(true);
    expect(byId.get(plain.body.orderId)?.ageCheckRequired).toBe(false);

    // The driver's run sheet says which door needs the ID check.
    const sheet = await request(t.server)
      .get(`/api/seller/run-sheet?date=${TUESDAY}&time=${encodeURIComponent(DELIVERY_SLOTS[0])}`)
      .set('Cookie', seller)
      .expect(200);
    const notes = new Map(
      sheet.text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => [line.split(',')[0], line.split(',').pop()]),
    );
    expect(notes.get(`#${orderReference(res.body.orderId)}`)).toBe(MESSAGES.ageCheckAtDoor);
    expect(notes.get(`#${orderReference(plain.body.orderId)}`)).toBe('');
  });

  it('takes the card checkout to Stripe with the confirmation', async () => {
    const c = await customer('adult-card@example.com');
    const res = await request(t.server)
      .post('/api/order/stripe')
      .set('Cookie', c.cookie)
      .send(await body(c, [lager], { paymentType: 'Online', ageConfirmed: true }));
    expect(res.status).toBe(201);
    expect(stripe.created).toHaveLength(1);
  });

  it('refuses a non-boolean confirmation as bad input', async () => {
    const c = await customer('odd@example.com');
    const res = await request(t.server)
      .post('/api/order/cod')
      .set('Cookie', c.cookie)
      .send(await body(c, [lager], { ageConfirmed: 'yes' }));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});
