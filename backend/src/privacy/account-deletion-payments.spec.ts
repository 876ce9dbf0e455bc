import { PassThrough } from 'node:stream';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES, DELIVERY_SLOTS, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { FakeStripeApi, signedEvent, WEBHOOK_SECRET } from '../../test/stripe-stand-in';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS } from '../../test/fixtures';
import { orders, products } from '../db/schema';
import { Clock } from '../common/clock';
import { UsersService } from '../users/users.service';

const NOW = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';
const SLOT = DELIVERY_SLOTS[1];

interface Shopper {
  cookie: string;
  addressId: string;
  email: string;
  userId: string;
}

interface SellerOrder {
  _id: string;
  status: string;
  isPaid: boolean;
  refundDue: boolean;
  userId: string | null;
  customer: { name: string; email: string | null; phone: string | null; address: string | null };
}

/**
 * Deleting an account while card payments are open or paid: Stripe sessions are closed outside the deletion's
 * transaction, paid orders are cancelled and marked refund due for the seller, and a checkout racing the deletion
 * either lands before it (and is cancelled with the rest) or fails with 401.
 */
describe('account deletion with card payments (local stand-in for the Stripe API)', () => {
  const fake = new FakeStripeApi();
  const logLines: string[] = [];
  let t: TestApp;
  let seller: string;
  let tea: string;
  let customers = 0;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
    const apiBase = await fake.start();
    t = await createTestApp(
      {
        stripeSecretKey: 'sk_test_larder',
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiBase: apiBase,
        logLevel: 'info',
      },
      { logStream: stream as unknown as import('pino').DestinationStream },
    );
    t.app.get(Clock).now = () => NOW;
    seller = await signInSeller(t);
    // £2.50 a unit, 0% VAT; 3 units: goods £7.50 + £3.99 delivery = £11.49.
    tea = await createProduct(t, { name: 'Breakfast tea', offerPrice: 250, price: 300, stock: 1000 });
  });

  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  async function shopper(): Promise<Shopper> {
    customers += 1;
    const email = `leaving-${customers}@example.com`;
    const signedIn = await signInCustomerWithAddress(
      t,
      { email, firstName: 'Nia', lastName: `Hughes${customers}` },
      ADDRESS,
    );
    const profile = await request(t.server)
      .get('/api/user/profile')
      .set('Cookie', signedIn.cookie)
      .expect(200);
    return { ...signedIn, email, userId: profile.body.user._id as string };
  }

  function order(s: Shopper, paymentType: 'COD' | 'Online') {
    return {
      items: [{ product: tea, quantity: 3 }],
      address: s.addressId,
      paymentType,
      amount: 11.49,
      shippingCharge: 3.99,
      totalVat: 0,
      deliverySlot: { date: TUESDAY, time: SLOT },
    };
  }

  function placeCod(s: Shopper) {
    return request(t.server).post('/api/order/cod').set('Cookie', s.cookie).send(order(s, 'COD'));
  }

  function placeCard(s: Shopper) {
    return request(t.server).post('/api/order/stripe').set('Cookie', s.cookie).send(order(s, 'Online'));
  }

  async function startCheckout(s: Shopper): Promise<{ orderId: string; sessionId: string }> {
    const res = await placeCard(s);
    expect(res.status).toBe(201);
    return { orderId: res.body.orderId, sessionId: (res.body.url as string).split('/').pop()! };
  }

  function webhook(type: string, sessionId: string, paymentStatus: string) {
    const { payload, signature } = signedEvent(type, {
      id: sessionId,
      object: 'checkout.session',
      payment_status: paymentStatus,
    });
    return request(t.server)
      .post('/api/order/stripe/webhook')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Stripe-Signature', signature)
      .send(payload);
  }

  /** The customer pays on Stripe's page; Stripe reports it. */
  async function pay(sessionId: string): Promise<void> {
    fake.completeSession(sessionId);
    expect((await webhook('checkout.session.completed', sessionId, 'paid')).status).toBe(200);
  }

  function deleteAccount(s: Shopper) {
    return request(t.server).delete('/api/user/delete-account').set('Cookie', s.cookie);
  }

  async function row(id: string) {
    const [found] = await t.db.select().from(orders).where(eq(orders.id, id));
    return found;
  }

  async function stockOfTea(): Promise<number> {
    const [found] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, tea));
    return found.stock!;
  }

  async function placesBooked(): Promise<number> {
    const res = await request(t.server).get('/api/delivery/slots').expect(200);
    return (res.body.slots as { time: string; booked: number }[]).find((slot) => slot.time === SLOT)!.booked;
  }

  async function shelves(): Promise<[number, number]> {
    return [await stockOfTea(), await placesBooked()];
  }

  async function orderCount(): Promise<number> {
    const [found] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    return found.n;
  }

  /** The order as the seller's list shows it (every page read). */
  async function sellerView(id: string): Promise<SellerOrder | undefined> {
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const res = await request(t.server)
        .get(`/api/order/seller?page=${page}&limit=100`)
        .set('Cookie', seller)
        .expect(200);
      const found = (res.body.orders as SellerOrder[]).find((o) => o._id === id);
      if (found) return found;
      pages = res.body.totalPages;
    }
    return undefined;
  }

  function expectForgotten(found: Awaited<ReturnType<typeof row>>) {
    expect(found).toMatchObject({
      userId: null,
      address: null,
      customerName: null,
      customerEmail: null,
      customerPhone: null,
    });
  }

  it('expires the open Checkout Session of an unpaid card order, cancels the order and gives back its units and slot place', async () => {
    const before = await shelves();
    const s = await shopper();
    const { orderId, sessionId } = await startCheckout(s);
    expect(await shelves()).toEqual([before[0] - 3, before[1] + 1]);

    expect((await deleteAccount(s)).status).toBe(200);
    expect(fake.expired).toContain(sessionId);
    expect(fake.sessions.get(sessionId)).toMatchObject({ status: 'expired' });
    const found = await row(orderId);
    expect(found).toMatchObject({ status: 'Cancelled', isPaid: false, refundDueAt: null });
    expectForgotten(found);
    expect(await shelves()).toEqual(before);
    expect(await sellerView(orderId)).toMatchObject({ status: 'Cancelled', isPaid: false, refundDue: false });

    // Stripe then reports the expiry: nothing is given back twice.
    expect((await webhook('checkout.session.expired', sessionId, 'unpaid')).status).toBe(200);
    expect(await shelves()).toEqual(before);
  });

  it('cancels a paid order not yet delivered, marks it refund due and shows it so to the seller; cash orders are only cancelled', async () => {
    const before = await shelves();
    const s = await shopper();
    const card = await startCheckout(s);
    await pay(card.sessionId);
    const cod = (await placeCod(s).expect(201)).body.orderId as string;
    expect(await row(card.orderId)).toMatchObject({ status: 'Pending', isPaid: true, refundDueAt: null });
    const expireCalls = fake.expired.length;

    expect((await deleteAccount(s)).status).toBe(200);
    const paid = await row(card.orderId);
    expect(paid).toMatchObject({ status: 'Cancelled', isPaid: true, refundDueAt: NOW });
    expectForgotten(paid);
    expect(await row(cod)).toMatchObject({ status: 'Cancelled', isPaid: false, refundDueAt: null });
    // A paid session is not asked to expire.
    expect(fake.expired.length).toBe(expireCalls);
    expect(await shelves()).toEqual(before);

    expect(await sellerView(card.orderId)).toMatchObject({
      status: 'Cancelled',
      isPaid: true,
      refundDue: true,
      userId: null,
      customer: { name: 'Deleted customer', email: null, phone: null, address: null },
    });
    expect(await sellerView(cod)).toMatchObject({ status: 'Cancelled', refundDue: false });
  });

  it('marks refund due a payment Stripe reports after the deletion, without personal data in the log', async () => {
    const before = await shelves();
    const s = await shopper();
    const { orderId, sessionId } = await startCheckout(s);
    // The customer pays on Stripe's page as the deletion starts; Stripe's report comes after it.
    fake.completeSession(sessionId);
    const logged = logLines.length;

    expect((await deleteAccount(s)).status).toBe(200);
    expect(fake.expired).toContain(sessionId);
    expect(await row(orderId)).toMatchObject({ status: 'Cancelled', isPaid: false, refundDueAt: null });
    expect(await shelves()).toEqual(before);

    const res = await webhook('checkout.session.completed', sessionId, 'paid');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, received: true });
    const found = await row(orderId);
    expect(found).toMatchObject({ status: 'Cancelled', isPaid: true, refundDueAt: NOW });
    expectForgotten(found);
    expect(await sellerView(orderId)).toMatchObject({ status: 'Cancelled', isPaid: true, refundDue: true });
    // Stripe's report again changes nothing.
    expect((await webhook('checkout.session.completed', sessionId, 'paid')).status).toBe(200);
    expect(await row(orderId)).toEqual(found);
    expect(await shelves()).toEqual(before);

    const lines = logLines.slice(logged);
    expect(lines.some((line) => line.includes(`Checkout session ${sessionId}`))).toBe(true);
    expect(lines.some((line) => line.includes(`Order ${orderId} was paid after it was cancelled`))).toBe(
      true,
    );
    for (const personal of [s.email, 'Nia', 'Harbour Walk', 'BS1 5HT'])
      expect(lines.filter((line) => line.includes(personal))).toEqual([]);
    expect(lines.map((line) => (JSON.parse(line) as { level: number }).level).filter((l) => l >= 50)).toEqual(
      [],
    );
  });

  it('deletes the account while Stripe cannot be reached; a payment that still gets through is marked refund due', async () => {
    const before = await shelves();
    const s = await shopper();
    const { orderId, sessionId } = await startCheckout(s);
    fake.unreachable = true;
    try {
      expect((await deleteAccount(s)).status).toBe(200);
    } finally {
      fake.unreachable = false;
    }
    expect(await request(t.server).get('/api/user/profile').set('Cookie', s.cookie)).toHaveProperty(
      'status',
      401,
    );
    expect(fake.sessions.get(sessionId)).toMatchObject({ status: 'open' });
    const cancelled = await row(orderId);
    expect(cancelled).toMatchObject({ status: 'Cancelled', isPaid: false, refundDueAt: null });
    expectForgotten(cancelled);
    expect(await shelves()).toEqual(before);

    await pay(sessionId);
    expect(await row(orderId)).toMatchObject({ status: 'Cancelled', isPaid: true, refundDueAt: NOW });
    expect(await sellerView(orderId)).toMatchObject({ refundDue: true });
  });

  it('marks refund due a paid order the seller cancels, and a payment arriving after the customer cancelled', async () => {
    const s = await shopper();
    const paid = await startCheckout(s);
    await pay(paid.sessionId);
    await request(t.server)
      .put(`/api/order/${paid.orderId}/status`)
      .set('Cookie', seller)
      .send({ status: 'Cancelled' })
      .expect(200);
    expect(await sellerView(paid.orderId)).toMatchObject({ status: 'Cancelled', refundDue: true });

    const late = await startCheckout(s);
    await request(t.server).put(`/api/order/${late.orderId}/cancel`).set('Cookie', s.cookie).expect(200);
    expect(await sellerView(late.orderId)).toMatchObject({ status: 'Cancelled', refundDue: false });
    // Stripe took the money before the expiry reached it.
    expect((await webhook('checkout.session.completed', late.sessionId, 'paid')).status).toBe(200);
    expect(await sellerView(late.orderId)).toMatchObject({
      status: 'Cancelled',
      isPaid: true,
      refundDue: true,
    });

    const unpaid = await startCheckout(s);
    await request(t.server)
      .put(`/api/order/${unpaid.orderId}/status`)
      .set('Cookie', seller)
      .send({ status: 'Cancelled' })
      .expect(200);
    expect(await sellerView(unpaid.orderId)).toMatchObject({ status: 'Cancelled', refundDue: false });
  });

  it('the database refuses a refund mark on an order that is not both paid and cancelled', async () => {
    const s = await shopper();
    const id = (await placeCod(s).expect(201)).body.orderId as string;
    await expect(t.db.update(orders).set({ refundDueAt: NOW }).where(eq(orders.id, id))).rejects.toThrow();
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, id));
    await expect(t.db.update(orders).set({ refundDueAt: NOW }).where(eq(orders.id, id))).rejects.toThrow();
  });

  it('a card checkout whose account is deleted while Stripe creates its session fails with 401, storing and taking nothing', async () => {
    const before = { shelves: await shelves(), orders: await orderCount() };
    const s = await shopper();
    let deletion: number | undefined;
    fake.onCreate = async () => {
      deletion = (await deleteAccount(s)).status;
    };
    const res = await placeCard(s);
    expect(deletion).toBe(200);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.notAuthorized,
      code: ERROR_CODES.NOT_SIGNED_IN,
    });
    expect(await orderCount()).toBe(before.orders);
    expect(await shelves()).toEqual(before.shelves);
    // The session created for it can never be paid.
    expect(fake.sessions.get(`cs_test_${fake.created.length}`)).toMatchObject({ status: 'expired' });
  });

  it('a card order stored after the deletion closed the open sessions is cancelled, and its session expired once the deletion committed', async () => {
    const before = await shelves();
    const s = await shopper();
    let late: { orderId: string; sessionId: string } | undefined;
    t.app.get(UsersService).beforeAccountDeletion(async (userId) => {
      if (userId === s.userId) late = await startCheckout(s);
    });
    expect((await deleteAccount(s)).status).toBe(200);
    expect(late).toBeDefined();
    expect(await row(late!.orderId)).toMatchObject({ status: 'Cancelled', isPaid: false, userId: null });
    expect(fake.sessions.get(late!.sessionId)).toMatchObject({ status: 'expired' });
    expect(await shelves()).toEqual(before);
  });

  it('a cash checkout arriving while the deletion holds the account waits and fails with 401, leaving no order behind', async () => {
    const before = { shelves: await shelves(), orders: await orderCount() };
    const s = await shopper();
    let placement: Promise<request.Response> | undefined;
    t.app.get(UsersService).onAccountDeletion(async (_tx, userId) => {
      if (userId !== s.userId) return;
      // The order's hook has run; the user row is not deleted yet. The checkout starts now.
      const settled = { done: false };
      placement = placeCod(s).then((res) => {
        settled.done = true;
        return res;
      });
      // On PGlite the checkout's queries wait for this transaction anyway; on a server, wait until the
      // checkout either finished or waits for a row lock held here.
      if (t.engine !== 'postgres') return;
      while (!settled.done) {
        const waiting = await t.db.execute(sql`select 1 from pg_locks where not granted limit 1`);
        if ((waiting as unknown as { rows: unknown[] }).rows.length) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    expect((await deleteAccount(s)).status).toBe(200);
    const res = await placement!;
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.notAuthorized,
      code: ERROR_CODES.NOT_SIGNED_IN,
    });
    expect(await orderCount()).toBe(before.orders);
    expect(await shelves()).toEqual(before.shelves);
  });

  it('checkouts racing the deletion either land before it and are cancelled, or fail with 401: no orphan order, no units or places kept', async () => {
    const before = await shelves();
    for (let round = 0; round < 4; round++) {
      const s = await shopper();
      const ordersBefore = await orderCount();
      const [cod, card, deletion, cod2] = await Promise.all([
        placeCod(s),
        placeCard(s),
        deleteAccount(s),
        placeCod(s),
      ]);
      expect(deletion.status).toBe(200);
      const placed: string[] = [];
      for (const [res, created] of [
        [cod, 201],
        [card, 201],
        [cod2, 201],
      ] as const) {
        if (res.status === created) placed.push(res.body.orderId as string);
        else {
          expect(res.status).toBe(401);
          expect(res.body).toEqual({
            success: false,
            message: MESSAGES.notAuthorized,
            code: ERROR_CODES.NOT_SIGNED_IN,
          });
        }
      }
      expect(await orderCount()).toBe(ordersBefore + placed.length);
      for (const id of placed) {
        const found = await row(id);
        expect(found.status).toBe('Cancelled');
        expectForgotten(found);
      }
      expect(await shelves()).toEqual(before);
    }
    const [orphans] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.userId} is null and ${orders.status} = 'Pending'`);
    expect(orphans.n).toBe(0);
  });
});
