/**
 * Where features meet at the order, over HTTP: the customer cannot cancel once picking has started; an order holding
 * wine can be changed (the 18+ confirmation is kept on the order) and wine enters an order only with it (changes and
 * substitutes too); a paid order that falls in price owes the difference back; an unpaid card order is never picked
 * nor cash to collect.
 */
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  DELIVERY_SLOTS,
  MESSAGES,
  selectableDeliveryDate,
  substituteNeedsAgeConfirmationMessage,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { FakeStripeApi, signedEvent, WEBHOOK_SECRET } from '../../test/stripe-stand-in';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS, stockOf as stockIn, settings, FREE_SHIPPING } from '../../test/fixtures';
import { orders } from '../db/schema';
import { Clock } from '../common/clock';
import { orderSteps, type OrderSteps } from '../../test/orders';

let t: TestApp;
const stripe = new FakeStripeApi();
let seller: string;
let steps: OrderSteps;
let customer: { cookie: string; addressId: string };
const now = new Date('2026-11-23T10:00:00Z'); // Monday 10:00 GMT: delivery on Tuesday
let bread: string;
let wine: string;
let cheese: string;

async function product(name: string, offerPrice: number, vat: number, extra = {}): Promise<string> {
  const id = await createProduct(t, {
    name,
    price: offerPrice,
    offerPrice,
    vatBasisPoints: vat,
    stock: 50,
    ...extra,
  });
  return id;
}

type Items = { product: string; quantity: number }[];
const lines = (items: Items) => items.map((item): [string, number] => [item.product, item.quantity]);

/** A COD order of these items at the basket's totals (free shipping here); extra fields go in the body. */
const placeCod = (items: Items, extra: Record<string, unknown> = {}) =>
  steps.place(customer, lines(items), { body: extra });

/** A card order of these items at the basket's totals, not paid yet. */
async function placeCard(items: Items): Promise<string> {
  const res = await steps.placeRequest(customer, lines(items), { payment: 'stripe' });
  expect([res.status, res.body.message]).toEqual([201, undefined]);
  return res.body.orderId;
}

async function pay(orderId: string): Promise<void> {
  const [row] = await t.db
    .select({ session: orders.stripeSessionId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const event = signedEvent('checkout.session.completed', { id: row.session, payment_status: 'paid' });
  await request(t.server)
    .post('/api/order/stripe/webhook')
    .set('Content-Type', 'application/json; charset=utf-8')
    .set('Stripe-Signature', event.signature)
    .send(event.payload)
    .expect(200);
}

const stage = (id: string, payload: Record<string, unknown>) =>
  request(t.server).put(`/api/order/${id}/fulfilment`).set('Cookie', seller).send(payload);

async function sellerView(id: string) {
  const res = await request(t.server).get('/api/order/seller?limit=100').set('Cookie', seller).expect(200);
  return res.body.orders.find((o: { _id: string }) => o._id === id);
}

async function myOrder(id: string) {
  const res = await request(t.server).get('/api/order/user').set('Cookie', customer.cookie).expect(200);
  return res.body.orders.find((o: { _id: string }) => o._id === id);
}

const stockOf = (id: string) => stockIn(t, id);

beforeAll(async () => {
  t = await createTestApp({
    smtpUrl: 'smtp://127.0.0.1:4296',
    mailPollIntervalMs: 3_600_000,
    stripeSecretKey: 'sk_test_larder',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: await stripe.start(),
  });
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  steps = orderSteps(t, { seller });
  await settings(t, seller, 'shipping', FREE_SHIPPING);
  await settings(t, seller, 'orders', { maxOpenOrders: 100 });
  customer = await signInCustomerWithAddress(t, { email: 'lifecycle@example.com' }, ADDRESS);
  bread = await product('Sourdough loaf', 300, 0);
  wine = await product('Red wine', 625, 2000, { ageRestricted: true });
  cheese = await product('Cheddar', 400, 0);
});

afterAll(async () => {
  await t?.close();
  await stripe.stop();
});

describe('the customer cancels', () => {
  it('not once picking has started, even within the hour, and nothing changes', async () => {
    const id = await placeCod([{ product: bread, quantity: 2 }]);
    await stage(id, { stage: 'picking' }).expect(200);
    const stock = await stockOf(bread);
    const res = await request(t.server).put(`/api/order/${id}/cancel`).set('Cookie', customer.cookie);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: 'This order is already being picked and can no longer be cancelled.',
      code: ERROR_CODES.CANCEL_NOT_ALLOWED,
    });
    expect(await stockOf(bread)).toBe(stock);
    expect(await myOrder(id)).toMatchObject({ status: 'Pending', fulfilment: 'picking' });
  });
});

describe('an order holding wine', () => {
  it('can be changed: the 18+ confirmation given when placing stays on the order', async () => {
    const id = await placeCod([{ product: wine, quantity: 1 }], { ageConfirmed: true });
    expect(await myOrder(id)).toMatchObject({ ageConfirmed: true });
    const res = await request(t.server)
      .put(`/api/order/${id}`)
      .set('Cookie', customer.cookie)
      .send({
        items: [
          { product: wine, quantity: 2 },
          { product: bread, quantity: 1 },
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body.order.items).toHaveLength(2);
  });

  it('gains wine only with the tick, which is then kept on the order', async () => {
    const id = await placeCod([{ product: bread, quantity: 1 }]);
    const change = (extra = {}) =>
      request(t.server)
        .put(`/api/order/${id}`)
        .set('Cookie', customer.cookie)
        .send({
          items: [
            { product: bread, quantity: 1 },
            { product: wine, quantity: 1 },
          ],
          ...extra,
        });
    const refused = await change();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.ageConfirmationRequired);
    expect((await myOrder(id)).items).toHaveLength(1);
    const accepted = await change({ ageConfirmed: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.order).toMatchObject({ ageConfirmed: true });
    expect((await sellerView(id)).ageCheckRequired).toBe(true);
  });
});

describe('substitutes and the age check', () => {
  it('refuses wine as a substitute in an order whose customer never confirmed, with words for the picker', async () => {
    const id = await placeCod([{ product: cheese, quantity: 1 }]);
    await stage(id, { stage: 'picking' }).expect(200);
    const res = await stage(id, {
      stage: 'picked',
      lines: [{ product: cheese, picked: 0, substitute: { product: wine, quantity: 1 } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(substituteNeedsAgeConfirmationMessage('Red wine'));
    expect(await myOrder(id)).toMatchObject({ fulfilment: 'picking' });
    expect((await sellerView(id)).ageCheckRequired).toBe(false);
  });

  it('says an ID check is needed exactly while an 18+ product goes to the door, ordered or substituted', async () => {
    const confirmed = await placeCod([{ product: cheese, quantity: 1 }], { ageConfirmed: true });
    await stage(confirmed, { stage: 'picking' }).expect(200);
    const subbed = await stage(confirmed, {
      stage: 'picked',
      lines: [{ product: cheese, picked: 0, substitute: { product: wine, quantity: 1 } }],
    });
    expect(subbed.status).toBe(200);
    expect(subbed.body.order.ageCheckRequired).toBe(true);
    expect(subbed.body.order.items[0].substitute).toMatchObject({ name: 'Red wine', ageRestricted: true });

    const winesGone = await placeCod(
      [
        { product: wine, quantity: 1 },
        { product: bread, quantity: 1 },
      ],
      {
        ageConfirmed: true,
      },
    );
    await stage(winesGone, { stage: 'picking' }).expect(200);
    const picked = await stage(winesGone, {
      stage: 'picked',
      lines: [
        { product: wine, picked: 0 },
        { product: bread, picked: 1 },
      ],
    });
    expect(picked.body.order.ageCheckRequired).toBe(false);
  });
});

describe('money', () => {
  it('a paid card order that is short-picked and then refused at the door owes the difference back', async () => {
    // Products of its own: a short pick counts the shelf empty.
    const bread = await product('Rye loaf', 300, 0);
    const cheese = await product('Red Leicester', 400, 0);
    const id = await placeCard([
      { product: bread, quantity: 2 },
      { product: cheese, quantity: 2 },
    ]);
    await pay(id);
    await stage(id, { stage: 'picking' }).expect(200);
    const picked = await stage(id, {
      stage: 'picked',
      lines: [
        { product: bread, picked: 1 },
        { product: cheese, picked: 2 },
      ],
    });
    expect(picked.status).toBe(200);
    expect(picked.body.order).toMatchObject({ amount: 11, refundDue: true, refundDueAmount: 3 });
    await stage(id, { stage: 'out_for_delivery' }).expect(200);
    const delivered = await stage(id, { stage: 'delivered', lines: [{ product: cheese, refused: true }] });
    expect(delivered.body.order).toMatchObject({ status: 'Completed', amount: 3, refundDueAmount: 11 });
    expect(await myOrder(id)).toMatchObject({ refundDueAmount: 11 });
  });

  it('an unpaid card order is never picked, and the run sheet asks no cash for it', async () => {
    const id = await placeCard([{ product: bread, quantity: 1 }]);
    const res = await stage(id, { stage: 'picking' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.unpaidCardOrderNotFulfilled);
    const csv = await request(t.server)
      .get(
        `/api/seller/run-sheet?date=${selectableDeliveryDate(now)}&time=${encodeURIComponent(DELIVERY_SLOTS[0])}`,
      )
      .set('Cookie', seller);
    expect(csv.status).toBe(200);
    const row = csv.text.split('\r\n').find((line) => line.includes('Card payment not received'));
    expect(row).toBeDefined();
    expect(row).toContain(',0.00,');
  });
});
