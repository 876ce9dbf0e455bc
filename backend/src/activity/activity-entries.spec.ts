import { desc, sql } from 'drizzle-orm';
import request from 'supertest';
import { orderReference } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller, signInStaff } from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings } from '../../test/fixtures';
import { Clock } from '../common/clock';
import { orderSteps } from '../../test/orders';
import { activityLog } from '../db/schema';

/** Monday 23 November 2026, 10:00 London: orders are for Tuesday the 24th. */
const NOW = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

/** Each change made through the seller area writes one entry with it, and a refused change writes none. */
describe('activity entries of the changes made in the seller area', () => {
  let t: TestApp;
  let owner: string;
  let manager: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInSeller(t);
    manager = await signInStaff(t, 'manager', { ownerCookie: owner, name: 'Mo Manager' });
  });
  afterAll(() => t.close());

  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(activityLog))[0].n;
  const latest = async () =>
    (
      await t.db
        .select({
          actorId: activityLog.actorId,
          actorName: activityLog.actorName,
          actorRole: activityLog.actorRole,
          action: activityLog.action,
          kind: activityLog.kind,
          summary: activityLog.summary,
        })
        .from(activityLog)
        .orderBy(desc(activityLog.id))
        .limit(1)
    )[0];
  const post = (url: string, body: object) =>
    request(t.server).post(url).set('Cookie', manager.cookie).send(body);

  it('a settings change: who, and the values before and after', async () => {
    await post('/api/settings/shipping', { shippingCharge: 4.5, shippingThreshold: 50 }).expect(200);
    expect(await latest()).toEqual({
      actorId: manager.id,
      actorName: 'Mo Manager',
      actorRole: 'manager',
      action: 'settings.shipping',
      kind: 'settings',
      summary: 'shipping charge £3.99 → £4.50, free shipping from £40.00 → £50.00',
    });
    await post('/api/settings/delivery', { slotCapacity: 12 }).expect(200);
    expect((await latest()).summary).toMatch(/^orders per slot \d+ → 12$/);
    await post('/api/settings/orders', { maxOpenOrders: 4 }).expect(200);
    expect((await latest()).summary).toMatch(/^open orders per customer \d+ → 4$/);
  });

  it('product changes: price and stock before and after, the switch, deletion', async () => {
    const id = await createProduct(t, { name: 'Leeks', price: 250, offerPrice: 200, stock: 50 });
    await post('/api/product/stock', { id, stock: 7 }).expect(200);
    expect(await latest()).toMatchObject({
      actorId: manager.id,
      action: 'product.stock',
      kind: 'product',
      summary: 'Leeks: stock 50 → 7',
    });
    await post('/api/product/stock', { id, inStock: false }).expect(200);
    expect((await latest()).summary).toBe('Leeks: listed yes → no');
    await request(t.server)
      .put(`/api/product/${id}`)
      .set('Cookie', manager.cookie)
      .field('productData', JSON.stringify({ offerPrice: 1.8 }))
      .expect(200);
    expect(await latest()).toMatchObject({
      action: 'product.price',
      summary: 'Leeks: offer price £2.00 → £1.80',
    });
    const before = await count();
    await request(t.server)
      .put(`/api/product/${id}`)
      .set('Cookie', manager.cookie)
      .field('productData', JSON.stringify({ offerPrice: 9 }))
      .expect(400);
    expect(await count()).toBe(before);
    await request(t.server).delete(`/api/product/${id}`).set('Cookie', manager.cookie).expect(200);
    expect(await latest()).toMatchObject({ action: 'product.deleted', summary: 'Deleted Leeks' });
  });

  it('order changes: the status and each fulfilment step, under who made them, by reference only', async () => {
    t.app.get(Clock).now = () => NOW;
    await settings(t, owner, 'shipping', FREE_SHIPPING);
    const product = await createProduct(t, { name: 'Turnips', price: 100, offerPrice: 100, stock: 20 });
    const customer = await signInCustomerWithAddress(t, { email: 'turnip.lover@example.com' }, ADDRESS);
    const place = () => orderSteps(t, { seller: owner }).place(customer, [[product, 1]], { date: TUESDAY });
    const first = await place();
    const picker = await signInStaff(t, 'picker', { ownerCookie: owner, name: 'Pip Picker' });
    const driver = await signInStaff(t, 'driver', { ownerCookie: owner });
    const before = await count();
    await request(t.server)
      .put(`/api/order/${first}/fulfilment`)
      .set('Cookie', driver.cookie)
      .send({ stage: 'picking' })
      .expect(403);
    expect(await count()).toBe(before);
    await request(t.server)
      .put(`/api/order/${first}/fulfilment`)
      .set('Cookie', picker.cookie)
      .send({ stage: 'picking' })
      .expect(200);
    expect(await latest()).toEqual({
      actorId: picker.id,
      actorName: 'Pip Picker',
      actorRole: 'picker',
      action: 'order.fulfilment',
      kind: 'order',
      summary: `Order #${orderReference(first)}: Order placed → being picked`,
    });
    // A step the order's life refuses (picking again) writes nothing.
    await request(t.server)
      .put(`/api/order/${first}/fulfilment`)
      .set('Cookie', picker.cookie)
      .send({ stage: 'picking' })
      .expect(409);
    expect((await latest()).summary).toContain('being picked');
    const second = await place();
    await request(t.server)
      .put(`/api/order/${second}/status`)
      .set('Cookie', manager.cookie)
      .send({ status: 'Cancelled' })
      .expect(200);
    const entry = await latest();
    expect(entry).toMatchObject({ actorId: manager.id, action: 'order.status', kind: 'order' });
    expect(entry.summary).toBe(`Order #${orderReference(second)}: status Pending → Cancelled`);
    expect(JSON.stringify(await t.db.select().from(activityLog))).not.toContain('turnip.lover');
  });

  it('promotions: created, changed and ended, with the terms before and after', async () => {
    t.app.get(Clock).now = () => NOW;
    const rice = await createProduct(t, { name: 'Rice', price: 250, offerPrice: 250, stock: 40 });
    const terms = {
      kind: 'multibuy',
      products: [rice],
      quantity: 3,
      price: 5,
      startsAt: '2026-12-01',
      endsAt: '2026-12-07',
    };
    const created = await post('/api/seller/promotions', terms).expect(201);
    const id = created.body.promotion._id as string;
    expect(await latest()).toMatchObject({
      action: 'promotion.created',
      kind: 'product',
      summary: 'Promotion "3 for £5" created',
    });
    await request(t.server)
      .put(`/api/seller/promotions/${id}`)
      .set('Cookie', manager.cookie)
      .send({ ...terms, price: 6 })
      .expect(200);
    expect((await latest()).summary).toBe('Promotion "3 for £6": label 3 for £5 → 3 for £6, price 5 → 6');
    await request(t.server).delete(`/api/seller/promotions/${id}`).set('Cookie', manager.cookie).expect(200);
    expect((await latest()).summary).toBe('Promotion "3 for £6" removed before it started');
  });

  it('a refused change writes no entry', async () => {
    const before = await count();
    await post('/api/settings/shipping', { shippingCharge: -1, shippingThreshold: 50 }).expect(400);
    await post('/api/settings/delivery', { slotCapacity: 0 }).expect(400);
    const picker = await signInStaff(t, 'picker', { ownerCookie: owner });
    const afterPickerAdded = await count();
    expect(afterPickerAdded).toBeGreaterThan(before);
    await request(t.server)
      .post('/api/settings/delivery')
      .set('Cookie', picker.cookie)
      .send({ slotCapacity: 3 })
      .expect(403);
    expect(await count()).toBe(afterPickerAdded);
  });
});
