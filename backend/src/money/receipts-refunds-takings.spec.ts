/**
 * The money behind the door, over HTTP: the business's details (GB VAT number), each delivered order's receipt
 * (a plain receipt without a VAT number; with one, a simplified VAT invoice at £250.00 and a full one, numbered
 * without gaps, at £250.01), refunds (credit notes, never more than was paid), the takings per day and VAT rate
 * adding up to the orders to the penny (JSON and CSV), a deal mixing VAT rates split by its priced lines in the
 * receipt and the takings alike, and each run's cash-up (variance, reason, lock,
 * corrections as new entries, the activity log).
 */
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import {
  DELIVERY_SLOTS,
  MESSAGES,
  poundsToPence,
  priceBasket,
  selectableDeliveryDate,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller, signInStaff } from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings } from '../../test/fixtures';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activityLog, cashUps, emailOutbox, orders, takingsOrders, takingsRates } from '../db/schema';
import { MIGRATIONS_FOLDER } from '../db/database';
import { Clock } from '../common/clock';
import { orderSteps, type Lines, type OrderSteps } from '../../test/orders';

interface Customer {
  cookie: string;
  addressId: string;
}

let t: TestApp;
let owner: string;
let driver: { id: string; cookie: string };
let manager: { id: string; cookie: string };
let customer: Customer;
let steps: OrderSteps;
let now = new Date('2026-11-23T10:00:00Z');
let day = 0;

function nextDay(): string {
  day += 1;
  now = new Date(Date.parse('2026-11-23T10:00:00Z') + day * 3 * 86_400_000);
  return selectableDeliveryDate(now);
}

/** A COD order of these lines at the basket's totals (shared-domain's pricing; free shipping here), 18+ confirmed. */
const place = (lines: Lines, slot: string = DELIVERY_SLOTS[0], c: Customer = customer) =>
  steps.place(c, lines, { slot, ageConfirmed: true });

/** A COD order of these lines posted at totals the test states (pounds, as the basket shows them), 18+ confirmed. */
const placeAt = (
  lines: Lines,
  totals: { amount: number; totalVat: number },
  slot: string = DELIVERY_SLOTS[0],
  c: Customer = customer,
) => steps.place(c, lines, { slot, ageConfirmed: true, totals: { ...totals, shippingCharge: 0 } });

/** Pounds as the API answers them, in pence. */
const pence = (pounds: number) => poundsToPence(pounds)!;

const stage = (id: string, body: Record<string, unknown>, cookie = owner) => steps.stage(id, body, cookie);

/** Picks in full, sends out (as the driver) and delivers with what was collected (pounds) and any refused lines. */
const deliver = (id: string, collected: { cash: number; card: number }, refused: string[] = []) =>
  steps.deliver(id, { ...collected, refused });

const receipt = (id: string, cookie = customer.cookie) =>
  request(t.server).get(`/api/order/${id}/receipt`).set('Cookie', cookie);

const product = (offerPrice: number, vatBasisPoints = 0, name?: string) =>
  createProduct(t, { price: offerPrice, offerPrice, vatBasisPoints, stock: null, ...(name && { name }) });

const business = (body: Record<string, unknown>, cookie = owner) =>
  request(t.server).post('/api/settings/business').set('Cookie', cookie).send(body);

const DETAILS = {
  legalName: 'Larder Foods Ltd',
  address: '1 Wine Street, Bristol BS1 2AA',
  email: 'hello@larder.test',
  phone: '0117 496 0000',
  companyNumber: '01234567',
};

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:4295', mailPollIntervalMs: 3_600_000 });
  t.app.get(Clock).now = () => now;
  owner = await signInSeller(t);
  driver = await signInStaff(t, 'driver', { ownerCookie: owner, name: 'Dee Driver' });
  manager = await signInStaff(t, 'manager', { ownerCookie: owner, name: 'Mo Manager' });
  steps = orderSteps(t, { seller: owner, driver: driver.cookie });
  await settings(t, owner, 'shipping', FREE_SHIPPING);
  await settings(t, owner, 'orders', { maxOpenOrders: 100 });
  customer = await signInCustomerWithAddress(
    t,
    { email: 'receipts@example.com', lastName: 'Receipt' },
    ADDRESS,
  );
});

afterAll(async () => {
  await t?.close();
});

describe('receipts', () => {
  it('is a plain receipt while the shop has no VAT number, of what was delivered', async () => {
    nextDay();
    expect((await request(t.server).get('/api/settings/business').expect(200)).body.business).toBeNull();
    const milk = await product(120, 0, 'Receipt milk');
    const wine = await product(700, 2000, 'Receipt wine');
    const eggs = await product(250, 0, 'Receipt eggs');
    const id = await place([
      [milk, 2],
      [wine, 1],
      [eggs, 1],
    ]);
    await receipt(id).expect(409);
    await deliver(id, { cash: 20, card: 0 }, [eggs]);

    const res = await receipt(id).expect(200);
    expect(res.body.receipt).toMatchObject({
      kind: 'receipt',
      number: expect.stringMatching(/^#[0-9A-F]{8}$/),
      customer: null,
      lines: [
        { name: 'Receipt milk', quantity: 2, amount: 2.4, vatRate: 0 },
        { name: 'Receipt wine', quantity: 1, amount: 8.4, vatRate: 20 },
      ],
      vatRates: [
        { rate: 0, net: 2.4, vat: 0, gross: 2.4 },
        { rate: 20, net: 7, vat: 1.4, gross: 8.4 },
      ],
      total: 10.8,
      cash: 20,
      card: 0,
      change: 9.2,
      refunds: [],
    });
    // Staff see it too; another customer and a visitor do not.
    await receipt(id, owner).expect(200);
    await receipt(id, driver.cookie).expect(200);
    const other = await signInCustomerWithAddress(
      t,
      { email: 'other@example.com', lastName: 'Other' },
      ADDRESS,
    );
    await receipt(id, other.cookie).expect(404);
    await request(t.server).get(`/api/order/${id}/receipt`).expect(401);
    // The delivered e-mail links to it.
    const [mail] = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))).filter(
      (m) => m.kind === 'order-completed',
    );
    expect(mail.textBody).toContain(`/my-orders/${id}/receipt`);
    // It lists what was delivered: the refused eggs are not on it.
    expect(mail.textBody).toMatch(/2 x Receipt milk\s+£2\.40/);
    expect(mail.textBody).toMatch(/1 x Receipt wine\s+£8\.40/);
    expect(mail.textBody).not.toContain('Receipt eggs');
  });

  it('keeps the business details in the GB format, for the owner and managers only', async () => {
    const bad = await business({ ...DETAILS, vatNumber: 'GB12345' }).expect(400);
    expect(bad.body.message).toBe(MESSAGES.vatNumberInvalid);
    await business({ ...DETAILS, companyNumber: '12' }).expect(400);
    await business({ ...DETAILS, email: 'nope' }).expect(400);
    expect((await request(t.server).get('/api/settings/business')).body.business).toBeNull();
    await business({ ...DETAILS, vatNumber: 'GB123456789' }, driver.cookie).expect(403);

    const saved = await business({ ...DETAILS, vatNumber: 'gb 123 4567 89' }, manager.cookie).expect(200);
    expect(saved.body.business).toEqual({ ...DETAILS, vatNumber: 'GB123456789' });
    expect((await request(t.server).get('/api/settings/business').expect(200)).body.business).toEqual(
      saved.body.business,
    );
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'settings.business'));
    expect(entry).toMatchObject({ actorId: manager.id, kind: 'settings' });
  });

  it('is a simplified VAT invoice at £250.00 and a full one, numbered without gaps, at £250.01', async () => {
    nextDay();
    const hamper = await product(25000, 0, 'Hamper');
    const bigger = await product(25001, 0, 'Bigger hamper');
    const atLimit = await place([[hamper, 1]]);
    const above = await place([[bigger, 1]]);
    const alsoAbove = await place([[bigger, 1]], DELIVERY_SLOTS[1]);
    for (const id of [atLimit, above, alsoAbove]) await deliver(id, { cash: 250.01, card: 0 });

    const simplified = (await receipt(atLimit).expect(200)).body.receipt;
    expect(simplified).toMatchObject({
      kind: 'simplified_vat_invoice',
      seller: { legalName: 'Larder Foods Ltd', address: DETAILS.address, vatNumber: 'GB123456789' },
      customer: null,
      total: 250,
      vatRates: [{ rate: 0, net: 250, vat: 0, gross: 250 }],
    });
    // Numbers go in the order invoices are first asked for, and stay.
    const second = (await receipt(alsoAbove).expect(200)).body.receipt;
    const first = (await receipt(above).expect(200)).body.receipt;
    expect(first).toMatchObject({
      kind: 'full_vat_invoice',
      total: 250.01,
      customer: { name: expect.stringContaining('Receipt'), address: expect.stringContaining('BS1 4DJ') },
    });
    const numbers = [second.number, first.number].map((n: string) => Number(n.replace('INV-', '')));
    expect(numbers[1]).toBe(numbers[0] + 1);
    expect((await receipt(alsoAbove, owner).expect(200)).body.receipt.number).toBe(second.number);
  });
});

describe('refunds', () => {
  it('never gives back more than was paid, numbers credit notes in sequence, and shows them everywhere', async () => {
    nextDay();
    const cheese = await product(500, 0, 'Refund cheese');
    const unpaid = await place([[cheese, 1]]);
    const id = await place([[cheese, 2]]);
    await deliver(id, { cash: 10, card: 0 });

    const give = (orderId: string, body: Record<string, unknown>, cookie = manager.cookie) =>
      request(t.server).post(`/api/order/${orderId}/refunds`).set('Cookie', cookie).send(body);
    expect((await give(unpaid, { amount: 1, method: 'cash', reason: 'x' }).expect(409)).body.message).toBe(
      MESSAGES.refundNotPaid,
    );
    await give(id, { amount: 0, method: 'cash', reason: 'Broken' }).expect(400);
    await give(id, { amount: 1, method: 'cheque', reason: 'Broken' }).expect(400);
    await give(id, { amount: 1, method: 'cash', reason: 'Broken' }, driver.cookie).expect(403);
    await give(id, {
      amount: 1,
      method: 'cash',
      reason: 'Broken',
      lines: [{ product: cheese, quantity: 3 }],
    }).expect(400);

    const first = await give(id, {
      amount: 4,
      method: 'cash',
      reason: 'One cheese was mouldy',
      lines: [{ product: cheese, quantity: 1 }],
    }).expect(201);
    expect(first.body.refund).toMatchObject({
      amount: 4,
      method: 'cash',
      creditNote: expect.stringMatching(/^CN-\d{6}$/),
    });
    const tooMuch = await give(id, { amount: 6.01, method: 'bank', reason: 'Goodwill' }).expect(400);
    expect(tooMuch.body.message).toBe(MESSAGES.refundTooLarge);
    const second = await give(id, {
      amount: 6,
      method: 'bank',
      reference: 'BACS 77',
      reason: 'Goodwill',
    }).expect(201);
    const [a, b] = [first, second].map((r) => Number(r.body.refund.creditNote.replace('CN-', '')));
    expect(b).toBe(a + 1);
    await give(id, { amount: 0.01, method: 'cash', reason: 'More' }).expect(400);

    expect(
      (await receipt(id).expect(200)).body.receipt.refunds.map((r: { amount: number }) => r.amount),
    ).toEqual([4, 6]);
    const mails = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))).filter(
      (m) => m.kind === 'order-refunded',
    );
    expect(
      mails.map(
        (m) =>
          m.textBody.includes(first.body.refund.creditNote) ||
          m.textBody.includes(second.body.refund.creditNote),
      ),
    ).toEqual([true, true]);
    const entries = await t.db.select().from(activityLog).where(eq(activityLog.action, 'order.refund'));
    expect(entries.filter((e) => e.subjectId === id)).toHaveLength(2);

    const date = new Date(now).toISOString().slice(0, 10);
    const takings = (
      await request(t.server)
        .get(`/api/seller/takings?from=${date}&to=${date}`)
        .set('Cookie', owner)
        .expect(200)
    ).body;
    expect(takings.total.refunds).toBe(10);
  });
});

describe('takings', () => {
  it('add up per day and VAT rate to the orders to the penny, as JSON and as CSV', async () => {
    nextDay();
    const first = new Date(now).toISOString().slice(0, 10);
    const bread = await product(133, 0, 'Takings bread');
    const juice = await product(217, 500, 'Takings juice');
    const wine = await product(649, 2000, 'Takings wine');
    const ids = [
      await place([
        [bread, 3],
        [juice, 2],
      ]),
      await place([
        [wine, 1],
        [juice, 1],
      ]),
    ];
    for (const id of ids) await deliver(id, { cash: 20, card: 1.5 });
    // A day later (London), one more.
    now = new Date(now.getTime() + 86_400_000);
    const second = new Date(now).toISOString().slice(0, 10);
    ids.push(await place([[wine, 3]], DELIVERY_SLOTS[2]));
    await deliver(ids[2], { cash: 0, card: 23.37 });

    const res = await request(t.server)
      .get(`/api/seller/takings?from=${first}&to=${second}`)
      .set('Cookie', owner)
      .expect(200);
    const rows = await t.db
      .select()
      .from(orders)
      .where(sql`${orders.id} in ${ids}`);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(res.body.days.map((d: { date: string; orders: number }) => [d.date, d.orders])).toEqual([
      [first, 2],
      [second, 1],
    ]);
    for (const d of res.body.days as {
      rates: { net: number; vat: number; gross: number }[];
      gross: number;
      delivery: number;
    }[]) {
      expect(sum(d.rates.map((r) => pence(r.gross))) + pence(d.delivery)).toBe(pence(d.gross));
      for (const r of d.rates) expect(pence(r.net) + pence(r.vat)).toBe(pence(r.gross));
    }
    expect(pence(res.body.total.gross)).toBe(sum(rows.map((r) => r.amount)));
    expect(sum(res.body.total.rates.map((r: { vat: number }) => pence(r.vat)))).toBe(
      sum(rows.map((r) => r.totalVat)),
    );
    expect(sum(res.body.total.rates.map((r: { net: number }) => pence(r.net)))).toBe(
      sum(rows.map((r) => r.goods)),
    );
    expect(res.body.total.rates.map((r: { rate: number }) => r.rate)).toEqual([0, 5, 20]);
    // What the shop kept in cash: the £20 notes less the change (£8.55 and £10.07 were due, £1.50 of each by card).
    expect(pence(res.body.total.cash)).toBe(2000 - (2000 + 150 - 855) + (2000 - (2000 + 150 - 1007)));
    expect(pence(res.body.total.card)).toBe(300 + 2337);

    const csv = await request(t.server)
      .get(`/api/seller/takings?from=${first}&to=${second}&format=csv`)
      .set('Cookie', owner)
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'reference,date of supply,net 0%,VAT 0%,net 5%,VAT 5%,net 20%,VAT 20%,delivery,gross,cash,card,refunded,savings',
    );
    expect(lines).toHaveLength(4);
    const gross = sum(lines.slice(1).map((line) => pence(Number(line.split(',')[9]))));
    expect(gross).toBe(sum(rows.map((r) => r.amount)));
    for (const line of lines.slice(1)) {
      const cells = line.split(',').map(Number);
      expect(sum(cells.slice(2, 9).map(pence))).toBe(pence(cells[9]));
    }

    await request(t.server)
      .get(`/api/seller/takings?from=${second}&to=${first}`)
      .set('Cookie', owner)
      .expect(400);
    await request(t.server)
      .get('/api/seller/takings?from=2026-01-01&to=2027-01-02')
      .set('Cookie', owner)
      .expect(400);
    await request(t.server)
      .get(`/api/seller/takings?from=${first}&to=${second}`)
      .set('Cookie', driver.cookie)
      .expect(403);
  });
});

describe('a deal mixing VAT rates', () => {
  it("puts each line's share of the deal on its own rate: the receipt, the takings (JSON and CSV) and the order agree to the penny", async () => {
    nextDay();
    const date = new Date(now).toISOString().slice(0, 10);
    const bread = await product(150, 0, 'Mixed bread');
    const wine = await product(500, 2000, 'Mixed wine');
    const juice = await product(217, 500, 'Mixed juice');
    await request(t.server)
      .post('/api/seller/promotions')
      .set('Cookie', owner)
      .send({
        kind: 'multibuy',
        products: [bread, wine],
        quantity: 2,
        price: 5,
        startsAt: date,
        endsAt: date,
      })
      .expect(201);
    // 2 bread (150p), 1 wine (600p with VAT), 1 juice (228p, in no deal). The wine and one bread make "2 for £5":
    // 750p for 500p, the 250p saved shared by price, 200p off the wine and 50p off the bread. £8.78 in all.
    const id = await placeAt(
      [
        [bread, 2],
        [wine, 1],
        [juice, 1],
      ],
      { amount: 8.78, totalVat: 0.78 },
    );
    await deliver(id, { cash: 10, card: 0 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ goods: 800, totalVat: 78, amount: 878, shippingCharge: 0, savings: 250 });

    // The one pricing function's lines, summed per rate: the bread's 250p all at 0%; the wine's 400p is 333p and
    // 67p VAT; the juice 217p and 11p.
    const priced = priceBasket(
      [
        { product: 'bread', offerPrice: 150, vatBasisPoints: 0, quantity: 2 },
        { product: 'wine', offerPrice: 500, vatBasisPoints: 2000, quantity: 1 },
        { product: 'juice', offerPrice: 217, vatBasisPoints: 500, quantity: 1 },
      ],
      { shippingCharge: 0, shippingThreshold: 0 },
      [{ id: 'deal', kind: 'multibuy', products: ['bread', 'wine'], quantity: 2, price: 500, free: 0 }],
    );
    const expected = [0, 500, 2000].map((rate) => {
      const at = priced.lines.filter((_, i) => [0, 2000, 500][i] === rate);
      const net = at.reduce((sum, l) => sum + l.net, 0);
      const vat = at.reduce((sum, l) => sum + l.vat, 0);
      return { rate: rate / 100, net: net / 100, vat: vat / 100, gross: (net + vat) / 100 };
    });
    expect(expected).toEqual([
      { rate: 0, net: 2.5, vat: 0, gross: 2.5 },
      { rate: 5, net: 2.17, vat: 0.11, gross: 2.28 },
      { rate: 20, net: 3.33, vat: 0.67, gross: 4 },
    ]);

    const shown = (await receipt(id).expect(200)).body.receipt;
    expect(shown.vatRates).toEqual(expected);
    expect(shown).toMatchObject({
      total: 8.78,
      savings: 2.5,
      lines: [
        { name: 'Mixed bread', quantity: 2, amount: 3, vatRate: 0, saving: 0.5 },
        { name: 'Mixed juice', quantity: 1, amount: 2.28, vatRate: 5, saving: 0 },
        { name: 'Mixed wine', quantity: 1, amount: 6, vatRate: 20, saving: 2 },
      ],
    });
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const rates = shown.vatRates as { net: number; vat: number; gross: number }[];
    expect(sum(rates.map((r) => pence(r.net)))).toBe(order.goods);
    expect(sum(rates.map((r) => pence(r.vat)))).toBe(order.totalVat);
    expect(sum(rates.map((r) => pence(r.gross)))).toBe(order.amount);

    // The takings of that day (this order alone) say the same per rate, as the rows kept at delivery do.
    const takings = (
      await request(t.server)
        .get(`/api/seller/takings?from=${date}&to=${date}`)
        .set('Cookie', owner)
        .expect(200)
    ).body;
    expect(takings.days).toHaveLength(1);
    expect(takings.days[0]).toMatchObject({ date, orders: 1, gross: 8.78, delivery: 0, savings: 2.5 });
    expect(takings.days[0].rates).toEqual(expected);
    expect(takings.total.rates).toEqual(expected);
    const kept = await t.db
      .select()
      .from(takingsRates)
      .where(eq(takingsRates.orderId, id))
      .orderBy(takingsRates.rate);
    expect(kept.map((r) => [r.rate, r.net, r.vat, r.day])).toEqual([
      [0, 250, 0, date],
      [500, 217, 11, date],
      [2000, 333, 67, date],
    ]);

    const csv = (
      await request(t.server)
        .get(`/api/seller/takings?from=${date}&to=${date}&format=csv`)
        .set('Cookie', owner)
        .expect(200)
    ).text
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      'reference,date of supply,net 0%,VAT 0%,net 5%,VAT 5%,net 20%,VAT 20%,delivery,gross,cash,card,refunded,savings',
    );
    expect(csv).toHaveLength(2);
    expect(csv[1].split(',').slice(1)).toEqual([
      date,
      '2.50',
      '0.00',
      '2.17',
      '0.11',
      '3.33',
      '0.67',
      '0.00',
      '8.78',
      // Cash kept: the £10 handed over less £1.22 change.
      '8.78',
      '0.00',
      '0.00',
      '2.50',
    ]);
  });
});

describe('takings kept with each delivery', () => {
  it("stores each delivered order's split as the order and its receipt have it, after a refused line, a refund and a deal, and the migration's backfill writes the same rows for orders without a saving", async () => {
    nextDay();
    const date = new Date(now).toISOString().slice(0, 10);
    const rice = await product(200, 0, 'Split rice');
    const juice = await product(217, 500, 'Split juice');
    const wine = await product(649, 2000, 'Split wine');
    const beer = await product(180, 2000, 'Split beer');
    await request(t.server)
      .post('/api/seller/promotions')
      .set('Cookie', owner)
      .send({ kind: 'multibuy', products: [rice], quantity: 3, price: 5, startsAt: date, endsAt: date })
      .expect(201);
    // 3 rice for £5 (saving £1), 2 juice (2 x 228p), 1 wine (779p), 2 beer (2 x 216p): £21.67.
    const id = await placeAt(
      [
        [rice, 3],
        [juice, 2],
        [wine, 1],
        [beer, 2],
      ],
      { amount: 21.67, totalVat: 2.24 },
    );
    // The beer is refused at the door: the order loses it, and the 20% rate keeps only the wine.
    await deliver(id, { cash: 20, card: 0 }, [beer]);
    await request(t.server)
      .post(`/api/order/${id}/refunds`)
      .set('Cookie', manager.cookie)
      .send({ amount: 2.5, method: 'cash', reason: 'Juice leaked' })
      .expect(201);
    await request(t.server)
      .post(`/api/order/${id}/refunds`)
      .set('Cookie', manager.cookie)
      .send({ amount: 1, method: 'cash', reason: 'Goodwill' })
      .expect(201);

    // An order marked Completed by its status (no outcome recorded at the door) is kept too.
    const marked = await place([[juice, 1]], DELIVERY_SLOTS[1]);
    now = new Date(now.getTime() + 60_000);
    await request(t.server)
      .put(`/api/order/${marked}/status`)
      .set('Cookie', owner)
      .send({ status: 'Completed' })
      .expect(200);
    expect(await t.db.select().from(takingsRates).where(eq(takingsRates.orderId, marked))).toMatchObject([
      { rate: 500, day: date, net: 217, vat: 11 },
    ]);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ goods: 500 + 434 + 649, totalVat: 22 + 130, savings: 100 });
    const [kept] = await t.db.select().from(takingsOrders).where(eq(takingsOrders.orderId, id));
    expect(kept).toMatchObject({
      day: date,
      goods: order.goods,
      vat: order.totalVat,
      shipping: order.shippingCharge,
      amount: order.amount,
      // Kept: the £20 handed over less the change.
      cash: order.amount,
      card: 0,
      savings: 100,
      refunded: 350,
    });
    const receiptRates = (await receipt(id).expect(200)).body.receipt.vatRates as {
      rate: number;
      net: number;
      vat: number;
    }[];
    const keptRates = await t.db
      .select()
      .from(takingsRates)
      .where(eq(takingsRates.orderId, id))
      .orderBy(takingsRates.rate);
    expect(keptRates.map((r) => [r.rate / 100, r.net, r.vat, r.day])).toEqual(
      receiptRates.map((r) => [r.rate, pence(r.net), pence(r.vat), date]),
    );
    expect(keptRates.map((r) => r.rate)).toEqual([0, 500, 2000]);

    const day = (
      await request(t.server)
        .get(`/api/seller/takings?from=${date}&to=${date}`)
        .set('Cookie', owner)
        .expect(200)
    ).body.days[0];
    expect(day).toMatchObject({ orders: 2, gross: (order.amount + 228) / 100, savings: 1, refunds: 3.5 });
    const csv = (
      await request(t.server)
        .get(`/api/seller/takings?from=${date}&to=${date}&format=csv`)
        .set('Cookie', owner)
        .expect(200)
    ).text
      .trim()
      .split('\r\n');
    expect(csv.map((line) => line.split(',').slice(-2))).toEqual([
      ['refunded', 'savings'],
      ['3.50', '1.00'],
      ['0.00', '0.00'],
    ]);

    // The migration fills the same order rows as the deliveries wrote, and the same rate rows for every order a
    // deal saved nothing on. It splits the way the takings did before they followed the priced lines (the lines at
    // their own prices, a deal's saving given to the rate with the most goods), so an order with a saving, such
    // as this one's 3 rice for £5 at 0% beside the larger 20% rate, keeps that older split: its rates still add
    // up to its goods and VAT, but the migration file, which may have run already, stays as it was.
    const all = async () => ({
      orders: await t.db.select().from(takingsOrders).orderBy(takingsOrders.orderId),
      rates: await t.db.select().from(takingsRates).orderBy(takingsRates.orderId, takingsRates.rate),
    });
    const written = await all();
    expect(written.orders.length).toBeGreaterThan(5);
    const saved = new Set(written.orders.filter((o) => o.savings > 0).map((o) => o.orderId));
    expect(saved).toContain(id);
    const backfill = fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, '0028_takings_split.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n\s*)*INSERT/.test(statement));
    expect(backfill).toHaveLength(2);
    // Then 0030's: the takings keep what was kept (cash less change).
    const keptCash = fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, '0030_money_kept.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /UPDATE "takings_orders"/.test(statement));
    expect(keptCash).toHaveLength(1);
    await t.db.transaction(async (tx) => {
      await tx.delete(takingsOrders);
      for (const statement of [...backfill, ...keptCash]) await tx.execute(sql.raw(statement));
    });
    const filled = await all();
    expect(filled.orders).toEqual(written.orders);
    const withoutSaving = (rows: typeof written.rates) => rows.filter((r) => !saved.has(r.orderId));
    expect(withoutSaving(filled.rates)).toEqual(withoutSaving(written.rates));
    expect(withoutSaving(filled.rates).length).toBeGreaterThan(5);
    for (const o of filled.orders.filter((o) => saved.has(o.orderId))) {
      const rows = filled.rates.filter((r) => r.orderId === o.orderId);
      expect([rows.reduce((sum, r) => sum + r.net, 0), rows.reduce((sum, r) => sum + r.vat, 0)]).toEqual([
        o.goods,
        o.vat,
      ]);
    }
  });
});

describe('cash-up', () => {
  it("signs a run off against its drivers' cash, needs a reason for a variance, and is corrected only by new entries", async () => {
    const date = nextDay();
    const run = DELIVERY_SLOTS[1];
    const soup = await product(300, 0, 'Cash-up soup');
    const a = await place([[soup, 5]], run);
    const b = await place([[soup, 3]], run);
    const c = await place([[soup, 1]], run);
    await deliver(a, { cash: 15, card: 0 });
    await deliver(b, { cash: 5, card: 4 });
    await stage(c, { stage: 'picking' }).expect(200);
    await stage(c, { stage: 'picked', lines: [{ product: soup, picked: 1 }] }).expect(200);
    await stage(c, { stage: 'out_for_delivery' }, driver.cookie).expect(200);
    await stage(c, { stage: 'failed_delivery', reason: 'not_at_home' }, driver.cookie).expect(200);

    const read = () =>
      request(t.server).get(`/api/seller/cash-up?date=${date}`).set('Cookie', manager.cookie);
    const before = (await read().expect(200)).body.runs.find((r: { time: string }) => r.time === run);
    expect(before).toEqual({
      time: run,
      drivers: [{ _id: driver.id, name: 'Dee Driver' }],
      delivered: 2,
      failed: 1,
      due: 24,
      cash: 20,
      card: 4,
      handedIn: null,
      variance: null,
      reason: null,
      signedOff: null,
      reopened: false,
      corrections: 0,
      history: [],
    });

    const post = (body: Record<string, unknown>, cookie = manager.cookie) =>
      request(t.server)
        .post('/api/seller/cash-up')
        .set('Cookie', cookie)
        .send({ date, time: run, ...body });
    await post({ handedIn: 18 }, driver.cookie).expect(403);
    expect((await post({ handedIn: 18 }).expect(400)).body.message).toBe(MESSAGES.cashUpReasonRequired);
    await post({ handedIn: -1, reason: 'x' }).expect(400);
    await request(t.server)
      .post('/api/seller/cash-up')
      .set('Cookie', manager.cookie)
      .send({ date, time: DELIVERY_SLOTS[2], handedIn: 0 })
      .expect(404);

    const signed = (await post({ handedIn: 18, reason: 'Short £2: change given at one door' }).expect(200))
      .body.runs[0];
    expect(signed).toMatchObject({
      handedIn: 18,
      variance: -2,
      reason: 'Short £2: change given at one door',
      signedOff: { by: 'Mo Manager' },
      corrections: 0,
    });
    // Locked: counting again is a correction, with its reason.
    expect((await post({ handedIn: 20 }).expect(409)).body.message).toBe(
      MESSAGES.cashUpCorrectionReasonRequired,
    );
    const corrected = (await post({ handedIn: 20, reason: 'The £2 was found in the van' }).expect(200)).body
      .runs[0];
    expect(corrected).toMatchObject({ handedIn: 20, variance: 0, corrections: 1 });
    const entries = await t.db.select().from(cashUps).where(eq(cashUps.deliveryDate, date));
    expect(entries.map((e) => [e.handedIn, e.variance, e.corrects === null])).toEqual([
      [1800, -200, true],
      [2000, 0, false],
    ]);
    await expect(
      t.db.update(cashUps).set({ handedIn: 2000 }).where(eq(cashUps.id, entries[0].id)),
    ).rejects.toThrow();
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(sql`${activityLog.action} like 'cash-up.%'`);
    expect(logged.map((e) => e.action)).toEqual(['cash-up.sign-off', 'cash-up.correction']);
  });
});
