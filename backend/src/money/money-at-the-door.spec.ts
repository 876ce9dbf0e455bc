/**
 * Money to the penny, over HTTP: what the driver records as handed over at the door, the change worked out and what
 * the shop kept, followed through the order, the receipt's paid line, the run's cash-up, the takings and the most a
 * refund may give back (cash and card orders); a run signed off and then given another outcome is reopened, never
 * changed silently; a reason needs words; a bad range is a 400 before any header. And the delivery charge's VAT,
 * which follows the goods' rates (HMRC VAT Notice 700/24), on receipts and in the takings.
 */
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { DELIVERY_SLOTS, MESSAGES, selectableDeliveryDate } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller, signInStaff } from '../../test/auth-helpers';
import { ADDRESS, settings } from '../../test/fixtures';
import { orderSteps, type OrderSteps, type Shopper } from '../../test/orders';
import { FakeStripeApi, WEBHOOK_SECRET } from '../../test/stripe-stand-in';
import { activityLog, cashUps, orders } from '../db/schema';
import { Clock } from '../common/clock';

const stripe = new FakeStripeApi();
let t: TestApp;
let owner: string;
let manager: string;
let driver: { id: string; cookie: string };
let shopper: Shopper;
let steps: OrderSteps;
let now = new Date('2026-11-23T10:00:00Z');

/** Moves the clock on three days, so each test has runs of its own; the delivery date on offer then. */
function nextDate(): string {
  now = new Date(now.getTime() + 3 * 86_400_000);
  return selectableDeliveryDate(now);
}

const product = (name: string, offerPrice: number, vatBasisPoints = 0) =>
  createProduct(t, { name, price: offerPrice, offerPrice, vatBasisPoints, stock: null });

const receipt = (id: string) =>
  request(t.server).get(`/api/order/${id}/receipt`).set('Cookie', shopper.cookie).expect(200);

const cashUp = async (date: string, time: string) =>
  (
    await request(t.server).get(`/api/seller/cash-up?date=${date}`).set('Cookie', manager).expect(200)
  ).body.runs.find((r: { time: string }) => r.time === time);

const signOff = (body: Record<string, unknown>) =>
  request(t.server).post('/api/seller/cash-up').set('Cookie', manager).send(body);

const takings = async (day: string) =>
  (await request(t.server).get(`/api/seller/takings?from=${day}&to=${day}`).set('Cookie', owner).expect(200))
    .body;

/** The London day of supply of what is delivered now (the tests' clock is 10:00 UTC). */
const today = () => now.toISOString().slice(0, 10);

beforeAll(async () => {
  const apiBase = await stripe.start();
  t = await createTestApp({
    stripeSecretKey: 'sk_test_larder',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: apiBase,
  });
  t.app.get(Clock).now = () => now;
  owner = await signInSeller(t);
  manager = (await signInStaff(t, 'manager', { ownerCookie: owner, name: 'Mo Manager' })).cookie;
  driver = await signInStaff(t, 'driver', { ownerCookie: owner, name: 'Dee Driver' });
  await settings(t, owner, 'orders', { maxOpenOrders: 100 });
  await settings(t, owner, 'shipping', { shippingCharge: 0, shippingThreshold: 0 });
  shopper = await signInCustomerWithAddress(t, { email: 'pat@example.com' }, ADDRESS);
  steps = orderSteps(t, { seller: owner, driver: driver.cookie });
});

afterAll(async () => {
  await t?.close();
  await stripe.stop();
});

describe('a £50 note for a £5.99 order', () => {
  it('keeps £5.99: the change is given, and the run, the receipt, the takings and refunds count £5.99', async () => {
    const date = nextDate();
    const run = DELIVERY_SLOTS[0];
    const soup = await product('Note soup', 599);
    const id = await steps.place(shopper, [[soup, 1]]);
    const delivered = await steps.deliver(id, { cash: 50 });
    expect(delivered.body.order.collected).toEqual({ cash: 50, card: 0, change: 44.01, kept: 5.99 });

    expect((await receipt(id)).body.receipt).toMatchObject({
      total: 5.99,
      cash: 50,
      change: 44.01,
      paid: 5.99,
    });
    expect(await cashUp(date, run)).toMatchObject({ delivered: 1, due: 5.99, cash: 5.99 });
    expect((await takings(today())).total).toMatchObject({ gross: 5.99, cash: 5.99, refunds: 0 });

    const tooMuch = await steps.refundRequest(id, { amount: 50, method: 'cash', reason: 'Goodwill' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(MESSAGES.refundTooLarge);
    await steps.refund(id, { amount: 5.99, method: 'cash', reason: 'Soup spilt' });
    expect((await steps.refundRequest(id, { amount: 0.01, method: 'cash', reason: 'More' })).status).toBe(
      400,
    );
    expect((await takings(today())).total).toMatchObject({ cash: 5.99, refunds: 5.99 });
  });

  it('refuses more than £50 over what is due as a slip, and changes nothing', async () => {
    nextDate();
    const tea = await product('Note tea', 599);
    const id = await steps.place(shopper, [[tea, 1]]);
    await steps.pick(id);
    await steps.dispatch(id);
    const refused = await steps.door(id, { cash: 5000 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('That is more than £50 over what is due: check the amount.');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'Pending', fulfilment: 'out_for_delivery', collectedCash: null });
    // £50 over to the penny is a note handed over, not a slip.
    expect((await steps.door(id, { cash: 55.99 })).status).toBe(200);
  });
});

describe('a card order', () => {
  it('may be refunded what the payment captured less what was refunded, and no more', async () => {
    nextDate();
    const jam = await product('Card jam', 400);
    const id = await steps.placePaidByCard(shopper, [[jam, 3]]);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(paid).toMatchObject({ isPaid: true, cardCaptured: 1200 });
    // One jar short: the order is owed £4.00, and may still be refunded up to the £12.00 captured.
    await steps.pick(id, [{ product: jam, picked: 2 }]);
    await steps.deliver(id);
    expect((await receipt(id)).body.receipt).toMatchObject({ total: 8, paid: 12 });
    await steps.refund(id, { amount: 4, method: 'card', reason: 'One jar was short' });
    await steps.refund(id, { amount: 7.5, method: 'card', reason: 'A jar arrived cracked' });
    const over = await steps.refundRequest(id, { amount: 0.51, method: 'card', reason: 'More' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MESSAGES.refundTooLarge);
    await steps.refund(id, { amount: 0.5, method: 'card', reason: 'The last of it' });
    const [after] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(after.refundDue).toBe(0);
  });
});

describe('a signed-off run', () => {
  it('is reopened by an outcome recorded after it, keeps the sign-off in its history, and is signed off again', async () => {
    const date = nextDate();
    const run = DELIVERY_SLOTS[1];
    const bread = await product('Run bread', 574);
    const first = await steps.place(shopper, [[bread, 1]], { slot: run });
    const second = await steps.place(shopper, [[bread, 1]], { slot: run });
    await steps.pick(second);
    await steps.dispatch(second);
    await steps.deliver(first, { cash: 5.74 });

    // Nothing was handed in: a variance of -£5.74, and a zero-width space is no reason for it.
    const blank = await signOff({ date, time: run, handedIn: 0, reason: '\u200b' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MESSAGES.cashUpReasonRequired);
    await signOff({ date, time: run, handedIn: 0, reason: 'The envelope is missing' }).expect(200);
    const signed = await cashUp(date, run);
    expect(signed).toMatchObject({ cash: 5.74, handedIn: 0, variance: -5.74, reopened: false });
    expect(signed.signedOff).toMatchObject({ by: 'Mo Manager' });

    // The second door after the sign-off: the run's cash grows, and the run is open again, not -£11.48 signed off.
    await steps.door(second, { cash: 5.74 }).expect(200);
    const reopened = await cashUp(date, run);
    expect(reopened).toMatchObject({
      cash: 11.48,
      handedIn: null,
      variance: null,
      signedOff: null,
      reopened: true,
    });
    expect(reopened.history.map((h: { kind: string }) => h.kind)).toEqual(['sign_off', 'reopened']);
    expect(reopened.history[0]).toMatchObject({ by: 'Mo Manager', handedIn: 0, cash: 5.74, variance: -5.74 });
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        sql`${activityLog.action} = 'cash-up.reopened' and ${activityLog.subjectId} = ${`${date} ${run}`}`,
      );
    expect(logged).toHaveLength(1);
    expect(logged[0].summary).toContain('variance -£5.74');

    // Signed off again: with the whole run's cash, no correction's reason needed when it balances.
    await signOff({ date, time: run, handedIn: 11.48 }).expect(200);
    const again = await cashUp(date, run);
    expect(again).toMatchObject({ handedIn: 11.48, variance: 0, reopened: false, corrections: 0 });
    expect(again.history.map((h: { kind: string }) => h.kind)).toEqual(['sign_off', 'reopened', 'sign_off']);
    // Each entry keeps the figures it was made with.
    const entries = await t.db
      .select()
      .from(cashUps)
      .where(sql`${cashUps.deliveryDate} = ${date} and ${cashUps.deliveryTime} = ${run}`);
    expect(entries.map((e) => [e.handedIn, e.cash, e.variance, e.outcomes]).sort()).toEqual([
      [0, 574, -574, 1],
      [1148, 1148, 0, 2],
    ]);
  });
});

describe('bad ranges', () => {
  it('answer 400 in the error shape, the CSV too, before any header is sent', async () => {
    const csv = await request(t.server)
      .get('/api/seller/takings?from=2026-12-02&to=2026-12-01&format=csv')
      .set('Cookie', owner);
    expect(csv.status).toBe(400);
    expect(csv.headers['content-type']).toMatch(/^application\/json/);
    expect(csv.headers['content-disposition']).toBeUndefined();
    expect(csv.body).toMatchObject({ success: false, message: MESSAGES.takingsRangeInvalid });
    await request(t.server).get('/api/seller/cash-up?date=2026-02-30').set('Cookie', manager).expect(400);
  });
});

describe('VAT on the delivery charge', () => {
  /** Delivers an order of these lines with £3.99 delivery; its receipt. */
  async function deliveredWithDelivery(lines: [string, number][]) {
    await settings(t, owner, 'shipping', { shippingCharge: 3.99, shippingThreshold: 1000 });
    try {
      const id = await steps.place(shopper, lines);
      await steps.deliver(id);
      return { id, receipt: (await receipt(id)).body.receipt };
    } finally {
      await settings(t, owner, 'shipping', { shippingCharge: 0, shippingThreshold: 0 });
    }
  }
  const deliveryLines = (r: { lines: { name: string; vatRate: number; amount: number }[] }) =>
    r.lines.filter((l) => l.name === 'Delivery').map((l) => [l.vatRate, l.amount]);

  it('carries no VAT with zero-rated goods, and is standard-rated with standard-rated goods', async () => {
    nextDate();
    const { receipt: zero } = await deliveredWithDelivery([[await product('Zero bread', 200), 2]]);
    expect(deliveryLines(zero)).toEqual([[0, 3.99]]);
    expect(zero.vatRates).toEqual([{ rate: 0, net: 7.99, vat: 0, gross: 7.99 }]);

    const { id, receipt: standard } = await deliveredWithDelivery([
      [await product('Std wine', 500, 2000), 1],
    ]);
    expect(deliveryLines(standard)).toEqual([[20, 3.99]]);
    expect(standard.vatRates).toEqual([{ rate: 20, net: 8.33, vat: 1.66, gross: 9.99 }]);
    const mine = (
      await request(t.server).get('/api/order/user').set('Cookie', shopper.cookie).expect(200)
    ).body.orders.find((o: { _id: string }) => o._id === id);
    expect(mine).toMatchObject({ amount: 9.99, totalVat: 1, vatIncluded: 1.66 });
  });

  it('is shared between 0%, 5% and 20% by value, adding up to the charge, on the receipt and in the takings', async () => {
    nextDate();
    const { id, receipt: mixed } = await deliveredWithDelivery([
      [await product('Mix bread', 400), 1],
      [await product('Mix juice', 200, 500), 1],
      [await product('Mix wine', 200, 2000), 1],
    ]);
    // Goods £8.00 before VAT: half at 0%, a quarter each at 5% and 20%. £3.99 shared 1.995 / 0.9975 / 0.9975: the
    // odd pence go to the largest remainders, 1.99 / 1.00 / 1.00 (5%: £0.95 and VAT 5p; 20%: £0.83 and VAT 17p).
    expect(deliveryLines(mixed)).toEqual([
      [0, 1.99],
      [5, 1],
      [20, 1],
    ]);
    expect(mixed.vatRates).toEqual([
      { rate: 0, net: 5.99, vat: 0, gross: 5.99 },
      { rate: 5, net: 2.95, vat: 0.15, gross: 3.1 },
      { rate: 20, net: 2.83, vat: 0.57, gross: 3.4 },
    ]);
    expect(mixed.vatRates.reduce((s: number, r: { gross: number }) => s + Math.round(r.gross * 100), 0)).toBe(
      Math.round(mixed.total * 100),
    );
    const day = (await takings(today())).days[0];
    expect(day.rates).toEqual(mixed.vatRates);
    expect(day).toMatchObject({ delivery: 3.99, gross: mixed.total });

    // The delivery refunded: a credit note, counted against the day of the supply.
    await steps.refund(id, { amount: 3.99, method: 'cash', reason: 'Delivered late' });
    expect((await takings(today())).days[0]).toMatchObject({ refunds: 3.99 });
    expect((await receipt(id)).body.receipt.refunds).toMatchObject([{ amount: 3.99 }]);
  });

  it('is nothing to share when delivery is free', async () => {
    nextDate();
    const id = await steps.place(shopper, [[await product('Free wine', 500, 2000), 1]]);
    await steps.deliver(id);
    const free = (await receipt(id)).body.receipt;
    expect(deliveryLines(free)).toEqual([]);
    expect(free.vatRates).toEqual([{ rate: 20, net: 5, vat: 1, gross: 6 }]);
  });
});
