/**
 * Honest reference prices (CTSI pricing practices guidance): a "Was" price shows only while the product sold at the
 * higher price for at least 28 days immediately before the reduction, and for no longer than that higher price ran;
 * afterwards the reduced price is simply the price. Pinned clock; the product list follows the moment the "Was"
 * stops being true without any write.
 */
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInSeller } from '../../test/auth-helpers';
import { productPrices } from '../db/schema';
import { Clock } from '../common/clock';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let seller: string;
let now = new Date('2026-10-01T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => now;
  seller = await signInSeller(t);
});
afterAll(() => t?.close());

const answerOf = async (id: string) => {
  const list = await request(t.server).get('/api/product/list').expect(200);
  return list.body.products.find((p: { _id: string }) => p._id === id);
};

/** The product's price history is exactly these prices (pence, 0% VAT) from these moments. */
async function priceHistory(id: string, prices: Array<[number, Date]>): Promise<void> {
  await t.db.delete(productPrices).where(eq(productPrices.productId, id));
  await t.db
    .insert(productPrices)
    .values(prices.map(([offerPrice, at]) => ({ productId: id, offerPrice, vatBasisPoints: 0, at })));
}

describe('"Was" prices that stay true', () => {
  it('shows a reduction\'s "Was" from its start for as long as the higher price ran (30 days), then no more', async () => {
    now = new Date('2026-10-01T09:00:00Z');
    const coffee = await createProduct(t, { name: 'Coffee Beans 250g', price: 250, offerPrice: 250 });
    // £2.50 since 00:00 London on 1 September: 30 days before the reduction starts on 1 October.
    await priceHistory(coffee, [[250, new Date('2026-08-31T23:00:00Z')]]);
    const res = await request(t.server)
      .post('/api/seller/promotions')
      .set('Cookie', seller)
      .send({
        kind: 'reduction',
        products: [coffee],
        price: 1.8,
        startsAt: '2026-10-01',
        endsAt: '2026-12-31',
      })
      .expect(201);
    expect(res.body.promotion).toMatchObject({ label: 'Was £2.50, now £1.80', wasPrice: 2.5 });
    expect((await answerOf(coffee)).promotion).toMatchObject({ price: 1.8, was: 2.5 });

    // £2.50 ran 30 x 24 hours (both ends in BST); the reduction started at 23:00 UTC on 30 September, so 30 x 24
    // hours later is 23:00 UTC on 30 October (23:00 London, the clocks having gone back on the 25th).
    now = new Date('2026-10-30T22:59:00Z');
    expect((await answerOf(coffee)).promotion).toMatchObject({ price: 1.8, was: 2.5 });
    now = new Date('2026-10-30T23:00:00Z');
    expect((await answerOf(coffee)).promotion).toMatchObject({ price: 1.8, was: null });
    now = new Date('2026-12-01T09:00:00Z');
    expect((await answerOf(coffee)).promotion).toMatchObject({ price: 1.8, was: null });
  });

  it('names a lowered price\'s struck-through price "Was" only as long as the higher price had run, then "RRP"', async () => {
    now = new Date('2026-11-01T09:00:00Z');
    const cheese = await createProduct(t, { name: 'Mature Cheddar 400g', price: 300, offerPrice: 300 });
    // £3.00 for 40 days, then lowered to £2.50 today.
    await priceHistory(cheese, [
      [300, new Date(now.getTime() - 40 * DAY)],
      [250, now],
    ]);
    const lowered = await request(t.server)
      .put(`/api/product/${cheese}`)
      .set('Cookie', seller)
      .field('productData', JSON.stringify({ offerPrice: 2.5 }))
      .expect(200);
    expect(lowered.body.product).toMatchObject({
      priceWithVat: 3,
      offerPriceWithVat: 2.5,
      struckPriceLabel: 'Was',
    });

    now = new Date(now.getTime() + 39 * DAY);
    expect(await answerOf(cheese)).toMatchObject({ offerPriceWithVat: 2.5, struckPriceLabel: 'Was' });
    now = new Date(now.getTime() + 1 * DAY + 60_000);
    expect(await answerOf(cheese)).toMatchObject({ offerPriceWithVat: 2.5, struckPriceLabel: 'RRP' });
  });

  it('never shows "Was" against a higher price held less than 28 days', async () => {
    now = new Date('2026-11-01T09:00:00Z');
    const tea = await createProduct(t, { name: 'Tea Bags 80', price: 300, offerPrice: 250 });
    await priceHistory(tea, [
      [300, new Date(now.getTime() - 27 * DAY)],
      [250, new Date(now.getTime() - 1 * DAY)],
    ]);
    await request(t.server)
      .put(`/api/product/${tea}`)
      .set('Cookie', seller)
      .field('productData', JSON.stringify({ description: ['Strong'] }))
      .expect(200);
    expect(await answerOf(tea)).toMatchObject({ struckPriceLabel: 'RRP' });
  });
});
