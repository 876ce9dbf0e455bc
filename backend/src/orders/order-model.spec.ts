/**
 * The order's life as random sequences (fast-check's command-sequence testing) over the real HTTP API: customers
 * place, change and cancel orders (with and without 18+ lines, cash or card), the seller picks (found, short,
 * substitutes), dispatches, delivers (lines refused at the door, the ID check, what was collected; an outcome sent
 * twice with one Idempotency-Key), records failed deliveries and re-books them, completes and cancels, Stripe reports payments
 * and expired sessions, and the clock moves across the cancel hour and the 15:00 cut-off. A small model of the
 * shop says what each step should answer; after every step the invariants are checked against the database and
 * the seller's view:
 *
 * - stock is conserved: a product's starting stock = on the shelf + held or delivered by orders not cancelled +
 *   written off (units found missing when picking, and the shelf then counted as empty);
 * - a slot's booked places = its open (Pending) orders;
 * - no order's total is above the one the customer last agreed to (placing or changing), with a multi-buy
 *   mixing a 0% and a 20% product running in the catalogue;
 * - no change or cancel once picking has started (each step's expected answer);
 * - alcohol is picked only within the licensed hours (the model's own: 08:00-23:00 London), else 409;
 * - `ageCheckRequired` exactly when an 18+ product goes to the door;
 * - a paid order owes back what its total fell by (all of it once cancelled);
 * - every step that changed an order wrote an order event for it, and a refused step changed nothing;
 * - the floor's work is done by pickers and drivers signed in as themselves: a member whose role may not take a
 *   step (a picker dispatching, a driver picking) is refused 403 and changes nothing;
 * - a completed order's receipt and its "complete" e-mail list what the model says went to the door (units found,
 *   substitutes; refused lines gone), the same on both;
 * - the money: what was handed over at the door, the change (what was handed over beyond what was due, from the
 *   cash) and what the shop kept are stored as the model works them out, more than £50 over what is due is refused;
 *   the refunds of an order (cash or card) never exceed what it kept; the takings of each day are what that day's
 *   supplies kept less their refunds; a run's cash is what its delivered orders kept; a signed-off run never
 *   changes silently (an outcome after its sign-off reopens it; entries keep their figures).
 *
 * The model states its own expectations: who may take each step (MAY, its own role table), the prices with VAT
 * (as the labels print them), the deal and the VAT of what it costs, the change and what was kept. It never asks the
 * shop's own rules (shared-domain) what to expect.
 *
 * ORDER_MODEL_RUNS sets the number of sequences (default 20), ORDER_MODEL_SEED the seed (fixed by default; a
 * failure prints the seed and the failing sequence to replay).
 */
import fc from 'fast-check';
import request from 'supertest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DELIVERY_FAILURE_REASONS, DELIVERY_SLOTS } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { FREE_SHIPPING, settings } from '../../test/fixtures';
import { FakeStripeApi, signedEvent, WEBHOOK_SECRET } from '../../test/stripe-stand-in';
import { signInCustomerWithAddress, signInSeller, signInStaff } from '../../test/auth-helpers';
import {
  deliverySlotBookings,
  emailOutbox,
  orderEvents,
  orderItems,
  orders,
  products,
  refunds,
} from '../db/schema';
import { Clock } from '../common/clock';

const RUNS = Number(process.env.ORDER_MODEL_RUNS ?? 20);
const SEED = Number(process.env.ORDER_MODEL_SEED ?? 20261127);
const SLOT_CAPACITY = 3;

/**
 * The products of each sequence: price before VAT (pence), VAT (basis points), the price with VAT a shopper sees
 * (the label's, the model's own figure), starting stock, 18+.
 */
const CATALOGUE = {
  apples: { offerPrice: 150, vat: 0, shelf: 150, stock: 8, adults: false },
  juice: { offerPrice: 240, vat: 2000, shelf: 288, stock: 6, adults: false },
  wine: { offerPrice: 625, vat: 2000, shelf: 750, stock: 5, adults: true },
  oats: { offerPrice: 120, vat: 0, shelf: 120, stock: 6, adults: false },
} as const;
type Key = keyof typeof CATALOGUE;
const KEYS = Object.keys(CATALOGUE) as Key[];

interface Line {
  key: Key;
  quantity: number;
  picked: number | null;
  substitute: { key: Key; quantity: number } | null;
  refused: boolean;
}

/** What was handed over at the door and what the shop kept of it (pence). */
interface Door {
  cash: number;
  card: number;
  change: number;
}

interface ModelOrder {
  id: string;
  customer: number;
  lines: Line[];
  status: 'Pending' | 'Completed' | 'Cancelled';
  fulfilment: 'placed' | 'picking' | 'picked' | 'out_for_delivery' | 'delivered' | 'failed_delivery';
  payment: 'COD' | 'Online';
  isPaid: boolean;
  createdAt: Date;
  deliveryDate: string;
  time: string;
  ageConfirmed: boolean;
  /** The total the customer last agreed to (placing or changing), pence. */
  agreed: number;
  refundDue: number;
  /** What was handed over at the door (null: nothing recorded). */
  door: Door | null;
  /** What a card payment captured (pence; 0 until paid). */
  captured: number;
  /** What the shop kept of the order (pence), once paid; and what was refunded of it. */
  kept: number;
  refunded: number;
  /** The London day it was supplied on (null until completed). */
  suppliedOn: string | null;
}

/** A cash-up entry as the model wrote it: the figures it was made with, and the outcomes of the run it covers. */
interface Entry {
  handedIn: number;
  cash: number;
  variance: number;
  outcomes: number;
}

/** A run (a delivery date's slot): the outcomes recorded on it at the door, and its cash-up entries. */
interface Run {
  outcomes: number;
  entries: Entry[];
}

interface Model {
  now: Date;
  shelf: Record<Key, number>;
  writtenOff: Record<Key, number>;
  orders: ModelOrder[];
  runs: Record<string, Run>;
}

interface Real {
  products: Record<Key, string>;
}

let t: TestApp;
const stripe = new FakeStripeApi();
let seller: string;
/** The seller cookies of a picker and a driver (the owner's is `seller`). */
const members: Record<Member, string> = { owner: '', picker: '', driver: '' };
type Member = 'owner' | 'picker' | 'driver';
let customers: { cookie: string; addressId: string }[];
let clockNow = new Date();
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp({
    smtpUrl: 'smtp://127.0.0.1:4297',
    mailPollIntervalMs: 3_600_000,
    stripeSecretKey: 'sk_test_larder',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: await stripe.start(),
    orderThrottleLimit: 1_000_000,
  });
  t.app.get(Clock).now = () => clockNow;
  seller = await signInSeller(t);
  members.owner = seller;
  members.picker = (await signInStaff(t, 'picker', { ownerCookie: seller })).cookie;
  members.driver = (await signInStaff(t, 'driver', { ownerCookie: seller })).cookie;
  await settings(t, seller, 'shipping', FREE_SHIPPING);
  await settings(t, seller, 'delivery', { slotCapacity: SLOT_CAPACITY });
  await settings(t, seller, 'orders', { maxOpenOrders: 1000 });
  customers = [];
  for (const n of [1, 2]) {
    customers.push(
      await signInCustomerWithAddress(
        t,
        { email: `model${n}@example.com`, lastName: `Model${n}` },
        {
          street: `${n} Mill Lane`,
          city: 'Bristol',
          state: 'Avon',
          postalCode: 'BS1 5AA',
          country: 'United Kingdom',
        },
      ),
    );
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await stripe.stop();
  const summary = [...covered].sort().map(([kind, n]) => `${kind}: ${n}`);
  process.stdout.write(`Order model (${t?.engine}): ${summary.join(', ')}\n`);
});

// ---- what the model expects ---------------------------------------------------------------------------------

const openInSlot = (m: Model, date: string, time: string) =>
  m.orders.filter((o) => o.status === 'Pending' && o.deliveryDate === date && o.time === time).length;

// ---- the model's own rules ------------------------------------------------------------------------------------

/** Who may move an order to each stage (the shop's role table as the model states it); re-booking is `placed`. */
const MAY: Record<Member, readonly string[]> = {
  owner: ['picking', 'picked', 'out_for_delivery', 'delivered', 'failed_delivery', 'placed'],
  picker: ['picking', 'picked'],
  driver: ['out_for_delivery', 'delivered', 'failed_delivery'],
};

const HOUR = 60 * 60 * 1000;
/** A customer may cancel within an hour of placing. */
const CANCEL_WINDOW = HOUR;

const londonParts = (at: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour', string>;

/**
 * The premises licence, the model's own rule: alcohol is sold when it is picked, and may be picked from 08:00 until
 * 23:00 London time every day (the shop's licensed hours unless the seller changes them, which no step does).
 */
const LICENSED_FROM_HOUR = 8;
const LICENSED_UNTIL_HOUR = 23;
function alcoholMayBePicked(at: Date): boolean {
  const hour = Number(londonParts(at).hour);
  return hour >= LICENSED_FROM_HOUR && hour < LICENSED_UNTIL_HOUR;
}

/** The London calendar day of an instant, YYYY-MM-DD. */
function londonDay(at: Date): string {
  const p = londonParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The delivery date on offer: tomorrow (London) until 15:00, the day after from then. */
function deliveryDateAt(now: Date): string {
  return addDays(londonDay(now), Number(londonParts(now).hour) < 15 ? 1 : 2);
}

/** Changes close at 15:00 London on the day before delivery. */
function changeDeadline(deliveryDate: string): Date {
  const dayBefore = addDays(deliveryDate, -1);
  // 15:00 London is 15:00 UTC in winter and 14:00 UTC in summer.
  return [14, 15]
    .map((h) => new Date(`${dayBefore}T${String(h).padStart(2, '0')}:00:00Z`))
    .find((at) => londonParts(at).hour === '15')!;
}

/**
 * The promotion running in each sequence's catalogue: any 3 of apples (0% VAT) and juice (20%) for £4, products
 * named by their keys.
 */
const DEAL = { keys: ['apples', 'juice'] as Key[], quantity: 3, price: 400 };

/** `amount` shared by `weights` in whole pence: each its floor, then a penny each to the largest remainders. */
function shareOut(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((amount * w) / total));
  const order = weights
    .map((w, i) => ({ i, rest: (amount * w) % total }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let left = amount - shares.reduce((a, b) => a + b, 0), k = 0; left > 0; left--, k++)
    shares[order[k].i] += 1;
  return shares;
}

/**
 * What a basket costs (pence), as the model works it out: each unit at its shelf price; the deal's units from the
 * dearest, three at a time for £4 while that saves, the saving shared over a group's units by their prices; a line
 * at its own price keeps its price before VAT, a line in a deal pays VAT on what it costs (half up).
 */
function totalsOf(items: readonly { key: Key; quantity: number }[]) {
  const off = items.map(() => 0);
  const units = items
    .flatMap(({ key, quantity }, line) =>
      DEAL.keys.includes(key)
        ? Array.from({ length: quantity }, () => ({ line, price: CATALOGUE[key].shelf }))
        : [],
    )
    .sort((a, b) => b.price - a.price || a.line - b.line);
  for (let start = 0; start + DEAL.quantity <= units.length; start += DEAL.quantity) {
    const group = units.slice(start, start + DEAL.quantity);
    const value = group.reduce((sum, u) => sum + u.price, 0);
    if (value <= DEAL.price) break;
    shareOut(
      value - DEAL.price,
      group.map((u) => u.price),
    ).forEach((saved, k) => (off[group[k].line] += saved));
  }
  let goods = 0;
  let vat = 0;
  items.forEach(({ key, quantity }, i) => {
    const p = CATALOGUE[key];
    const charged = p.shelf * quantity - off[i];
    const net = off[i] === 0 ? p.offerPrice * quantity : Math.round((charged * 10000) / (10000 + p.vat));
    goods += net;
    vat += charged - net;
  });
  return { goods, vat, amount: goods + vat };
}

/** The change given from a door's cash: what was handed over beyond what was due, never more than the cash. */
function changeOf(due: number, cash: number, card: number): number {
  return Math.min(cash, Math.max(0, cash + card - due));
}

/** The shop may keep at most £50 over what is due (more is taken for a slip). */
const MOST_OVER_DUE = 5000;

const runKey = (date: string, time: string) => `${date} ${time}`;
const runOf = (m: Model, date: string, time: string): Run =>
  (m.runs[runKey(date, time)] ??= { outcomes: 0, entries: [] });

/** The orders completed in a run (delivered at the door, or completed by their status). */
const completedIn = (m: Model, key: string) =>
  m.orders.filter((o) => o.status === 'Completed' && runKey(o.deliveryDate, o.time) === key);

/** The cash a run's delivered orders kept: handed over less change; a cash order completed with no record its total. */
function runCash(m: Model, key: string): number {
  return completedIn(m, key).reduce(
    (sum, o) => sum + (o.door ? o.door.cash - o.door.change : o.payment === 'COD' ? o.kept : 0),
    0,
  );
}

/** The units an order holds back from the shelf (as placed, then as picked, and its substitutes). */
function unitsHeld(order: ModelOrder): Partial<Record<Key, number>> {
  const held: Partial<Record<Key, number>> = {};
  for (const line of order.lines) {
    held[line.key] = (held[line.key] ?? 0) + (line.picked ?? line.quantity);
    if (line.substitute)
      held[line.substitute.key] = (held[line.substitute.key] ?? 0) + line.substitute.quantity;
  }
  return held;
}

function giveBack(m: Model, order: ModelOrder): void {
  for (const [key, units] of Object.entries(unitsHeld(order))) m.shelf[key as Key] += units!;
}

function cancelInModel(m: Model, order: ModelOrder, amount: number): void {
  if (order.isPaid) order.refundDue += amount;
  order.status = 'Cancelled';
  giveBack(m, order);
}

/** An order completed: supplied today (London), what it kept. */
function completeInModel(m: Model, order: ModelOrder, amount: number): void {
  Object.assign(order, {
    status: 'Completed',
    fulfilment: 'delivered',
    isPaid: true,
    suppliedOn: londonDay(m.now),
  });
  const atDoor = order.door ? order.door.cash - order.door.change + order.door.card : null;
  order.kept = order.payment === 'COD' ? (atDoor ?? amount) : order.captured + (atDoor ?? 0);
}

function ageCheckExpected(order: ModelOrder): boolean {
  return order.lines.some(
    (line) =>
      !line.refused &&
      ((CATALOGUE[line.key].adults && (line.picked ?? line.quantity) > 0) ||
        (line.substitute !== null && CATALOGUE[line.substitute.key].adults)),
  );
}

// ---- reading the shop ---------------------------------------------------------------------------------------

async function lastEventId(): Promise<number> {
  const [row] = await t.db
    .select({ id: sql<number>`coalesce(max(${orderEvents.id}), 0)::int` })
    .from(orderEvents);
  return row.id;
}

async function eventsSince(orderId: string, after: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.id} > ${after}`));
  return row.n;
}

/** Units by product name, for comparing what went to the door with a receipt and an e-mail. */
type Units = Record<string, number>;

/** What the model says a completed order supplied: each line's units found and its substitute, refused lines gone. */
function suppliedUnits(order: ModelOrder): Units {
  const units: Units = {};
  const add = (key: Key, n: number) => {
    if (n > 0) units[`${key} ${sequence}`] = (units[`${key} ${sequence}`] ?? 0) + n;
  };
  for (const line of order.lines) {
    if (line.refused) continue;
    add(line.key, line.picked ?? line.quantity);
    if (line.substitute) add(line.substitute.key, line.substitute.quantity);
  }
  return units;
}

/** The completed orders whose receipt and e-mail were compared already (neither changes after completion). */
const receiptsChecked = new Set<string>();

async function expectReceiptAndEmailAsSupplied(order: ModelOrder): Promise<void> {
  const res = await request(t.server).get(`/api/order/${order.id}/receipt`).set('Cookie', seller).expect(200);
  const onReceipt: Units = {};
  for (const line of res.body.receipt.lines as { name: string; quantity: number }[])
    if (line.name !== 'Delivery') onReceipt[line.name] = (onReceipt[line.name] ?? 0) + line.quantity;
  const [mail] = await t.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.kind, 'order-completed')));
  const inEmail: Units = {};
  for (const [, n, name] of mail.text.matchAll(/^(\d+) x (.+?)(?: \([^)]*\))? {2,}£[\d.,]+$/gm))
    inEmail[name] = (inEmail[name] ?? 0) + Number(n);
  const supplied = suppliedUnits(order);
  expect({ id: order.id, onReceipt, inEmail, paid: res.body.receipt.paid }).toEqual({
    id: order.id,
    onReceipt: supplied,
    inEmail: supplied,
    paid: order.kept / 100,
  });
}

async function amountOf(orderId: string): Promise<number> {
  const [row] = await t.db.select({ amount: orders.amount }).from(orders).where(eq(orders.id, orderId));
  return row.amount;
}

/** Runs a step, answers its response, and checks that an order event was written for the order exactly when it changed. */
async function step(
  orderId: string | undefined,
  changes: boolean,
  send: () => Promise<request.Response>,
): Promise<request.Response> {
  const before = await lastEventId();
  const res = await send();
  if (orderId !== undefined) {
    const heard = await eventsSince(orderId, before);
    if (changes) expect(heard).toBeGreaterThan(0);
    else expect(heard).toBe(0);
  }
  return res;
}

/** How many steps ran, by kind and answer: printed after the run, to show what the sequences covered. */
const covered = new Map<string, number>();

function expectStatus(res: request.Response, status: number, what: string): void {
  const kind = `${what.split('(')[0]} ${res.status}`;
  covered.set(kind, (covered.get(kind) ?? 0) + 1);
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
}

async function checkInvariants(m: Model, r: Real): Promise<void> {
  const ids = KEYS.map((key) => r.products[key]);
  const shelf = await t.db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids));
  const out = await t.db
    .select({
      product: orderItems.productId,
      units: sql<number>`sum(coalesce(${orderItems.picked}, ${orderItems.quantity}))::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.productId, ids), sql`${orders.status} <> 'Cancelled'`))
    .groupBy(orderItems.productId);
  const substituted = await t.db
    .select({
      product: orderItems.substituteProductId,
      units: sql<number>`sum(${orderItems.substituteQuantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.substituteProductId, ids), sql`${orders.status} <> 'Cancelled'`))
    .groupBy(orderItems.substituteProductId);
  for (const key of KEYS) {
    const id = r.products[key];
    const onShelf = shelf.find((row) => row.id === id)!.stock!;
    const held =
      (out.find((row) => row.product === id)?.units ?? 0) +
      (substituted.find((row) => row.product === id)?.units ?? 0);
    expect({ key, onShelf }).toEqual({ key, onShelf: m.shelf[key] });
    expect({ key, conserved: onShelf + held + m.writtenOff[key] }).toEqual({
      key,
      conserved: CATALOGUE[key].stock,
    });
  }

  // Every slot's booked places are its open orders (over the whole database, every sequence so far).
  const booked = await t.db.select().from(deliverySlotBookings);
  const open = await t.db
    .select({ date: orders.deliveryDate, time: orders.deliveryTime, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.status, 'Pending'))
    .groupBy(orders.deliveryDate, orders.deliveryTime);
  for (const row of booked) {
    const n = open.find((o) => o.date === row.deliveryDate && o.time === row.deliveryTime)?.n ?? 0;
    expect({ slot: `${row.deliveryDate} ${row.deliveryTime}`, booked: row.booked }).toEqual({
      slot: `${row.deliveryDate} ${row.deliveryTime}`,
      booked: n,
    });
  }
  for (const o of open)
    expect(booked.some((b) => b.deliveryDate === o.date && b.deliveryTime === o.time)).toBe(true);

  if (!m.orders.length) return;
  const rows = await t.db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        m.orders.map((o) => o.id),
      ),
    );
  const views = (await request(t.server).get('/api/order/seller?limit=100').set('Cookie', seller).expect(200))
    .body.orders as { _id: string; ageCheckRequired: boolean; refundDueAmount: number }[];
  for (const order of m.orders) {
    const row = rows.find((r) => r.id === order.id)!;
    const view = views.find((v) => v._id === order.id)!;
    expect({
      id: order.id,
      status: row.status,
      fulfilment: row.fulfilment,
      isPaid: row.isPaid,
      refundDue: row.refundDue,
      withinAgreed: row.amount <= order.agreed,
      ageCheckRequired: view.ageCheckRequired,
    }).toEqual({
      id: order.id,
      status: order.status,
      fulfilment: order.fulfilment,
      isPaid: order.isPaid,
      refundDue: order.refundDue,
      withinAgreed: true,
      ageCheckRequired: ageCheckExpected(order),
    });
    if (order.status === 'Completed' && !receiptsChecked.has(order.id)) {
      await expectReceiptAndEmailAsSupplied(order);
      receiptsChecked.add(order.id);
    }
  }
}

/**
 * The money, against the model: each paid or completed order's door figures as stored (handed over, change) and
 * what its card payment captured; its refunds, never above what it kept; each day's takings, what that day's
 * supplies kept less their refunds; each run's cash, what its delivered orders kept; and each run's cash-up as the
 * model's entries have it (signed off with the latest entry's own figures, or reopened by an outcome after it).
 */
async function checkMoney(m: Model): Promise<void> {
  const paid = m.orders.filter((o) => o.isPaid || o.status === 'Completed');
  if (paid.length) {
    const ids = paid.map((o) => o.id);
    const rows = await t.db.select().from(orders).where(inArray(orders.id, ids));
    const given = await t.db
      .select({ id: refunds.orderId, sum: sql<number>`sum(${refunds.amount})::int` })
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .groupBy(refunds.orderId);
    for (const order of paid) {
      const row = rows.find((r) => r.id === order.id)!;
      expect({
        id: order.id,
        handed: [row.collectedCash, row.collectedCard, row.cashChange],
        captured: row.cardCaptured,
        refunded: given.find((g) => g.id === order.id)?.sum ?? 0,
      }).toEqual({
        id: order.id,
        handed: order.door ? [order.door.cash, order.door.card, order.door.change] : [null, null, null],
        captured: order.payment === 'Online' ? order.captured : null,
        refunded: order.refunded,
      });
      expect(order.refunded).toBeLessThanOrEqual(order.kept);
    }
  }

  const supplied = m.orders.filter((o) => o.suppliedOn !== null);
  if (supplied.length) {
    const days = [...new Set(supplied.map((o) => o.suppliedOn!))].sort();
    const res = await request(t.server)
      .get(`/api/seller/takings?from=${days[0]}&to=${days.at(-1)}`)
      .set('Cookie', seller)
      .expect(200);
    const pence = (pounds: number) => Math.round(pounds * 100);
    for (const day of days) {
      const row = (res.body.days as { date: string; cash: number; card: number; refunds: number }[]).find(
        (d) => d.date === day,
      );
      const ofDay = supplied.filter((o) => o.suppliedOn === day);
      expect({ day, takings: row ? pence(row.cash) + pence(row.card) - pence(row.refunds) : 0 }).toEqual({
        day,
        takings: ofDay.reduce((sum, o) => sum + o.kept - o.refunded, 0),
      });
    }
  }

  const dates = [...new Set(Object.keys(m.runs).map((key) => key.split(' ')[0]))];
  for (const date of dates) {
    const views = (
      await request(t.server).get(`/api/seller/cash-up?date=${date}`).set('Cookie', seller).expect(200)
    ).body.runs as {
      time: string;
      delivered: number;
      cash: number;
      handedIn: number | null;
      variance: number | null;
      signedOff: object | null;
      reopened: boolean;
      history: { kind: string; handedIn: number | null; cash: number | null; variance: number | null }[];
    }[];
    for (const [key, run] of Object.entries(m.runs).filter(([key]) => key.startsWith(`${date} `))) {
      const view = views.find((v) => runKey(date, v.time) === key);
      const delivered = completedIn(m, key).length;
      if (!view) {
        expect({ key, delivered, entries: run.entries.length }).toEqual({ key, delivered: 0, entries: 0 });
        continue;
      }
      const latest = run.entries.at(-1);
      const signed = latest !== undefined && latest.outcomes === run.outcomes ? latest : undefined;
      expect({
        key,
        delivered: view.delivered,
        cash: Math.round(view.cash * 100),
        signedOff: view.signedOff !== null,
        reopened: view.reopened,
        handedIn: view.handedIn,
        variance: view.variance,
        entries: view.history
          .filter((h) => h.kind !== 'reopened')
          .map((h) => [h.handedIn, h.cash, h.variance]),
      }).toEqual({
        key,
        delivered,
        cash: runCash(m, key),
        signedOff: signed !== undefined,
        reopened: latest !== undefined && signed === undefined,
        handedIn: signed ? signed.handedIn / 100 : null,
        variance: signed ? signed.variance / 100 : null,
        entries: run.entries.map((e) => [e.handedIn / 100, e.cash / 100, e.variance / 100]),
      });
    }
  }
}

// ---- the steps ----------------------------------------------------------------------------------------------

/** A step of the sequence: `act` does it and checks its answer; the invariants are checked after every step. */
abstract class Cmd implements fc.AsyncCommand<Model, Real> {
  /** Whether the step can move money (the door, completing, payments, refunds, cash-ups): the money is checked after it. */
  readonly money: boolean = false;
  abstract act(m: Model, r: Real): Promise<void>;
  abstract check(m: Readonly<Model>): boolean;
  async run(m: Model, r: Real): Promise<void> {
    await this.act(m, r);
    await checkInvariants(m, r);
    if (this.money) await checkMoney(m);
  }
}

const orderOf = (m: Model, index: number) => m.orders[index % m.orders.length];

class Place extends Cmd {
  constructor(
    readonly customer: number,
    readonly items: { key: Key; quantity: number }[],
    readonly ageConfirmed: boolean,
    readonly payment: 'COD' | 'Online',
    readonly slot: number,
  ) {
    super();
  }
  override check = () => true;
  override async act(m: Model, r: Real) {
    const date = deliveryDateAt(m.now);
    const time = DELIVERY_SLOTS[this.slot];
    const totals = totalsOf(this.items);
    const expected = this.items.some((item) => m.shelf[item.key] < item.quantity)
      ? 409
      : this.items.some((item) => CATALOGUE[item.key].adults) && !this.ageConfirmed
        ? 400
        : openInSlot(m, date, time) >= SLOT_CAPACITY
          ? 409
          : 201;
    const c = customers[this.customer];
    const res = await request(t.server)
      .post(this.payment === 'COD' ? '/api/order/cod' : '/api/order/stripe')
      .set('Cookie', c.cookie)
      .send({
        items: this.items.map((item) => ({ product: r.products[item.key], quantity: item.quantity })),
        address: c.addressId,
        amount: totals.amount / 100,
        shippingCharge: 0,
        totalVat: totals.vat / 100,
        ageConfirmed: this.ageConfirmed,
        deliverySlot: { date, time },
      });
    expectStatus(res, expected, this.toString());
    if (res.status !== 201) return;
    const id = res.body.orderId as string;
    expect(await eventsSince(id, 0)).toBeGreaterThan(0);
    for (const item of this.items) m.shelf[item.key] -= item.quantity;
    m.orders.push({
      id,
      customer: this.customer,
      lines: this.items.map((item) => ({ ...item, picked: null, substitute: null, refused: false })),
      status: 'Pending',
      fulfilment: 'placed',
      payment: this.payment,
      isPaid: false,
      createdAt: m.now,
      deliveryDate: date,
      time,
      ageConfirmed: this.ageConfirmed,
      agreed: totals.amount,
      refundDue: 0,
      door: null,
      captured: 0,
      kept: 0,
      refunded: 0,
      suppliedOn: null,
    });
  }
  override toString = () =>
    `Place(c${this.customer} ${this.payment} ${this.items.map((i) => `${i.quantity}x${i.key}`).join('+')}` +
    `${this.ageConfirmed ? ' 18+ok' : ''} slot${this.slot})`;
}

class Change extends Cmd {
  constructor(
    readonly index: number,
    readonly items: { key: Key; quantity: number }[],
    readonly ageConfirmed: boolean,
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.length > 0;
  override async act(m: Model, r: Real) {
    const order = orderOf(m, this.index);
    const held = (key: Key) => order.lines.find((line) => line.key === key)?.quantity ?? 0;
    const changeable =
      order.payment === 'COD' &&
      order.status === 'Pending' &&
      order.fulfilment === 'placed' &&
      m.now < changeDeadline(order.deliveryDate);
    const expected = !changeable
      ? 409
      : this.items.some((item) => m.shelf[item.key] + held(item.key) < item.quantity)
        ? 409
        : this.items.some((item) => CATALOGUE[item.key].adults) && !order.ageConfirmed && !this.ageConfirmed
          ? 400
          : 200;
    const res = await step(order.id, expected === 200, () =>
      request(t.server)
        .put(`/api/order/${order.id}`)
        .set('Cookie', customers[order.customer].cookie)
        .send({
          items: this.items.map((item) => ({ product: r.products[item.key], quantity: item.quantity })),
          ...(this.ageConfirmed && { ageConfirmed: true }),
        }),
    );
    expectStatus(res, expected, this.toString());
    if (expected !== 200) return;
    giveBack(m, order);
    for (const item of this.items) m.shelf[item.key] -= item.quantity;
    order.lines = this.items.map((item) => ({ ...item, picked: null, substitute: null, refused: false }));
    order.ageConfirmed ||= this.ageConfirmed;
    order.agreed = totalsOf(this.items).amount;
  }
  override toString = () =>
    `Change(#${this.index} ${this.items.map((i) => `${i.quantity}x${i.key}`).join('+')}${this.ageConfirmed ? ' 18+ok' : ''})`;
}

class CustomerCancel extends Cmd {
  constructor(readonly index: number) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.length > 0;
  override async act(m: Model) {
    const order = orderOf(m, this.index);
    const age = m.now.getTime() - order.createdAt.getTime();
    const allowed = order.status === 'Pending' && order.fulfilment === 'placed' && age < CANCEL_WINDOW;
    const amount = await amountOf(order.id);
    const res = await step(order.id, allowed, () =>
      request(t.server).put(`/api/order/${order.id}/cancel`).set('Cookie', customers[order.customer].cookie),
    );
    expectStatus(res, allowed ? 200 : 409, this.toString());
    if (allowed) cancelInModel(m, order, amount);
  }
  override toString = () => `CustomerCancel(#${this.index})`;
}

class SellerStatus extends Cmd {
  override readonly money = true;
  constructor(
    readonly index: number,
    readonly to: 'Completed' | 'Cancelled',
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.length > 0;
  override async act(m: Model) {
    const order = orderOf(m, this.index);
    const same = order.status === this.to;
    const allowed =
      !same &&
      order.status === 'Pending' &&
      !(this.to === 'Completed' && order.payment === 'Online' && !order.isPaid);
    const amount = await amountOf(order.id);
    const res = await step(order.id, allowed, () =>
      request(t.server).put(`/api/order/${order.id}/status`).set('Cookie', seller).send({ status: this.to }),
    );
    expectStatus(res, allowed || same ? 200 : 409, this.toString());
    if (!allowed) return;
    if (this.to === 'Cancelled') cancelInModel(m, order, amount);
    else completeInModel(m, order, amount);
  }
  override toString = () => `SellerStatus(#${this.index} ${this.to})`;
}

/** What the picker does with each line (by position): how many found, and a substitute for the rest. */
interface PickPlan {
  found: number[];
  substitute: { line: number; key: Key; quantity: number } | null;
  refused: number[];
}

class Fulfil extends Cmd {
  override readonly money = true;
  constructor(
    readonly index: number,
    readonly plan: PickPlan,
    /** Who sends the step: the owner, or a picker or driver signed in as themselves. */
    readonly by: Member = 'owner',
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.length > 0;
  override async act(m: Model, r: Real) {
    const order = orderOf(m, this.index);
    const stages = ['placed', 'picking', 'picked', 'out_for_delivery', 'delivered'] as const;
    // A failed delivery's next step is a re-booking (stage placed), which the Rebook step sends with its slot.
    const to =
      order.fulfilment === 'failed_delivery'
        ? 'placed'
        : (stages[stages.indexOf(order.fulfilment) + 1] ?? 'delivered');
    const found = order.lines.map((line, i) =>
      Math.min(line.quantity, this.plan.found[i % 4] ?? line.quantity),
    );
    const sub = this.plan.substitute;
    const subLine = sub && order.lines[sub.line % order.lines.length];
    const subIndex = sub ? sub.line % order.lines.length : -1;
    const subUsable =
      sub !== null &&
      subLine !== null &&
      !order.lines.some((line) => line.key === sub.key) &&
      subLine.quantity - found[subIndex] >= 1;
    const subQuantity = subUsable ? Math.min(sub.quantity, subLine.quantity - found[subIndex]) : 0;

    let expected: number;
    if (!MAY[this.by].includes(to)) expected = 403;
    else if (order.status !== 'Pending') expected = 409;
    else if (order.payment === 'Online' && !order.isPaid) expected = 409;
    else if (to === 'picked') {
      // Short lines' shelves are counted empty before the substitutes are taken.
      const shelfAfter = { ...m.shelf };
      order.lines.forEach((line, i) => {
        if (found[i] < line.quantity) shelfAfter[line.key] = 0;
      });
      const alcoholPicked =
        order.lines.some((line, i) => CATALOGUE[line.key].adults && found[i] > 0) ||
        (subUsable && CATALOGUE[sub.key].adults);
      if (subUsable && CATALOGUE[sub.key].adults && !order.ageConfirmed) expected = 400;
      else if (alcoholPicked && !alcoholMayBePicked(m.now)) expected = 409;
      else if (subUsable && shelfAfter[sub.key] < subQuantity) expected = 409;
      else expected = 200;
    } else if (order.fulfilment === 'failed_delivery')
      expected = 400; // re-booking (stage placed) needs a slot: the Rebook step sends one
    else expected = 200;

    const body: Record<string, unknown> = { stage: to };
    if (to === 'picked')
      body.lines = order.lines.map((line, i) => ({
        product: r.products[line.key],
        picked: found[i],
        ...(subUsable &&
          i === subIndex && { substitute: { product: r.products[sub.key], quantity: subQuantity } }),
      }));
    const refusedLines =
      to === 'delivered' ? order.lines.filter((_line, i) => this.plan.refused.includes(i)) : [];
    if (to === 'delivered')
      body.lines = refusedLines.map((line) => ({ product: r.products[line.key], refused: true }));

    const before = await amountOf(order.id);
    const res = await step(order.id, expected === 200, () =>
      request(t.server).put(`/api/order/${order.id}/fulfilment`).set('Cookie', members[this.by]).send(body),
    );
    expectStatus(res, expected, `${this.toString()} at ${order.status}/${order.fulfilment}`);
    if (expected !== 200) return;

    if (to === 'picked') {
      order.lines.forEach((line, i) => {
        if (found[i] < line.quantity) {
          m.writtenOff[line.key] += m.shelf[line.key] + (line.quantity - found[i]);
          m.shelf[line.key] = 0;
        }
        line.picked = found[i];
      });
      if (subUsable) {
        m.shelf[sub.key] -= subQuantity;
        order.lines[subIndex].substitute = { key: sub.key, quantity: subQuantity };
      }
    }
    if (to === 'delivered') for (const line of refusedLines) line.refused = true;
    order.fulfilment = to;
    const after = await amountOf(order.id);
    // A paid order owes back what its total fell by.
    if (order.payment === 'Online' && order.isPaid) order.refundDue += Math.max(0, before - after);
    if (to === 'delivered') {
      runOf(m, order.deliveryDate, order.time).outcomes += 1;
      completeInModel(m, order, after);
    }
  }
  override toString = () => `Fulfil(#${this.index} ${JSON.stringify(this.plan)} by ${this.by})`;
}

/** What the driver records at the door: delivered (refused lines, ID check, money handed over) or not. */
interface DoorPlan {
  delivered: boolean;
  refused: number[];
  idCheck: 'passed' | 'failed' | undefined;
  cash: number;
  card: number;
  reason: (typeof DELIVERY_FAILURE_REASONS)[number];
  /** The phone sends the outcome a second time with the same Idempotency-Key (its answer was lost). */
  replay: boolean;
  /** A slip of the finger: £6,000 typed as handed over (refused; nothing changes). */
  slip: boolean;
}

let doorSteps = 0;

/**
 * Mostly an order the step applies to (so the sequences reach the door), now and then any order (to see it
 * refused).
 */
function pickOrder(m: Model, index: number, fits: (order: ModelOrder) => boolean): ModelOrder {
  const fitting = m.orders.filter(fits);
  return fitting.length && index % 4 !== 0 ? fitting[index % fitting.length] : orderOf(m, index);
}

class AtTheDoor extends Cmd {
  override readonly money = true;
  constructor(
    readonly index: number,
    readonly plan: DoorPlan,
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.length > 0;
  /** `target`: the order to take to the door (ToTheDoor's), else one the index picks. */
  override async act(m: Model, r: Real, target?: ModelOrder) {
    const order =
      target ??
      pickOrder(m, this.index, (o) => o.status === 'Pending' && o.fulfilment === 'out_for_delivery');
    const allowed = order.status === 'Pending' && order.fulfilment === 'out_for_delivery';
    const leaving = order.lines.filter(
      (line, i) =>
        !line.refused &&
        (this.plan.refused.includes(i) ||
          (this.plan.idCheck === 'failed' &&
            (CATALOGUE[line.key].adults ||
              (line.substitute !== null && CATALOGUE[line.substitute.key].adults)))),
    );
    const cash = this.plan.slip ? 600_000 : this.plan.cash;
    const body = this.plan.delivered
      ? {
          stage: 'delivered',
          lines: order.lines
            .filter((_line, i) => this.plan.refused.includes(i))
            .map((line) => ({ product: r.products[line.key], refused: true })),
          collected: { cash: cash / 100, card: this.plan.card / 100 },
          ...(this.plan.idCheck && { idCheck: this.plan.idCheck }),
        }
      : { stage: 'failed_delivery', reason: this.plan.reason, note: 'Gate locked' };
    // What is due can only fall at the door (refused lines), and at most £50 is handed over but for a slip: more
    // than £50 over what is due before the door is more than £50 over what it is after.
    const dueBefore = order.payment === 'COD' ? await amountOf(order.id) : 0;
    const slipped = allowed && this.plan.delivered && cash + this.plan.card - dueBefore > MOST_OVER_DUE;
    doorSteps += 1;
    const key = `door-${sequence}-${doorSteps}`;
    const send = () =>
      request(t.server)
        .put(`/api/order/${order.id}/fulfilment`)
        .set('Cookie', seller)
        .set('Idempotency-Key', key)
        .send(body);
    const before = await amountOf(order.id);
    const res = await step(order.id, allowed && !slipped, send);
    expectStatus(
      res,
      !allowed ? 409 : slipped ? 400 : 200,
      `${this.toString()} at ${order.status}/${order.fulfilment}`,
    );
    if (!allowed || slipped) return;
    if (this.plan.replay) {
      const again = await step(order.id, false, send);
      expectStatus(again, 200, `${this.toString()} replayed`);
    }
    runOf(m, order.deliveryDate, order.time).outcomes += 1;
    if (!this.plan.delivered) {
      order.fulfilment = 'failed_delivery';
      return;
    }
    for (const line of leaving) line.refused = true;
    const after = await amountOf(order.id);
    if (order.payment === 'Online') order.refundDue += Math.max(0, before - after);
    // What the customer owes (a card order nothing), what was handed over, the change and what was kept.
    const due = order.payment === 'COD' ? after : 0;
    order.door = { cash, card: this.plan.card, change: changeOf(due, cash, this.plan.card) };
    completeInModel(m, order, after);
    expect(res.body.order).toMatchObject({
      due: due / 100,
      collected: {
        cash: cash / 100,
        card: this.plan.card / 100,
        change: order.door.change / 100,
        kept: (cash - order.door.change + this.plan.card) / 100,
      },
    });
  }
  override toString = () => `AtTheDoor(#${this.index} ${JSON.stringify(this.plan)})`;
}

/** The seller takes an open order one stage nearer the door, all found (so the sequences reach the door). */
class Advance extends Cmd {
  override readonly money = true;
  constructor(readonly index: number) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.length > 0;
  override async act(m: Model, r: Real) {
    const order = pickOrder(
      m,
      this.index,
      (o) =>
        o.status === 'Pending' &&
        ['placed', 'picking', 'picked'].includes(o.fulfilment) &&
        (o.payment === 'COD' || o.isPaid),
    );
    await new Fulfil(m.orders.indexOf(order), { found: [4, 4, 4, 4], substitute: null, refused: [] }).act(
      m,
      r,
    );
  }
  override toString = () => `Advance(#${this.index})`;
}

/**
 * An order taken all the way to the door: picked in full (by the picker), taken out (by the driver) and its outcome
 * recorded there as AtTheDoor does, so that sequences reach the money at the door.
 */
class ToTheDoor extends Cmd {
  override readonly money = true;
  constructor(
    readonly index: number,
    readonly plan: DoorPlan,
  ) {
    super();
  }
  override check = (m: Readonly<Model>) =>
    m.orders.some(
      (o) =>
        o.status === 'Pending' && o.fulfilment !== 'failed_delivery' && (o.payment === 'COD' || o.isPaid),
    );
  override async act(m: Model, r: Real) {
    const fits = m.orders.filter(
      (o) =>
        o.status === 'Pending' && o.fulfilment !== 'failed_delivery' && (o.payment === 'COD' || o.isPaid),
    );
    const order = fits[this.index % fits.length];
    const all = { found: [4, 4, 4, 4], substitute: null, refused: [] };
    for (let guard = 0; order.fulfilment !== 'out_for_delivery' && guard < 3; guard++) {
      const by: Member = order.fulfilment === 'picked' ? 'driver' : 'picker';
      const before = order.fulfilment;
      await new Fulfil(m.orders.indexOf(order), all, by).act(m, r);
      // Alcohol outside the licensed hours (or a stage refused) stops it on the way: the door waits.
      if (order.fulfilment === before) return;
    }
    await new AtTheDoor(0, this.plan).act(m, r, order);
  }
  override toString = () => `ToTheDoor(#${this.index} ${JSON.stringify(this.plan)})`;
}

class Rebook extends Cmd {
  constructor(
    readonly index: number,
    readonly slot: number,
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.length > 0;
  override async act(m: Model) {
    const order = pickOrder(
      m,
      this.index,
      (o) => o.status === 'Pending' && o.fulfilment === 'failed_delivery',
    );
    const date = deliveryDateAt(m.now);
    const time = DELIVERY_SLOTS[this.slot];
    const same = order.deliveryDate === date && order.time === time;
    const expected =
      order.status !== 'Pending' || order.fulfilment !== 'failed_delivery'
        ? 409
        : !same && openInSlot(m, date, time) >= SLOT_CAPACITY
          ? 409
          : 200;
    const res = await step(order.id, expected === 200, () =>
      request(t.server)
        .put(`/api/order/${order.id}/fulfilment`)
        .set('Cookie', seller)
        .send({ stage: 'placed', deliverySlot: { date, time } }),
    );
    expectStatus(res, expected, `${this.toString()} at ${order.status}/${order.fulfilment}`);
    if (expected !== 200) return;
    Object.assign(order, { deliveryDate: date, time, fulfilment: 'picked' });
  }
  override toString = () => `Rebook(#${this.index} slot${this.slot})`;
}

class CardReport extends Cmd {
  override readonly money = true;
  constructor(
    readonly index: number,
    readonly paid: boolean,
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.some((o) => o.payment === 'Online');
  override async act(m: Model) {
    const cards = m.orders.filter((o) => o.payment === 'Online');
    const order = cards[this.index % cards.length];
    const [row] = await t.db
      .select({ session: orders.stripeSessionId, amount: orders.amount })
      .from(orders)
      .where(eq(orders.id, order.id));
    const changes = this.paid ? !order.isPaid : order.status === 'Pending' && !order.isPaid;
    const event = this.paid
      ? signedEvent('checkout.session.completed', { id: row.session, payment_status: 'paid' })
      : signedEvent('checkout.session.expired', { id: row.session });
    const res = await step(order.id, changes, () =>
      request(t.server)
        .post('/api/order/stripe/webhook')
        .set('Content-Type', 'application/json; charset=utf-8')
        .set('Stripe-Signature', event.signature)
        .send(event.payload),
    );
    expectStatus(res, 200, this.toString());
    if (!changes) return;
    if (this.paid) {
      // The payment captured the total the customer agreed to (a card order is not changed before it is paid).
      Object.assign(order, { isPaid: true, captured: order.agreed, kept: order.agreed });
      if (order.status === 'Cancelled') order.refundDue = row.amount;
    } else cancelInModel(m, order, row.amount);
  }
  override toString = () => `Card${this.paid ? 'Paid' : 'Expired'}(#${this.index})`;
}

/** What a refund step gives back: a little, all that is left, or a penny more than that. */
type RefundSize = 'some' | 'rest' | 'over';

class Refund extends Cmd {
  override readonly money = true;
  constructor(
    readonly index: number,
    readonly size: RefundSize,
    readonly method: 'cash' | 'card' | 'bank',
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.orders.length > 0;
  override async act(m: Model) {
    const order = pickOrder(m, this.index, (o) => o.isPaid);
    const left = order.kept - order.refunded;
    const amount =
      this.size === 'some'
        ? Math.min(100, Math.max(1, left))
        : this.size === 'rest'
          ? Math.max(1, left)
          : left + 1;
    const expected = !order.isPaid ? 409 : amount > left ? 400 : 201;
    const res = await request(t.server)
      .post(`/api/order/${order.id}/refunds`)
      .set('Cookie', seller)
      .send({ amount: amount / 100, method: this.method, reason: `Model refund ${this.size}` });
    expectStatus(
      res,
      expected,
      `${this.toString()} of ${order.payment} kept ${order.kept} refunded ${order.refunded}`,
    );
    if (expected !== 201) return;
    order.refunded += amount;
    order.refundDue = Math.max(0, order.refundDue - amount);
  }
  override toString = () => `Refund(#${this.index} ${this.size} ${this.method})`;
}

/** A cash-up of one of the sequence's runs: the cash counted in (what the run kept, or £2 short, or £1.50 over). */
class CashUp extends Cmd {
  override readonly money = true;
  constructor(
    readonly index: number,
    readonly difference: 0 | -200 | 150,
    readonly reason: 'none' | 'invisible' | 'words',
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => Object.keys(m.runs).length > 0;
  override async act(m: Model) {
    const keys = Object.keys(m.runs).sort();
    const key = keys[this.index % keys.length];
    const run = m.runs[key];
    const cash = runCash(m, key);
    const handedIn = Math.max(0, cash + this.difference);
    const variance = handedIn - cash;
    const latest = run.entries.at(-1);
    const signedOff = latest !== undefined && latest.outcomes === run.outcomes;
    const worded = this.reason === 'words';
    const expected =
      completedIn(m, key).length === 0
        ? 404
        : variance !== 0 && !worded
          ? 400
          : signedOff && !worded
            ? 409
            : 200;
    const [date, ...time] = key.split(' ');
    const res = await request(t.server)
      .post('/api/seller/cash-up')
      .set('Cookie', seller)
      .send({
        date,
        time: time.join(' '),
        handedIn: handedIn / 100,
        ...(this.reason !== 'none' && { reason: worded ? 'Counted twice' : '\u200b' }),
      });
    expectStatus(res, expected, `${this.toString()} of ${key}`);
    if (expected === 200) run.entries.push({ handedIn, cash, variance, outcomes: run.outcomes });
  }
  override toString = () => `CashUp(#${this.index} ${this.difference} ${this.reason})`;
}

class Tick extends Cmd {
  constructor(readonly minutes: number) {
    super();
  }
  override check = () => true;
  override async act(m: Model) {
    m.now = new Date(m.now.getTime() + this.minutes * 60_000);
    clockNow = m.now;
  }
  override toString = () => `Tick(${this.minutes} min)`;
}

// ---- generators ---------------------------------------------------------------------------------------------

/**
 * A regular delivery (standing order) whose next delivery is the shop's delivery date: made now, its order is
 * placed at once through the checkout, fitted to the shop as it is (a line short of stock reduced to what is left
 * or left out; the slot nearest its own with places). The plan then ends; its order stays.
 */
class StandingOrderPlaced extends Cmd {
  constructor(
    readonly customer: number,
    readonly items: { key: Key; quantity: number }[],
    readonly slot: number,
  ) {
    super();
  }
  override check = () => true;
  override async act(m: Model, r: Real) {
    const date = deliveryDateAt(m.now);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
    const adults = this.items.some((item) => CATALOGUE[item.key].adults);
    const fitted = this.items
      .map((item) => ({ key: item.key, quantity: Math.min(item.quantity, m.shelf[item.key]) }))
      .filter((item) => item.quantity > 0);
    const time = [0, 1, 2]
      .sort((a, b) => Math.abs(a - this.slot) - Math.abs(b - this.slot) || a - b)
      .map((i) => DELIVERY_SLOTS[i])
      .find((slot) => openInSlot(m, date, slot) < SLOT_CAPACITY);
    const c = customers[this.customer];
    const res = await request(t.server)
      .post('/api/user/standing-orders')
      .set('Cookie', c.cookie)
      .send({
        items: this.items.map((item) => ({ product: r.products[item.key], quantity: item.quantity })),
        address: c.addressId,
        time: DELIVERY_SLOTS[this.slot],
        weekday,
        every: 1,
        ageConfirmed: adults,
      });
    expectStatus(res, 201, this.toString());
    const planId = res.body.standingOrder._id as string;
    const placed = await t.db
      .select({ id: orders.id, time: orders.deliveryTime, date: orders.deliveryDate })
      .from(orders)
      .where(eq(orders.standingOrderId, planId));
    await request(t.server).delete(`/api/user/standing-orders/${planId}`).set('Cookie', c.cookie).expect(200);
    if (!fitted.length || !time) {
      expect(placed).toEqual([]);
      return;
    }
    expect(placed.map((o) => [o.date, o.time])).toEqual([[date, time]]);
    const lines = await t.db
      .select({ product: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed[0].id));
    const byKey = (key: Key) => lines.find((l) => l.product === r.products[key])?.quantity ?? 0;
    expect(KEYS.map(byKey)).toEqual(KEYS.map((key) => fitted.find((f) => f.key === key)?.quantity ?? 0));
    for (const item of fitted) m.shelf[item.key] -= item.quantity;
    m.orders.push({
      id: placed[0].id,
      customer: this.customer,
      lines: fitted.map((item) => ({ ...item, picked: null, substitute: null, refused: false })),
      status: 'Pending',
      fulfilment: 'placed',
      payment: 'COD',
      isPaid: false,
      createdAt: m.now,
      deliveryDate: date,
      time,
      ageConfirmed: adults,
      // Priced by the shop at today's prices: what the customer agreed to is what it placed.
      agreed: await amountOf(placed[0].id),
      refundDue: 0,
      door: null,
      captured: 0,
      kept: 0,
      refunded: 0,
      suppliedOn: null,
    });
  }
  override toString = () =>
    `StandingOrderPlaced(c${this.customer} ${this.items.map((i) => `${i.quantity}x${i.key}`).join('+')} slot${this.slot})`;
}

const items = fc
  .uniqueArray(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 })
  .chain((keys) =>
    fc.tuple(...keys.map((key) => fc.integer({ min: 1, max: 4 }).map((quantity) => ({ key, quantity })))),
  );

const place = fc
  .tuple(
    fc.nat(1),
    items,
    fc.boolean(),
    fc.constantFrom('COD' as const, 'COD' as const, 'Online' as const),
    fc.nat(2),
  )
  .map(([customer, lines, ok, payment, slot]) => new Place(customer, lines, ok, payment, slot));
const change = fc
  .tuple(fc.nat(20), items, fc.boolean())
  .map(([index, lines, ok]) => new Change(index, lines, ok));
const pick = fc
  .record({
    found: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 4, maxLength: 4 }),
    substitute: fc.option(
      fc.record({ line: fc.nat(2), key: fc.constantFrom(...KEYS), quantity: fc.integer({ min: 1, max: 3 }) }),
    ),
    refused: fc.subarray([0, 1, 2]),
  })
  .chain((plan) =>
    fc
      .tuple(fc.nat(20), fc.constantFrom<Member>('owner', 'picker', 'picker', 'driver'))
      .map(([index, by]) => new Fulfil(index, plan, by)),
  );

const doorPlan = fc.record({
  delivered: fc.boolean(),
  refused: fc.subarray([0, 1, 2]),
  idCheck: fc.constantFrom(undefined, 'passed' as const, 'failed' as const),
  // At most £50 handed over in all, so never more than £50 over what is due; a slip is £6,000.
  cash: fc.nat(4000),
  card: fc.nat(1000),
  reason: fc.constantFrom(...DELIVERY_FAILURE_REASONS),
  replay: fc.boolean(),
  slip: fc.nat(5).map((n) => n === 0),
});
const door = doorPlan.chain((plan) => fc.nat(20).map((index) => new AtTheDoor(index, plan)));
const toTheDoor = doorPlan.chain((plan) => fc.nat(20).map((index) => new ToTheDoor(index, plan)));
const rebook = fc.tuple(fc.nat(20), fc.nat(2)).map(([index, slot]) => new Rebook(index, slot));
const refund = fc
  .tuple(
    fc.nat(20),
    fc.constantFrom<RefundSize>('some', 'rest', 'over'),
    fc.constantFrom('cash' as const, 'card' as const, 'bank' as const),
  )
  .map(([index, size, method]) => new Refund(index, size, method));
const cashUp = fc
  .tuple(
    fc.nat(5),
    fc.constantFrom(0 as const, -200 as const, 150 as const),
    fc.constantFrom('none' as const, 'invisible' as const, 'words' as const),
  )
  .map(([index, difference, reason]) => new CashUp(index, difference, reason));

const standing = fc
  .tuple(fc.nat(1), items, fc.nat(2))
  .map(([customer, lines, slot]) => new StandingOrderPlaced(customer, lines, slot));

// Drawn uniformly from this list: placing, changing and picking come up more often than the rest.
const commands = [
  place,
  place,
  standing,
  change,
  change,
  fc.nat(20).map((index) => new CustomerCancel(index)),
  fc
    .tuple(fc.nat(20), fc.constantFrom('Completed' as const, 'Cancelled' as const))
    .map(([index, to]) => new SellerStatus(index, to)),
  pick,
  pick,
  fc.nat(20).map((index) => new Fulfil(index, { found: [4, 4, 4, 4], substitute: null, refused: [] })),
  fc.nat(20).map((index) => new Advance(index)),
  fc.nat(20).map((index) => new Advance(index)),
  fc.nat(20).map((index) => new Advance(index)),
  fc.tuple(fc.nat(5), fc.boolean()).map(([index, paid]) => new CardReport(index, paid)),
  fc.constantFrom(5, 20, 45, 61, 120, 150, 400).map((minutes) => new Tick(minutes)),
  door,
  door,
  rebook,
  rebook,
  toTheDoor,
  toTheDoor,
  refund,
  refund,
  cashUp,
  cashUp,
];

describe('the order lifecycle as random sequences of customer, seller, payment and clock steps', () => {
  it(`keeps every invariant (${RUNS} sequences, seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'max' }), async (steps) => {
        // Each sequence starts at 09:00 London on a day of its own (its slots, runs and takings days empty), thirty
        // days after the last.
        sequence += 1;
        const now = new Date(Date.UTC(2027, 2, 1, 9, 0) + sequence * 30 * 86_400_000);
        clockNow = now;
        const real: Real = { products: {} as Record<Key, string> };
        for (const key of KEYS) {
          const p = CATALOGUE[key];
          real.products[key] = await createProduct(t, {
            name: `${key} ${sequence}`,
            price: p.offerPrice,
            offerPrice: p.offerPrice,
            vatBasisPoints: p.vat,
            stock: p.stock,
            ageRestricted: p.adults,
          });
        }
        // The deal runs through the whole sequence (its clock moves at most a few days).
        const start = now.toISOString().slice(0, 10);
        const end = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
        await request(t.server)
          .post('/api/seller/promotions')
          .set('Cookie', seller)
          .send({
            kind: 'multibuy',
            products: DEAL.keys.map((key) => real.products[key]),
            quantity: DEAL.quantity,
            price: DEAL.price / 100,
            startsAt: start,
            endsAt: end,
          })
          .expect(201);
        const model: Model = {
          now,
          shelf: Object.fromEntries(KEYS.map((key) => [key, CATALOGUE[key].stock])) as Record<Key, number>,
          writtenOff: Object.fromEntries(KEYS.map((key) => [key, 0])) as Record<Key, number>,
          orders: [],
          runs: {},
        };
        await fc.asyncModelRun(() => ({ model, real }), steps);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 900_000);
});
