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
  priceBasket,
  selectableDeliveryDate,
  wasPriceNotChargedMessage,
  PROMOTION_TEXTS,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS, settings, FREE_SHIPPING } from '../../test/fixtures';
import { emailOutbox, orderItems, orders, productPrices, promotions } from '../db/schema';
import { Clock } from '../common/clock';

let t: TestApp;
let seller: string;
let now = new Date('2026-07-01T09:00:00Z');
let customers = 0;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  // E-mail on (the outbox is filled inside the order's transaction); nothing is sent in this file.
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:4294', mailPollIntervalMs: 3_600_000 });
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
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

function placeCod(
  c: { cookie: string; addressId: string },
  items: Array<{ product: string; quantity: number }>,
  amount: number,
  totalVat = 0,
) {
  return request(t.server)
    .post('/api/order/cod')
    .set('Cookie', c.cookie)
    .send({
      items,
      address: c.addressId,
      amount,
      shippingCharge: 0,
      totalVat,
      deliverySlot: { date: selectableDeliveryDate(now), time: DELIVERY_SLOTS[0] },
    });
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
    const stale = await placeCod(c, items, 8.8, 0.8).expect(409);
    expect(stale.body).toMatchObject({ amount: 7, totalVat: expected.vat / 100 });

    const placed = await placeCod(c, items, 7, expected.vat / 100).expect(201);
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
    const placed = await placeCod(c, [{ product: beans, quantity: 4 }], 3.5).expect(201);
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
    const id = (await placeCod(c, [{ product: soup, quantity: 3 }], 2.5).expect(201)).body.orderId;
    const stage = (body: Record<string, unknown>) =>
      request(t.server).put(`/api/order/${id}/fulfilment`).set('Cookie', seller).send(body);
    await stage({ stage: 'picking' }).expect(200);
    // 2 of 3 found: £2.00 at their own price, below the £2.50 agreed.
    const picked = await stage({ stage: 'picked', lines: [{ product: soup, picked: 2 }] }).expect(200);
    expect(picked.body.order).toMatchObject({ amount: 2, savings: 0 });
  });
});
