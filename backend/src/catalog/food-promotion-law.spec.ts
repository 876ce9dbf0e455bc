/**
 * The Food (Promotion and Placement) Regulations 2021 (SI 2021/1368) and the Welsh regulations (SI 2025/395): every
 * product answer carries its nutrient profiling score and whether it is less healthy; the owner says whether the
 * rules apply (50 or more employees); while they do, multi-buys and free offers refuse less healthy products and
 * running ones stop applying to them (the answers, the running list, checkout's pricing and the seller's list);
 * while they do not, nothing changes.
 */
import request from 'supertest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { FOOD_PROMOTION_TEXTS, lessHealthyPromotionMessage, type Nutrition } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller, signInStaff } from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings } from '../../test/fixtures';
import { orderSteps } from '../../test/orders';
import { waitForListed } from '../../test/product-list';
import { activityLog, orders, products } from '../db/schema';
import { Clock } from '../common/clock';

/** Chocolate biscuits per 100 g: the model scores them 22. */
const BISCUITS: Nutrition = {
  energyKj: 2100,
  energyKcal: 502,
  fat: 24,
  saturates: 15,
  carbohydrate: 64,
  sugars: 30,
  fibre: 2,
  protein: 6,
  salt: 0.5,
};
/** A wholemeal loaf per 100 g: -4. */
const LOAF: Nutrition = {
  energyKj: 1000,
  energyKcal: 239,
  fat: 3,
  saturates: 0.5,
  carbohydrate: 40,
  sugars: 3,
  fibre: 7,
  protein: 9,
  salt: 1.0,
};

let t: TestApp;
let owner: string;
let now = new Date('2026-07-01T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => now;
  owner = await signInSeller(t);
  await settings(t, owner, 'shipping', FREE_SHIPPING);
});
afterAll(() => t?.close());

const foodPromotion = (qualifyingBusiness: unknown, cookie = owner) =>
  request(t.server).post('/api/settings/food-promotion').set('Cookie', cookie).send({ qualifyingBusiness });

const answerOf = async (id: string) => {
  const list = await request(t.server).get('/api/product/list').expect(200);
  return list.body.products.find((p: { _id: string }) => p._id === id);
};

const multibuy = (productIds: string[], extra: Record<string, unknown> = {}) =>
  request(t.server)
    .post('/api/seller/promotions')
    .set('Cookie', owner)
    .send({
      kind: 'multibuy',
      products: productIds,
      quantity: 3,
      price: 5,
      startsAt: '2026-07-01',
      endsAt: '2026-07-30',
      ...extra,
    });

describe('the nutrient profiling score on every product answer', () => {
  it('scores a product from its nutrition, fibre and fruit/veg/nuts and says whether it is less healthy', async () => {
    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#a06030' } })
      .jpeg()
      .toBuffer();
    const added = await request(t.server)
      .post('/api/product/add')
      .set('Cookie', owner)
      .field(
        'productData',
        JSON.stringify({
          name: 'Chocolate Biscuits 300g',
          description: ['Milk chocolate'],
          category: 'Bakery',
          price: 2,
          offerPrice: 2,
          vat: 20,
          nutrition: BISCUITS,
          fruitVegNuts: 0,
          hfssCategory: 'sweet-biscuits',
        }),
      )
      .attach('images', jpeg, 'a.jpg')
      .expect(201);
    const expected = { fruitVegNuts: 0, hfssCategory: 'sweet-biscuits', npmScore: 22, lessHealthy: true };
    expect(added.body.product).toMatchObject(expected);
    expect(await answerOf(added.body.product._id)).toMatchObject(expected);

    // Out of scope: scored, never less healthy.
    const edited = await request(t.server)
      .put(`/api/product/${added.body.product._id}`)
      .set('Cookie', owner)
      .field('productData', JSON.stringify({ hfssCategory: null }))
      .expect(200);
    expect(edited.body.product).toMatchObject({ hfssCategory: null, npmScore: 22, lessHealthy: false });
  });

  it('is null when a figure the model needs is missing, and refuses a category not in Schedule 1', async () => {
    const id = await createProduct(t, {
      name: 'Pizza Margherita',
      category: 'Instant',
      nutrition: { ...BISCUITS, fibre: null },
      fruitVegNuts: 10,
      hfssCategory: 'pizza',
    });
    expect(await answerOf(id)).toMatchObject({ npmScore: null, lessHealthy: null });
    const before = (await t.db.select().from(products).where(eq(products.id, id)))[0];
    const refused = await request(t.server)
      .put(`/api/product/${id}`)
      .set('Cookie', owner)
      .field('productData', JSON.stringify({ hfssCategory: 'crisps', fruitVegNuts: 101 }))
      .expect(400);
    expect(refused.body.success).toBe(false);
    expect((await t.db.select().from(products).where(eq(products.id, id)))[0]).toEqual(before);
  });
});

describe('the food promotion setting', () => {
  it('is off by default, for the owner only, and refuses anything but true or false', async () => {
    const read = await request(t.server).get('/api/settings/food-promotion').set('Cookie', owner).expect(200);
    expect(read.body).toEqual({ success: true, qualifyingBusiness: false });
    const manager = await signInStaff(t, 'manager', { ownerCookie: owner });
    await request(t.server).get('/api/settings/food-promotion').set('Cookie', manager.cookie).expect(403);
    await foodPromotion(true, manager.cookie).expect(403);
    await request(t.server).get('/api/settings/food-promotion').expect(401);
    const bad = await foodPromotion('yes').expect(400);
    expect(bad.body.message).toBe(FOOD_PROMOTION_TEXTS.invalid);
    expect(
      (await request(t.server).get('/api/settings/food-promotion').set('Cookie', owner)).body,
    ).toMatchObject({
      qualifyingBusiness: false,
    });
  });
});

describe('volume promotions of less healthy products', () => {
  it('changes nothing while the rules do not apply; once they do, refuses them and stops running ones applying', async () => {
    now = new Date('2026-07-01T09:00:00Z');
    await foodPromotion(false).expect(200);
    const biscuits = await createProduct(t, {
      name: 'Custard Creams',
      category: 'Bakery',
      price: 200,
      offerPrice: 200,
      nutrition: BISCUITS,
      fruitVegNuts: 0,
      hfssCategory: 'sweet-biscuits',
    });
    const loaf = await createProduct(t, {
      name: 'Wholemeal Loaf',
      category: 'Bakery',
      price: 200,
      offerPrice: 200,
      nutrition: LOAF,
      fruitVegNuts: 0,
      hfssCategory: 'morning-goods',
    });
    // Rules off: a "3 for £5" on a less healthy product is allowed and applies.
    const running = await multibuy([biscuits, loaf]).expect(201);
    // On a server the list hears of a promotion or a settings change by a notification a moment after the commit.
    expect(await waitForListed(t.server, biscuits, (p) => p.promotion !== null)).toMatchObject({
      promotion: { label: 'Any 3 for £5' },
      primePlaces: true,
    });

    // Rules on: it stops applying to the biscuits, still applies to the loaf.
    const on = await foodPromotion(true).expect(200);
    expect(on.body).toMatchObject({
      success: true,
      qualifyingBusiness: true,
      message: FOOD_PROMOTION_TEXTS.saved,
    });
    expect(await waitForListed(t.server, biscuits, (p) => p.promotion === null)).toMatchObject({
      promotion: null,
      primePlaces: false,
    });
    expect(await answerOf(loaf)).toMatchObject({ promotion: { label: 'Any 3 for £5' }, primePlaces: true });
    const list = await request(t.server).get('/api/promotions').expect(200);
    expect(
      list.body.promotions.find((p: { _id: string }) => p._id === running.body.promotion._id).products,
    ).toEqual([loaf]);
    const seller = await request(t.server).get('/api/seller/promotions').set('Cookie', owner).expect(200);
    expect(
      seller.body.promotions.find((p: { _id: string }) => p._id === running.body.promotion._id),
    ).toMatchObject({
      products: expect.arrayContaining([biscuits, loaf]),
      notApplied: ['Custard Creams'],
    });

    // Checkout prices three packs of biscuits at their own price (£6), three loaves as the deal (£5).
    const shopper = await signInCustomerWithAddress(
      t,
      { email: 'hfss@example.com', lastName: 'Hfss' },
      ADDRESS,
    );
    const steps = orderSteps(t, { seller: owner });
    expect((await steps.totals([[biscuits, 3]])).amount).toBe(6);
    const placed = await steps.place(shopper, [[biscuits, 3]]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed));
    expect(order.amount).toBe(600);
    // A basket priced with the deal is refused with the server's figures.
    expect((await steps.placeRequest(shopper, [[biscuits, 3]], { totals: { amount: 5 } })).status).toBe(409);
    const deal = await steps.place(shopper, [[loaf, 3]]);
    expect((await t.db.select().from(orders).where(eq(orders.id, deal)))[0].amount).toBe(500);

    // New multi-buys and free offers with it are refused; nothing is stored; a plain reduction stays allowed.
    const promotionsBefore = (await request(t.server).get('/api/seller/promotions').set('Cookie', owner)).body
      .promotions.length;
    const refused = await multibuy([biscuits], { startsAt: '2026-08-01', endsAt: '2026-08-07' }).expect(400);
    expect(refused.body.message).toBe(lessHealthyPromotionMessage('Custard Creams'));
    const free = await multibuy([biscuits], {
      kind: 'buy_get_free',
      quantity: 2,
      free: 1,
      price: undefined,
      startsAt: '2026-08-01',
      endsAt: '2026-08-07',
    }).expect(400);
    expect(free.body.message).toBe(lessHealthyPromotionMessage('Custard Creams'));
    expect(
      (await request(t.server).get('/api/seller/promotions').set('Cookie', owner)).body.promotions.length,
    ).toBe(promotionsBefore);
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'settings.food-promotion'));
    expect(entries.map((e) => e.summary)).toContain('food promotion rules apply no → yes');

    // Rules off again: it applies to the biscuits again.
    await foodPromotion(false).expect(200);
    expect(await waitForListed(t.server, biscuits, (p) => p.promotion !== null)).toMatchObject({
      promotion: { label: 'Any 3 for £5' },
      primePlaces: true,
    });
  });
});
