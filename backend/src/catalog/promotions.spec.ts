/**
 * Promotions: the seller creates "3 for £5", "3 for 2" and reductions for London dates; one running promotion per
 * product (409); a reduction's "was" price must have been the price for the 28 days before it starts (pinned
 * clock); the product answers carry the promotion with its unit price, and the list follows promotions starting
 * and ending without any write; checkout prices the deals with the shared pricing function and keeps each line's
 * charged price and each deal's saving; a change, a short pick and a substitute never cost more than agreed.
 */
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  DELIVERY_SLOTS,
  poundsToPence,
  priceBasket,
  selectableDeliveryDate,
  wasPriceNotChargedMessage,
  youSavedText,
  PROMOTION_TEXTS,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller, signInStaff } from '../../test/auth-helpers';
import { ADDRESS, settings, FREE_SHIPPING } from '../../test/fixtures';
import { emailOutbox, orderItems, orders, productPrices, promotions } from '../db/schema';
import { Clock } from '../common/clock';
import { orderSteps, type OrderSteps } from '../../test/orders';
import { ProductListCache } from './product-list.cache';
import { catalogueNotificationsHeard } from '../../test/product-list';

let t: TestApp;
let seller: string;
let steps: OrderSteps;
let now = new Date('2026-07-01T09:00:00Z');
let customers = 0;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  // E-mail on (the outbox is filled inside the order's transaction); nothing is sent in this file.
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:4294', mailPollIntervalMs: 3_600_000 });
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
  steps = orderSteps(t, { seller });
  await settings(t, seller, 'shipping', FREE_SHIPPING);
});

afterAll(async () => {
  await t?.close();
});

/** A 500 g pack at `pence` before VAT. */
const pack = (pence: number, partial: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t, {
    price: pence,
    offerPrice: pence,
    vatBasisPoints: 0,
    netQuantity: 500,
    unit: 'g',
    ...partial,
  });

function create(body: Record<string, unknown>, cookie = seller) {
  return request(t.server).post('/api/seller/promotions').set('Cookie', cookie).send(body);
}

async function productAnswer(id: string) {
  const list = await request(t.server).get('/api/product/list').expect(200);
  return list.body.products.find((p: { _id: string }) => p._id === id);
}

/** The product's price history is exactly these prices (pence before VAT) from these moments. */
async function priceHistory(id: string, prices: Array<[number, Date]>): Promise<void> {
  await t.db.delete(productPrices).where(eq(productPrices.productId, id));
  await t.db
    .insert(productPrices)
    .values(prices.map(([offerPrice, at]) => ({ productId: id, offerPrice, vatBasisPoints: 0, at })));
}

async function customer() {
  customers += 1;
  return signInCustomerWithAddress(
    t,
    { email: `offers${customers}@example.com`, lastName: `Offers${customers}` },
    ADDRESS,
  );
}

/**
 * POST /api/order/cod for these items at the totals the test states (pounds; free shipping), answered with
 * `status` (the test fails with the answer otherwise).
 */
async function placeCod(
  status: number,
  c: { cookie: string; addressId: string },
  items: Array<{ product: string; quantity: number }>,
  amount: number,
  totalVat = 0,
) {
  const res = await steps.placeRequest(
    c,
    items.map((item): [string, number] => [item.product, item.quantity]),
    { totals: { amount, totalVat, shippingCharge: 0 } },
  );
  expect({ status: res.status, body: res.body }).toMatchObject({ status });
  return res;
}

async function orderOf(c: { cookie: string }, id: string) {
  const mine = await request(t.server).get('/api/order/user').set('Cookie', c.cookie).expect(200);
  return mine.body.orders.find((o: { _id: string }) => o._id === id);
}

describe('seller promotions', () => {
  it('creates "3 for £5" for London dates; while it runs the shop lists it and every product answer carries it', async () => {
    now = new Date('2026-07-01T09:00:00Z');
    const rice = await pack(200, { name: 'Basmati Rice 500g' });
    const plain = await pack(200, { name: 'Plain Rice 500g' });
    const res = await create({
      kind: 'multibuy',
      products: [rice],
      quantity: 3,
      price: 5,
      startsAt: '2026-07-01',
      endsAt: '2026-07-07',
    }).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      promotion: {
        kind: 'multibuy',
        label: '3 for £5',
        products: [rice],
        quantity: 3,
        price: 5,
        free: 0,
        wasPrice: null,
        // British Summer Time: the whole of 7 July in London.
        startsAt: '2026-07-01T00:00:00+01:00',
        endsAt: '2026-07-08T00:00:00+01:00',
        active: true,
      },
    });
    const id = res.body.promotion._id;

    const running = await request(t.server).get('/api/promotions').expect(200);
    expect(running.body.promotions.map((p: { _id: string }) => p._id)).toContain(id);
    expect(await productAnswer(rice)).toMatchObject({
      promotion: {
        _id: id,
        kind: 'multibuy',
        label: '3 for £5',
        endsAt: '2026-07-08T00:00:00+01:00',
        // £5 for 1.5 kg
        unitPrice: { amount: 3.33, per: 'kg' },
      },
      unitPrice: { amount: 4, per: 'kg' },
    });
    expect((await productAnswer(plain)).promotion).toBeNull();

    const onOffer = await request(t.server).get('/api/product/search?q=rice&onOffer=true').expect(200);
    expect(onOffer.body.products.map((p: { _id: string }) => p._id)).toEqual([rice]);
    const all = await request(t.server).get('/api/product/search?onOffer=true').expect(200);
    expect(all.body.products.every((p: { promotion: unknown }) => p.promotion !== null)).toBe(true);
  });

  it('refuses bad terms (400) and a product already in a promotion at the time (409), storing nothing', async () => {
    now = new Date('2026-07-01T09:00:00Z');
    const a = await pack(200, { name: 'Oat Milk' });
    const b = await pack(300, { name: 'Almond Milk' });
    const base = {
      kind: 'multibuy',
      products: [a, b],
      quantity: 3,
      price: 5,
      startsAt: '2026-07-01',
      endsAt: '2026-07-10',
    };
    const count = async () => (await t.db.select().from(promotions)).length;
    const before = await count();

    expect((await create({ ...base, quantity: 1 }).expect(400)).body.message).toBe(
      PROMOTION_TEXTS.invalidDealQuantity,
    );
    expect((await create({ ...base, price: undefined }).expect(400)).body.message).toBe(
      PROMOTION_TEXTS.invalidPrice,
    );
    expect((await create({ ...base, price: 9 }).expect(400)).body.message).toBe(
      PROMOTION_TEXTS.dealNotCheaper,
    );
    expect((await create({ ...base, endsAt: '2026-06-30' }).expect(400)).body.message).toBe(
      PROMOTION_TEXTS.invalidDates,
    );
    expect((await create({ ...base, startsAt: 'tomorrow' }).expect(400)).body.message).toBe(
      PROMOTION_TEXTS.invalidDates,
    );
    await create({ ...base, kind: 'half_price' }).expect(400);
    await create({ ...base, products: [a, a] }).expect(400);
    expect(
      (await create({ ...base, products: [a, '7d0b5bb4-1f0e-4a51-9b0a-2f3b1d1c9e11'] }).expect(400)).body
        .message,
    ).toBe(PROMOTION_TEXTS.unknownProduct);
    expect((await create({ ...base, kind: 'reduction', price: 1 }).expect(400)).body.message).toBe(
      PROMOTION_TEXTS.reductionOneProduct,
    );
    await request(t.server).post('/api/seller/promotions').send(base).expect(401);
    expect(await count()).toBe(before);

    await create(base).expect(201);
    const clash = await create({
      kind: 'buy_get_free',
      products: [b],
      quantity: 2,
      free: 1,
      startsAt: '2026-07-10',
      endsAt: '2026-07-12',
    }).expect(409);
    expect(clash.body.message).toBe('Almond Milk is already in a promotion at that time');
    // From the day after it ends, the product is free for another.
    const later = await create({
      kind: 'buy_get_free',
      products: [b],
      quantity: 2,
      free: 1,
      startsAt: '2026-07-11',
      endsAt: '2026-07-12',
    }).expect(201);
    expect(later.body.promotion).toMatchObject({ label: '3 for 2', active: false });
  });

  it('takes a reduction\'s "was" price only when it was the price for the 28 days before it starts', async () => {
    now = new Date('2026-10-20T09:00:00Z');
    const held = await pack(250, { name: 'Coffee Beans' });
    const raised = await pack(250, { name: 'Tea Bags' });
    await priceHistory(held, [[250, new Date(now.getTime() - 40 * DAY)]]);
    // Raised to £2.50 ten days ago from £2.20: £2.50 was not charged for 28 days.
    await priceHistory(raised, [
      [220, new Date(now.getTime() - 40 * DAY)],
      [250, new Date(now.getTime() - 10 * DAY)],
    ]);
    const reduction = { kind: 'reduction', price: 1.8, startsAt: '2026-10-25', endsAt: '2026-10-25' };

    const ok = await create({ ...reduction, products: [held] }).expect(201);
    expect(ok.body.promotion).toMatchObject({
      label: 'Was £2.50, now £1.80',
      wasPrice: 2.5,
      price: 1.8,
      // The clocks go back on 25 October 2026: the day starts in BST and ends in GMT.
      startsAt: '2026-10-25T00:00:00+01:00',
      endsAt: '2026-10-26T00:00:00+00:00',
      active: false,
    });
    // While it runs the product is sold at the reduced price, and its answer says so with the price before.
    now = new Date('2026-10-25T09:00:00Z');
    expect((await productAnswer(held)).promotion).toMatchObject({ kind: 'reduction', price: 1.8, was: 2.5 });
    now = new Date('2026-10-20T09:00:00Z');
    const refused = await create({ ...reduction, products: [raised] }).expect(400);
    expect(refused.body.message).toBe(wasPriceNotChargedMessage('Tea Bags', 250));
    expect((await create({ ...reduction, products: [raised], price: 2.6 }).expect(400)).body.message).toBe(
      PROMOTION_TEXTS.reductionNotLower,
    );
    // Starting once 28 whole days have passed since the rise (10 October, 10:00), the same reduction is lawful.
    await create({ ...reduction, products: [raised], startsAt: '2026-11-08', endsAt: '2026-11-09' }).expect(
      201,
    );
  });

  it('checks a reduction\'s "was" price again when its terms are changed (PUT), changing nothing when refused', async () => {
    now = new Date('2026-10-20T09:00:00Z');
    const flour = await pack(250, { name: 'Bread Flour' });
    // £2.20 until ten days ago, £2.50 since: £2.50 is a lawful "was" price only from 8 November.
    await priceHistory(flour, [
      [220, new Date(now.getTime() - 40 * DAY)],
      [250, new Date(now.getTime() - 10 * DAY)],
    ]);
    const terms = {
      kind: 'reduction',
      products: [flour],
      price: 1.8,
      startsAt: '2026-11-08',
      endsAt: '2026-11-09',
    };
    const made = (await create(terms).expect(201)).body.promotion;
    const put = (body: Record<string, unknown>) =>
      request(t.server).put(`/api/seller/promotions/${made._id}`).set('Cookie', seller).send(body);
    const stored = async () => (await t.db.select().from(promotions).where(eq(promotions.id, made._id)))[0];
    const before = await stored();

    const earlier = await put({ ...terms, startsAt: '2026-10-25' }).expect(400);
    expect(earlier.body.message).toBe(wasPriceNotChargedMessage('Bread Flour', 250));
    expect((await put({ ...terms, price: 2.5 }).expect(400)).body.message).toBe(
      PROMOTION_TEXTS.reductionNotLower,
    );
    expect(await stored()).toEqual(before);

    const changed = await put({ ...terms, price: 1.5, endsAt: '2026-11-12' }).expect(200);
    expect(changed.body).toMatchObject({
      message: PROMOTION_TEXTS.promotionUpdated,
      promotion: { _id: made._id, label: 'Was £2.50, now £1.50', wasPrice: 2.5, price: 1.5 },
    });
    expect(await stored()).toMatchObject({
      price: 150,
      wasPrice: 250,
      endsAt: new Date('2026-11-13T00:00:00Z'),
    });
  });

  it('names the struck-through price "Was" only when the shop sold at it for the 28 days before its price', async () => {
    now = new Date('2026-10-20T09:00:00Z');
    const sold = await pack(250, { name: 'Honey', price: 300 });
    const recommended = await pack(250, { name: 'Syrup', price: 300 });
    await priceHistory(sold, [
      [300, new Date(now.getTime() - 60 * DAY)],
      [250, new Date(now.getTime() - 5 * DAY)],
    ]);
    await priceHistory(recommended, [[250, new Date(now.getTime() - 60 * DAY)]]);
    // The history is read when the list is: a write to the catalogue makes it read again.
    await create({
      kind: 'multibuy',
      products: [sold],
      quantity: 2,
      price: 4,
      startsAt: '2026-12-01',
      endsAt: '2026-12-02',
    }).expect(201);
    expect(await productAnswer(sold)).toMatchObject({ priceWithVat: 3, struckPriceLabel: 'Was' });
    expect(await productAnswer(recommended)).toMatchObject({ priceWithVat: 3, struckPriceLabel: 'RRP' });
  });

  it('shows a promotion in the product list from its start to its end, with no write in between', async () => {
    now = new Date('2026-08-01T09:00:00Z');
    const jam = await pack(300, { name: 'Strawberry Jam' });
    const res = await create({
      kind: 'buy_get_free',
      products: [jam],
      quantity: 2,
      free: 1,
      startsAt: '2026-08-02T08:00',
      endsAt: '2026-08-03T20:00',
    }).expect(201);
    expect((await productAnswer(jam)).promotion).toBeNull();
    now = new Date('2026-08-02T07:00:00Z'); // 08:00 in London
    expect((await productAnswer(jam)).promotion).toMatchObject({
      _id: res.body.promotion._id,
      label: '3 for 2',
      endsAt: '2026-08-03T20:00:00+01:00',
      // £6 for 1.5 kg
      unitPrice: { amount: 4, per: 'kg' },
    });
    now = new Date('2026-08-03T19:00:00Z');
    expect((await productAnswer(jam)).promotion).toBeNull();
  });

  it('tells what keeps pages made from the list (ShopPages) when a promotion starts or ends, with no read of the list', async () => {
    now = new Date('2026-08-10T09:00:00Z');
    const marmalade = await pack(300, { name: 'Orange Marmalade' });
    await create({
      kind: 'multibuy',
      products: [marmalade],
      quantity: 2,
      price: 5,
      startsAt: '2026-08-11',
      endsAt: '2026-08-11',
    }).expect(201);
    // The list is read after the promotion's notification (a server sends it a moment after the commit), so no
    // change is still on its way when the listener below starts counting.
    await catalogueNotificationsHeard(t);
    expect((await productAnswer(marmalade)).promotion).toBeNull();
    const cache = t.app.get(ProductListCache);
    let told = 0;
    const stop = cache.onChange(() => (told += 1));
    try {
      // A kept page asks whether it may still be served (ShopPages reads `watching` for every request).
      expect(cache.watching).toBe(true);
      expect(told).toBe(0);
      now = new Date('2026-08-10T23:00:00Z'); // midnight in London: it starts
      expect(cache.watching).toBe(true);
      expect(told).toBe(1);
      expect(cache.watching).toBe(true);
      expect(told).toBe(1);
      expect((await productAnswer(marmalade)).promotion).toMatchObject({ label: '2 for £5' });
      now = new Date('2026-08-11T23:00:00Z'); // it has ended
      expect(cache.watching).toBe(true);
      expect(told).toBe(2);
      expect((await productAnswer(marmalade)).promotion).toBeNull();
    } finally {
      stop();
    }
  });

  it('ends a running promotion now and removes a scheduled one; an ended one cannot be changed', async () => {
    now = new Date('2026-09-01T09:00:00Z');
    const [x, y] = [await pack(100), await pack(100)];
    const running = (
      await create({
        kind: 'multibuy',
        products: [x],
        quantity: 2,
        price: 1.5,
        startsAt: '2026-09-01',
        endsAt: '2026-09-05',
      })
    ).body.promotion;
    const scheduled = (
      await create({
        kind: 'multibuy',
        products: [y],
        quantity: 2,
        price: 1.5,
        startsAt: '2026-09-03',
        endsAt: '2026-09-05',
      })
    ).body.promotion;
    const del = (id: string) =>
      request(t.server).delete(`/api/seller/promotions/${id}`).set('Cookie', seller);
    await del(running._id).expect(200);
    await del(scheduled._id).expect(200);
    const rows = await t.db.select().from(promotions);
    expect(rows.find((r) => r.id === scheduled._id)).toBeUndefined();
    expect(rows.find((r) => r.id === running._id)?.endsAt).toEqual(now);
    expect((await productAnswer(x)).promotion).toBeNull();
    expect((await del(running._id).expect(409)).body.message).toBe(PROMOTION_TEXTS.endedPromotion);
    await request(t.server)
      .put(`/api/seller/promotions/${running._id}`)
      .set('Cookie', seller)
      .send({
        kind: 'multibuy',
        products: [x],
        quantity: 2,
        price: 1.5,
        startsAt: '2026-09-01',
        endsAt: '2026-09-06',
      })
      .expect(409);
    await del('7d0b5bb4-1f0e-4a51-9b0a-2f3b1d1c9e11').expect(404);

    const seller_ = await request(t.server).get('/api/seller/promotions').set('Cookie', seller).expect(200);
    expect(seller_.body.promotions.find((p: { _id: string }) => p._id === running._id)).toMatchObject({
      state: 'ended',
      unitsSold: 0,
      saving: 0,
    });
  });
});

describe('orders under promotions', () => {
  it("checkout prices the deals with the shared pricing, keeping each line's charged price and each deal's saving", async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const bread = await pack(200, { name: 'Seeded Bread' }); // 0% VAT
    const wine = await pack(200, { name: 'House Red', vatBasisPoints: 2000 }); // £2.40 with VAT
    const promotion = (
      await create({
        kind: 'multibuy',
        products: [bread, wine],
        quantity: 3,
        price: 5,
        startsAt: '2026-11-23',
        endsAt: '2026-11-30',
      }).expect(201)
    ).body.promotion;
    const c = await customer();
    const items = [
      { product: bread, quantity: 2 },
      { product: wine, quantity: 2 },
    ];
    const expected = priceBasket(
      [
        { product: bread, offerPrice: 200, vatBasisPoints: 0, quantity: 2 },
        { product: wine, offerPrice: 200, vatBasisPoints: 2000, quantity: 2 },
      ],
      FREE_SHIPPING,
      [{ id: promotion._id, kind: 'multibuy', products: [bread, wine], quantity: 3, price: 500, free: 0 }],
    );
    // The dearest three (two wines and a bread) for £5, one bread at £2: £7.00.
    expect(expected.amount).toBe(700);
    // A basket priced without the deal is told the prices changed.
    const stale = await placeCod(409, c, items, 8.8, 0.8);
    expect(stale.body).toMatchObject({ amount: 7, totalVat: expected.vat / 100 });

    const placed = await placeCod(201, c, items, 7, expected.vat / 100);
    const order = await orderOf(c, placed.body.orderId);
    expect(order).toMatchObject({
      amount: 7,
      savings: 1.8,
      deals: [{ promotion: promotion._id, label: 'Any 3 for £5', times: 1, saving: 1.8 }],
    });
    const lines = Object.fromEntries(order.items.map((i: { product: string }) => [i.product, i]));
    expect(lines[bread]).toMatchObject({
      charged: expected.lines[0].charged / 100,
      promotion: { _id: promotion._id, label: 'Any 3 for £5', saving: expected.lines[0].saving / 100 },
    });
    expect(lines[wine].charged + lines[bread].charged).toBeCloseTo(7, 10);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.body.orderId));
    expect(row).toMatchObject({ amount: 700, savings: 180, totalVat: expected.vat, goods: expected.goods });
    const stored = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.body.orderId));
    expect(stored.reduce((sum, l) => sum + (l.charged ?? 0), 0)).toBe(700);

    const [placedMail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, placed.body.orderId));
    expect(placedMail.textBody).toContain('2 x House Red (Any 3 for £5)');
    expect(placedMail.textBody).toMatch(/Items before savings\s+£8\.80/);
    expect(placedMail.textBody).toMatch(/Total savings\s+-£1\.80/);

    const list = await request(t.server).get('/api/seller/promotions').set('Cookie', seller).expect(200);
    expect(list.body.promotions.find((p: { _id: string }) => p._id === promotion._id)).toMatchObject({
      state: 'running',
      unitsSold: 3,
      saving: 1.8,
    });
  });

  it('a change keeps a deal that has ended since; a short pick and a substitute never cost more than agreed', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const beans = await pack(100, { name: 'Baked Beans', stock: 50 });
    const other = await pack(120, { name: 'Other Beans', stock: 50 });
    const promotion = (
      await create({
        kind: 'multibuy',
        products: [beans],
        quantity: 3,
        price: 2.5,
        startsAt: '2026-11-23',
        endsAt: '2026-11-30',
      })
    ).body.promotion;
    const c = await customer();
    // 4 beans: 3 for £2.50 + £1 = £3.50
    const placed = await placeCod(201, c, [{ product: beans, quantity: 4 }], 3.5);
    const id = placed.body.orderId;

    await request(t.server)
      .delete(`/api/seller/promotions/${promotion._id}`)
      .set('Cookie', seller)
      .expect(200);
    const changed = await request(t.server)
      .put(`/api/order/${id}`)
      .set('Cookie', c.cookie)
      .send({
        items: [{ product: beans, quantity: 4, allowSubstitutes: true }],
        deliverySlot: { date: selectableDeliveryDate(now), time: DELIVERY_SLOTS[0] },
      })
      .expect(200);
    expect(changed.body.order).toMatchObject({ amount: 3.5, savings: 0.5 });

    const stage = (body: Record<string, unknown>) =>
      request(t.server).put(`/api/order/${id}/fulfilment`).set('Cookie', seller).send(body);
    await stage({ stage: 'picking' }).expect(200);
    // One can short, the dearer beans sent instead (charged at most the ordered price): the deal stays.
    const picked = await stage({
      stage: 'picked',
      lines: [{ product: beans, picked: 3, substitute: { product: other, quantity: 1 } }],
    }).expect(200);
    expect(picked.body.order.amount).toBeLessThanOrEqual(3.5);
    expect(picked.body.order.amount).toBe(3.5);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row.amount).toBe(350);
    expect(row.savings).toBe(50);
  });

  it('a short pick that breaks a deal loses it only as far as the total falls', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const soup = await pack(100, { name: 'Tomato Soup', stock: 50 });
    await create({
      kind: 'multibuy',
      products: [soup],
      quantity: 3,
      price: 2.5,
      startsAt: '2026-11-23',
      endsAt: '2026-11-30',
    }).expect(201);
    const c = await customer();
    const id = (await placeCod(201, c, [{ product: soup, quantity: 3 }], 2.5)).body.orderId;
    const stage = (body: Record<string, unknown>) =>
      request(t.server).put(`/api/order/${id}/fulfilment`).set('Cookie', seller).send(body);
    await stage({ stage: 'picking' }).expect(200);
    // 2 of 3 found: £2.00 at their own price, below the £2.50 agreed.
    const picked = await stage({ stage: 'picked', lines: [{ product: soup, picked: 2 }] }).expect(200);
    expect(picked.body.order).toMatchObject({ amount: 2, savings: 0 });
  });
});

describe('receipts of orders priced with deals', () => {
  const pence = (pounds: number) => poundsToPence(pounds)!;

  /** Picks (as given), sends out and delivers with the cash collected, as a driver. */
  async function deliver(id: string, picked: Array<{ product: string; picked: number }>, cash: number) {
    const driver = await signInStaff(t, 'driver', { ownerCookie: seller, name: `Driver ${id.slice(0, 4)}` });
    await steps.pick(id, picked);
    await steps.dispatch(id, driver.cookie);
    await steps.door(id, { cash, card: 0 }, driver.cookie).expect(200);
  }

  it("carries the order's savings, each deal and each line's deal and saving; the lines less the savings are the total", async () => {
    now = new Date('2026-11-24T10:00:00Z');
    const bread = await pack(200, { name: 'Receipt Bread' }); // 0% VAT
    const wine = await pack(200, { name: 'Receipt Red', vatBasisPoints: 2000 }); // £2.40 with VAT
    const jam = await pack(300, { name: 'Receipt Jam' });
    await create({
      kind: 'multibuy',
      products: [bread, wine],
      quantity: 3,
      price: 5,
      startsAt: '2026-11-24',
      endsAt: '2026-11-30',
    }).expect(201);
    await create({
      kind: 'buy_get_free',
      products: [jam],
      quantity: 2,
      free: 1,
      startsAt: '2026-11-24',
      endsAt: '2026-11-30',
    }).expect(201);
    const c = await customer();
    const items = [
      { product: bread, quantity: 2 },
      { product: wine, quantity: 2 },
      { product: jam, quantity: 3 },
    ];
    // Any 3 for £5 and a bread at £2 (£7.00, saving £1.80); 3 jams for the price of 2 (£6.00, saving £3.00).
    const priced = (await placeCod(409, c, items, 0, 0)).body;
    expect(priced.amount).toBe(13);
    const placed = await placeCod(201, c, items, 13, priced.totalVat);
    const id = placed.body.orderId;
    await deliver(
      id,
      items.map((i) => ({ product: i.product, picked: i.quantity })),
      13,
    );
    const order = await orderOf(c, id);
    expect(order.savings).toBe(4.8);

    const { receipt } = (
      await request(t.server).get(`/api/order/${id}/receipt`).set('Cookie', c.cookie).expect(200)
    ).body;
    expect(receipt).toMatchObject({
      total: 13,
      savings: 4.8,
      deals: expect.arrayContaining([
        { label: 'Any 3 for £5', saving: 1.8 },
        { label: '3 for 2', saving: 3 },
      ]),
    });
    expect(receipt.deals).toHaveLength(2);
    const line = (name: string) => receipt.lines.find((l: { name: string }) => l.name === name);
    expect(line('Receipt Jam')).toMatchObject({ quantity: 3, amount: 9, promotion: '3 for 2', saving: 3 });
    expect(line('Receipt Red')).toMatchObject({ quantity: 2, amount: 4.8, promotion: 'Any 3 for £5' });
    expect(line('Receipt Bread')).toMatchObject({ quantity: 2, amount: 4, promotion: 'Any 3 for £5' });
    expect(pence(line('Receipt Red').saving) + pence(line('Receipt Bread').saving)).toBe(180);
    const sum = (key: 'amount' | 'saving') =>
      receipt.lines.reduce((total: number, l: Record<string, number>) => total + pence(l[key]), 0);
    expect(sum('saving')).toBe(pence(receipt.savings));
    expect(sum('amount') - sum('saving')).toBe(pence(receipt.total));
    const rates = receipt.vatRates.reduce((total: number, r: { gross: number }) => total + pence(r.gross), 0);
    expect(rates).toBe(pence(receipt.total));

    // The delivered e-mail says what was saved, and on which deals.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id));
    const completed = mails.find((m) => m.kind === 'order-completed');
    expect(completed?.textBody).toContain(`${youSavedText(480)} on this order.`);
    expect(completed?.textBody).toMatch(/Any 3 for £5\s+-£1\.80/);
    expect(completed?.textBody).toMatch(/3 for 2\s+-£3\.00/);
  });

  it('after a short pick breaks a deal: the savings the order kept, and the lines still come to the total', async () => {
    now = new Date('2026-11-24T10:00:00Z');
    const soup = await pack(100, { name: 'Receipt Soup', stock: 50 });
    const rolls = await pack(150, { name: 'Receipt Rolls', stock: 50 });
    await create({
      kind: 'multibuy',
      products: [soup],
      quantity: 3,
      price: 2.5,
      startsAt: '2026-11-24',
      endsAt: '2026-11-30',
    }).expect(201);
    const c = await customer();
    // 6 soups: two deals (£5.00, saving £1.00), and rolls at £1.50.
    const id = (
      await placeCod(
        201,
        c,
        [
          { product: soup, quantity: 6 },
          { product: rolls, quantity: 1 },
        ],
        6.5,
      )
    ).body.orderId;
    // 4 soups found: one deal and one soup at its own price (£3.50, saving £0.50).
    await deliver(
      id,
      [
        { product: soup, picked: 4 },
        { product: rolls, picked: 1 },
      ],
      5,
    );
    const order = await orderOf(c, id);
    expect(order).toMatchObject({ amount: 5, savings: 0.5 });
    const { receipt } = (
      await request(t.server).get(`/api/order/${id}/receipt`).set('Cookie', c.cookie).expect(200)
    ).body;
    expect(receipt).toMatchObject({
      total: 5,
      savings: 0.5,
      deals: [{ label: '3 for £2.50', saving: 0.5 }],
      lines: expect.arrayContaining([
        { name: 'Receipt Soup', quantity: 4, amount: 4, vatRate: 0, promotion: '3 for £2.50', saving: 0.5 },
        { name: 'Receipt Rolls', quantity: 1, amount: 1.5, vatRate: 0, promotion: null, saving: 0 },
      ]),
    });
    // The delivered e-mail lists what was delivered, at what it cost, as the receipt does.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id));
    const completed = mails.find((m) => m.kind === 'order-completed')?.textBody ?? '';
    expect(completed).toMatch(/4 x Receipt Soup \(3 for £2\.50\)\s+£3\.50/);
    expect(completed).toMatch(/1 x Receipt Rolls\s+£1\.50/);
    expect(completed).not.toContain('6 x Receipt Soup');
  });
});

describe('every product answer carries the promotion the product is in now', () => {
  const edit = (id: string, data: Record<string, unknown>) =>
    request(t.server)
      .put(`/api/product/${id}`)
      .set('Cookie', seller)
      .field('productData', JSON.stringify(data))
      .expect(200);

  it("the seller's edit and stock answers, and a regular delivery's items, as the product list answers them", async () => {
    now = new Date('2026-11-23T10:00:00Z'); // Monday
    const oats = await pack(150, { name: 'Porridge Oats 500g', stock: 20 });
    const promotion = (
      await create({
        kind: 'multibuy',
        products: [oats],
        quantity: 2,
        price: 2.5,
        startsAt: '2026-11-23',
        endsAt: '2026-11-30',
      }).expect(201)
    ).body.promotion;
    const carried = {
      _id: promotion._id,
      kind: 'multibuy',
      label: '2 for £2.50',
      endsAt: '2026-12-01T00:00:00+00:00',
      // £2.50 for 1 kg
      unitPrice: { amount: 2.5, per: 'kg' },
      price: null,
      was: null,
    };
    expect((await productAnswer(oats)).promotion).toEqual(carried);

    const edited = await edit(oats, { name: 'Jumbo Porridge Oats 500g' });
    expect(edited.body.product).toMatchObject({ name: 'Jumbo Porridge Oats 500g', promotion: carried });
    const stocked = await request(t.server)
      .post('/api/product/stock')
      .set('Cookie', seller)
      .send({ id: oats, stock: 12 })
      .expect(200);
    expect(stocked.body.product).toMatchObject({ stock: 12, promotion: carried });
    expect(stocked.body.product).toEqual(await productAnswer(oats));

    const c = await customer();
    const plan = await request(t.server)
      .post('/api/user/standing-orders')
      .set('Cookie', c.cookie)
      .send({
        address: c.addressId,
        time: DELIVERY_SLOTS[0],
        every: 1,
        weekday: 4,
        items: [{ product: oats, quantity: 2 }],
      })
      .expect(201);
    expect(plan.body.standingOrder.items[0].item).toMatchObject({ _id: oats, promotion: carried });
    const plans = await request(t.server)
      .get('/api/user/standing-orders')
      .set('Cookie', c.cookie)
      .expect(200);
    expect(plans.body.standingOrders[0].items[0].item).toEqual(await productAnswer(oats));

    // Once it has ended, none of them carries it.
    now = new Date('2026-12-01T09:00:00Z');
    expect((await edit(oats, { stock: 11 })).body.product.promotion).toBeNull();
    const after = await request(t.server)
      .get('/api/user/standing-orders')
      .set('Cookie', c.cookie)
      .expect(200);
    expect(after.body.standingOrders[0].items[0].item.promotion).toBeNull();
  });

  it('a price the seller changes names the struck-through price afresh in the very next product answer', async () => {
    now = new Date('2026-10-20T09:00:00Z');
    const cheese = await pack(300, { name: 'Mature Cheddar 400g', price: 300 });
    await priceHistory(cheese, [[300, new Date(now.getTime() - 60 * DAY)]]);
    // Sold at £3.00 for 60 days, now £2.50: £3.00 is what it was.
    const lowered = await edit(cheese, { offerPrice: 2.5 });
    expect(lowered.body.product).toMatchObject({
      priceWithVat: 3,
      offerPriceWithVat: 2.5,
      struckPriceLabel: 'Was',
    });
    expect(await productAnswer(cheese)).toMatchObject({ priceWithVat: 3, struckPriceLabel: 'Was' });

    // A struck-through £3.20 was never charged: a recommended price.
    const raised = await edit(cheese, { price: 3.2 });
    expect(raised.body.product).toMatchObject({ priceWithVat: 3.2, struckPriceLabel: 'RRP' });
    expect(await productAnswer(cheese)).toMatchObject({ priceWithVat: 3.2, struckPriceLabel: 'RRP' });

    // Back to £3.00 struck through: what it sold at for the 28 days before £2.50 took effect.
    now = new Date('2026-10-21T09:00:00Z');
    expect((await edit(cheese, { price: 3 })).body.product.struckPriceLabel).toBe('Was');
    expect((await productAnswer(cheese)).struckPriceLabel).toBe('Was');
  });
});
