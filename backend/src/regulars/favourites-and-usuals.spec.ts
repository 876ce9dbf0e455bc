/**
 * A customer's favourites (kept, newest first, idempotent, 404 for an unknown product) and usuals (the products
 * of their delivered and pending orders, counted per order and ranked by how often and how recently).
 */
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { DELIVERY_SLOTS, MESSAGES, selectableDeliveryDate } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings } from '../../test/fixtures';
import { Clock } from '../common/clock';
import { orderSteps } from '../../test/orders';
import { favourites, orders, products } from '../db/schema';

let t: TestApp;
let now = new Date('2026-11-23T10:00:00Z');
let customers = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => now;
  const seller = await signInSeller(t);
  await settings(t, seller, 'shipping', FREE_SHIPPING);
  await settings(t, seller, 'orders', { maxOpenOrders: 10 });
});
afterAll(() => t?.close());

const get = (cookie: string, path: string) => request(t.server).get(path).set('Cookie', cookie);
const put = (cookie: string, path: string) => request(t.server).put(path).set('Cookie', cookie);
const del = (cookie: string, path: string) => request(t.server).delete(path).set('Cookie', cookie);
const names = (list: { name: string }[]) => list.map((p) => p.name);

describe('favourites', () => {
  it('are only for a signed-in customer', async () => {
    const product = await createProduct(t);
    await request(t.server).get('/api/user/favourites').expect(401);
    await request(t.server).put(`/api/user/favourites/${product}`).expect(401);
    await request(t.server).delete(`/api/user/favourites/${product}`).expect(401);
  });

  it('are kept newest first, once each, and answered as products', async () => {
    const cookie = await signInCustomer(t, { email: 'fav.one@example.com' });
    const milk = await createProduct(t, { name: 'Fav Milk', offerPrice: 120, price: 120 });
    const bread = await createProduct(t, { name: 'Fav Bread' });
    const eggs = await createProduct(t, { name: 'Fav Eggs', stock: 0 });

    expect((await get(cookie, '/api/user/favourites').expect(200)).body).toEqual({
      success: true,
      products: [],
    });
    now = new Date('2026-11-23T10:00:00Z');
    await put(cookie, `/api/user/favourites/${milk}`).expect(200);
    now = new Date('2026-11-23T10:01:00Z');
    await put(cookie, `/api/user/favourites/${bread}`).expect(200);
    now = new Date('2026-11-23T10:02:00Z');
    const res = await put(cookie, `/api/user/favourites/${eggs}`).expect(200);
    expect(res.body.message).toBe('Added to your favourites');
    expect(names(res.body.products)).toEqual(['Fav Eggs', 'Fav Bread', 'Fav Milk']);

    // Again: nothing changes (the order stays as it was first added).
    now = new Date('2026-11-23T10:03:00Z');
    await put(cookie, `/api/user/favourites/${milk}`).expect(200);
    const list = (await get(cookie, '/api/user/favourites').expect(200)).body.products;
    expect(names(list)).toEqual(['Fav Eggs', 'Fav Bread', 'Fav Milk']);
    expect(list[0]).toMatchObject({ _id: eggs, inStock: false, stock: 0 });
    expect(list[2]).toMatchObject({ _id: milk, offerPrice: 1.2, inStock: true });

    await del(cookie, `/api/user/favourites/${bread}`).expect(200);
    await del(cookie, `/api/user/favourites/${bread}`).expect(200);
    expect(names((await get(cookie, '/api/user/favourites')).body.products)).toEqual([
      'Fav Eggs',
      'Fav Milk',
    ]);
    const rows = await t.db.select().from(favourites).where(eq(favourites.productId, bread));
    expect(rows).toEqual([]);
  });

  it('answer 404 for a product that does not exist or was deleted, and change nothing', async () => {
    const cookie = await signInCustomer(t, { email: 'fav.two@example.com' });
    const gone = await createProduct(t, { name: 'Fav Gone' });
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone));
    for (const id of ['00000000-0000-4000-8000-000000000000', gone, 'not-an-id']) {
      const res = await put(cookie, `/api/user/favourites/${id}`).expect(404);
      expect(res.body).toMatchObject({ success: false, message: MESSAGES.productNotFound });
      await del(cookie, `/api/user/favourites/${id}`).expect(404);
    }
    expect((await get(cookie, '/api/user/favourites')).body.products).toEqual([]);
  });

  it("are the customer's own", async () => {
    const ann = await signInCustomer(t, { email: 'fav.ann@example.com' });
    const bob = await signInCustomer(t, { email: 'fav.bob@example.com' });
    const jam = await createProduct(t, { name: 'Fav Jam' });
    await put(ann, `/api/user/favourites/${jam}`).expect(200);
    expect((await get(bob, '/api/user/favourites')).body.products).toEqual([]);
    await del(bob, `/api/user/favourites/${jam}`).expect(200);
    expect(names((await get(ann, '/api/user/favourites')).body.products)).toEqual(['Fav Jam']);
  });
});

describe('favourites and usuals with a promotion running', () => {
  it('answer each product with the promotion it is in now, as the product list does', async () => {
    const seller = await signInSeller(t);
    const c = await signInCustomerWithAddress(t, { email: 'fav.deal@example.com' }, ADDRESS);
    const pasta = await createProduct(t, { name: 'Deal Pasta', price: 200, offerPrice: 200 });
    const promotion = await request(t.server)
      .post('/api/seller/promotions')
      .set('Cookie', seller)
      .send({
        kind: 'multibuy',
        products: [pasta],
        quantity: 3,
        price: 5,
        startsAt: '2026-11-23',
        endsAt: '2026-11-30',
      })
      .expect(201);
    await put(c.cookie, `/api/user/favourites/${pasta}`).expect(200);
    const expected = { _id: promotion.body.promotion._id, kind: 'multibuy', label: '3 for £5' };
    const favourite = (await get(c.cookie, '/api/user/favourites').expect(200)).body.products[0];
    expect(favourite.promotion).toMatchObject(expected);

    await orderSteps(t, { seller }).place(c, [[pasta, 1]], { slot: DELIVERY_SLOTS[1] });
    const usual = (await get(c.cookie, '/api/user/usuals').expect(200)).body.products[0];
    expect(usual.product.promotion).toMatchObject(expected);
  });
});

describe('usuals', () => {
  async function customer() {
    customers += 1;
    return signInCustomerWithAddress(t, { email: `usual${customers}@example.com` }, ADDRESS);
  }
  async function order(c: { cookie: string; addressId: string }, lines: [string, number][]) {
    const res = await request(t.server)
      .post('/api/order/cod')
      .set('Cookie', c.cookie)
      .send({
        items: lines.map(([product, quantity]) => ({ product, quantity })),
        address: c.addressId,
        amount: lines.reduce((sum, [, q]) => sum + q, 0),
        shippingCharge: 0,
        totalVat: 0,
        deliverySlot: { date: selectableDeliveryDate(now), time: DELIVERY_SLOTS[0] },
      });
    expect(res.status).toBe(201);
    return res.body.orderId as string;
  }
  const pound = (name: string) => createProduct(t, { name, price: 100, offerPrice: 100 });

  it('count the delivered and pending orders holding each product, ranked by how often and how recently', async () => {
    const c = await customer();
    const tea = await pound('Usual Tea');
    const milk = await pound('Usual Milk');
    const cake = await pound('Usual Cake');
    const once = await pound('Usual Once');
    const cancelled = await pound('Usual Cancelled');

    now = new Date('2026-09-01T10:00:00Z');
    await order(c, [
      [tea, 1],
      [cake, 2],
    ]);
    now = new Date('2026-09-08T10:00:00Z');
    await order(c, [
      [tea, 3],
      [cake, 1],
    ]);
    now = new Date('2026-11-16T10:00:00Z');
    await order(c, [
      [milk, 1],
      [tea, 1],
    ]);
    now = new Date('2026-11-20T10:00:00Z');
    await order(c, [
      [milk, 2],
      [once, 1],
    ]);
    const gone = await order(c, [[cancelled, 1]]);
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, gone));

    now = new Date('2026-11-23T10:00:00Z');
    const res = await get(c.cookie, '/api/user/usuals').expect(200);
    expect(res.body.success).toBe(true);
    const usuals = res.body.products as {
      product: { name: string };
      timesBought: number;
      lastBought: string;
    }[];
    // Tea: three orders, one recent; milk: two recent; cake: two old ones; once: one recent.
    expect(usuals.map((u) => [u.product.name, u.timesBought])).toEqual([
      ['Usual Milk', 2],
      ['Usual Tea', 3],
      ['Usual Once', 1],
      ['Usual Cake', 2],
    ]);
    expect(usuals[0].lastBought).toBe('2026-11-20T10:00:00.000Z');
    expect(usuals[1].lastBought).toBe('2026-11-16T10:00:00.000Z');
  });

  it("are empty before the first order, at most 40, and the customer's own", async () => {
    const c = await customer();
    expect((await get(c.cookie, '/api/user/usuals').expect(200)).body).toEqual({
      success: true,
      products: [],
    });
    const many: [string, number][] = [];
    for (let i = 0; i < 45; i++) many.push([await pound(`Usual Many ${i}`), 1]);
    now = new Date('2026-11-23T10:00:00Z');
    await order(c, many.slice(0, 30));
    await order(c, many.slice(30));
    expect((await get(c.cookie, '/api/user/usuals')).body.products).toHaveLength(40);
    const other = await customer();
    expect((await get(other.cookie, '/api/user/usuals')).body.products).toEqual([]);
    await request(t.server).get('/api/user/usuals').expect(401);
  });
});

describe('the data export', () => {
  it("holds the customer's favourites and regular deliveries", async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const { cookie, addressId } = await signInCustomerWithAddress(
      t,
      { email: 'export.regular@example.com' },
      ADDRESS,
    );
    const honey = await createProduct(t, { name: 'Export Honey' });
    await put(cookie, `/api/user/favourites/${honey}`).expect(200);
    await request(t.server)
      .post('/api/user/standing-orders')
      .set('Cookie', cookie)
      .send({
        items: [{ product: honey, quantity: 2 }],
        address: addressId,
        time: DELIVERY_SLOTS[1],
        weekday: 5,
        every: 2,
      })
      .expect(201);
    const data = (await get(cookie, '/api/user/export').expect(200)).body;
    expect(names(data.favourites)).toEqual(['Export Honey']);
    expect(data.standingOrders).toMatchObject([
      { weekday: 5, every: 2, time: DELIVERY_SLOTS[1], items: [{ product: honey, quantity: 2 }] },
    ]);
  });
});
