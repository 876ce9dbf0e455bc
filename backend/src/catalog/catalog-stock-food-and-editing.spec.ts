import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { catalogState, productImages, products } from '../db/schema';

/** Stock counts, food information, editing and search, over HTTP. */
describe('catalogue: stock, food information, editing, search', () => {
  let t: TestApp;
  let seller: string;
  let customer: string;
  let jpeg: Buffer;
  let png: Buffer;

  const base = {
    name: 'Oat Cookies 200g',
    description: ['Baked in Yorkshire'],
    category: 'Bakery',
    price: 1.8,
    offerPrice: 1.5,
    vat: 0,
    netQuantity: 200,
    unit: 'g',
  };

  const row = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
  // The catalogue version: the sum of its rows (one per writing connection).
  const version = async () =>
    (await t.db.select({ v: catalogState.version }).from(catalogState)).reduce((sum, row) => sum + row.v, 0);
  const storedFiles = async () =>
    (await t.db.select({ name: productImages.name }).from(productImages)).map((r) => r.name).sort();

  const add = (data: unknown, image: Buffer = jpeg) =>
    request(t.server)
      .post('/api/product/add')
      .set('Cookie', seller)
      .field('productData', JSON.stringify(data))
      .attach('images', image, 'a.jpg');

  const edit = (id: string, data: unknown, images: Buffer[] = [], cookie = seller) => {
    let req = request(t.server).put(`/api/product/${id}`).set('Cookie', cookie);
    if (data !== undefined) req = req.field('productData', JSON.stringify(data));
    for (const [i, image] of images.entries()) req = req.attach('images', image, `p${i}.png`);
    return req;
  };

  const setStock = (body: unknown, cookie = seller) =>
    request(t.server)
      .post('/api/product/stock')
      .set('Cookie', cookie)
      .send(body as object);

  const listed = async (id: string) => {
    const res = await request(t.server).get('/api/product/list').expect(200);
    return res.body.products.find((p: { _id: string }) => p._id === id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signInSeller(t);
    customer = await signInCustomer(t, { email: 'grocer-catalogue@example.com' });
    jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c08040' } })
      .jpeg()
      .toBuffer();
    png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#40c080' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  describe('adding with stock and food information', () => {
    it('stores and returns stock, ingredients and allergens', async () => {
      const res = await add({
        ...base,
        stock: 12,
        ingredients: '  Oats (42%), wheat flour, butter (milk), sugar  ',
        allergens: ['gluten', 'milk', 'gluten'],
      }).expect(201);
      expect(res.body.product).toMatchObject({
        name: 'Oat Cookies 200g',
        inStock: true,
        stock: 12,
        ingredients: 'Oats (42%), wheat flour, butter (milk), sugar',
        allergens: ['gluten', 'milk'],
      });
      expect(await listed(res.body.product._id)).toEqual(res.body.product);
      expect(await row(res.body.product._id)).toMatchObject({ stock: 12, allergens: ['gluten', 'milk'] });
    });

    it('defaults to not counted and no food information', async () => {
      const res = await add({ ...base, name: 'Plain Rice Cakes' }).expect(201);
      expect(res.body.product).toMatchObject({
        stock: null,
        ingredients: null,
        allergens: [],
        inStock: true,
      });
    });

    it('shows a product added with stock 0 as not buyable', async () => {
      const res = await add({ ...base, name: 'Sold Out Scones', stock: 0 }).expect(201);
      expect(res.body.product).toMatchObject({ stock: 0, listed: true, inStock: false });
      expect(await row(res.body.product._id)).toMatchObject({ listed: true, stock: 0 });
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['a negative stock', { stock: -1 }, MESSAGES.invalidStock],
      ['a stock above 100000', { stock: 100_001 }, MESSAGES.invalidStock],
      ['a fractional stock', { stock: 2.5 }, MESSAGES.invalidStock],
      ['a stock as text', { stock: 'lots' }, MESSAGES.invalidStock],
      ['an unknown allergen', { allergens: ['gluten', 'chocolate'] }, MESSAGES.invalidAllergen],
      ['allergens that are not a list', { allergens: 'milk' }, MESSAGES.invalidAllergen],
      ['allergens in capitals', { allergens: ['Milk'] }, MESSAGES.invalidAllergen],
      ['ingredients over 2000 characters', { ingredients: 'a'.repeat(2001) }, MESSAGES.ingredientsTooLong],
      ['ingredients that are not text', { ingredients: 42 }, 'ingredients must be text'],
    ];
    it.each(invalid)('refuses %s with 400 and stores nothing', async (_label, extra, message) => {
      const [{ n: before }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
      const files = await storedFiles();
      const res = await add({ ...base, name: 'Refused Product', ...extra }).expect(400);
      expect(res.body).toEqual({
        success: false,
        message,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: expect.any(String),
      });
      const [{ n: after }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(after).toBe(before);
      expect(await storedFiles()).toEqual(files);
    });
  });

  describe('POST /api/product/stock', () => {
    it('sets the count; inStock follows it unless the seller switched the product off, listed is the switch as set', async () => {
      const id = await createProduct(t, { name: 'Counted Jam' });
      const v0 = await version();
      let res = await setStock({ id, stock: 3 }).expect(200);
      expect(res.body).toMatchObject({ success: true, message: MESSAGES.stockUpdated });
      expect(res.body.product).toMatchObject({ stock: 3, inStock: true });
      expect(await version()).toBeGreaterThan(v0);

      res = await setStock({ id, stock: 0 }).expect(200);
      expect(res.body.product).toMatchObject({ stock: 0, listed: true, inStock: false });
      expect(await listed(id)).toMatchObject({ stock: 0, listed: true, inStock: false });
      // Switching a sold-out product "on" again changes nothing, and the answer says why it cannot be bought.
      res = await setStock({ id, inStock: true }).expect(200);
      expect(res.body.product).toMatchObject({ stock: 0, listed: true, inStock: false });

      res = await setStock({ id, stock: 8 }).expect(200);
      expect(res.body.product).toMatchObject({ stock: 8, inStock: true });

      res = await setStock({ id, inStock: false }).expect(200);
      expect(res.body.product).toMatchObject({ stock: 8, listed: false, inStock: false });
      res = await setStock({ id, stock: 20 }).expect(200);
      expect(res.body.product).toMatchObject({ stock: 20, listed: false, inStock: false });
      res = await setStock({ id, inStock: true, stock: null }).expect(200);
      expect(res.body.product).toMatchObject({ stock: null, listed: true, inStock: true });
      expect(await row(id)).toMatchObject({ stock: null, listed: true });
    });

    it('still accepts the switch alone, as the spec sends it', async () => {
      const id = await createProduct(t, { name: 'Switch Only' });
      const res = await setStock({ id, inStock: false }).expect(200);
      expect(res.body.product).toMatchObject({ inStock: false, stock: null });
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['neither inStock nor stock', {}, MESSAGES.stockOrSwitchRequired],
      ['a negative stock', { stock: -3 }, MESSAGES.invalidStock],
      ['a stock too large', { stock: 100_001 }, MESSAGES.invalidStock],
      ['a fractional stock', { stock: 1.5 }, MESSAGES.invalidStock],
      ['a stock as text', { stock: '5' }, MESSAGES.invalidStock],
    ];
    it.each(invalid)('refuses %s with 400 and changes nothing', async (_label, extra, message) => {
      const id = await createProduct(t, { stock: 7 });
      const v0 = await version();
      const res = await setStock({ id, ...extra }).expect(400);
      expect(res.body).toEqual({
        success: false,
        message,
        code: ERROR_CODES.VALIDATION_FAILED,
        ...(res.body.field === undefined ? {} : { field: expect.any(String) }),
      });
      expect(await row(id)).toMatchObject({ stock: 7, listed: true });
      expect(await version()).toBe(v0);
    });

    it('is for the seller only, and 404 for unknown or deleted products', async () => {
      const id = await createProduct(t, { stock: 4 });
      await setStock({ id, stock: 9 }, customer).expect(401);
      expect((await row(id)).stock).toBe(4);
      const gone = await createProduct(t, { deletedAt: new Date() });
      for (const target of [gone, '00000000-0000-4000-8000-000000000000']) {
        const res = await setStock({ id: target, stock: 1 }).expect(404);
        expect(res.body).toEqual({
          success: false,
          message: MESSAGES.productNotFound,
          code: ERROR_CODES.NOT_FOUND,
        });
      }
    });
  });

  describe('PUT /api/product/:id', () => {
    it('changes the fields given, keeps the rest, and shows the change in the shop', async () => {
      const created = (await add({ ...base, name: 'Editable Flapjack', stock: 5 }).expect(201)).body.product;
      const v0 = await version();
      const res = await edit(created._id, {
        name: 'Golden Flapjack 4 pack',
        offerPrice: 1.25,
        stock: 40,
        ingredients: 'Oats, golden syrup, butter (milk)',
        allergens: ['gluten', 'milk'],
      }).expect(200);
      expect(res.body).toEqual({
        success: true,
        message: MESSAGES.productUpdated,
        product: {
          ...created,
          name: 'Golden Flapjack 4 pack',
          offerPrice: 1.25,
          // No VAT on this product: the shopper pays the offer price.
          offerPriceWithVat: 1.25,
          stock: 40,
          ingredients: 'Oats, golden syrup, butter (milk)',
          allergens: ['gluten', 'milk'],
          allergensConfirmed: true,
          // £1.25 for 200 g
          unitPrice: { amount: 6.25, per: 'kg' },
        },
      });
      expect(await version()).toBeGreaterThan(v0);
      expect(await listed(created._id)).toEqual(res.body.product);

      const cleared = await edit(created._id, { ingredients: '', allergens: [], stock: null }).expect(200);
      expect(cleared.body.product).toMatchObject({ ingredients: null, allergens: [], stock: null });
    });

    it('replaces the pictures when images are sent, keeping the old files for past orders', async () => {
      const created = (await add({ ...base, name: 'Pictured Bun' }).expect(201)).body.product;
      const oldFile = path.basename(created.image[0]);
      const res = await edit(created._id, { category: 'Bakery' }, [png, png]).expect(200);
      expect(res.body.product.image).toHaveLength(2);
      expect(res.body.product.image[0]).not.toBe(created.image[0]);
      await request(t.server).get(res.body.product.image[1]).expect(200);
      expect(await storedFiles()).toContain(oldFile);
      const noPictures = await edit(created._id, { price: 2 }).expect(200);
      expect(noPictures.body.product.image).toEqual(res.body.product.image);
    });

    const invalid: Array<[string, unknown, string | RegExp]> = [
      ['a blank name', { name: '  ' }, /name is required/],
      ['a null price', { price: null }, MESSAGES.fillAllFields],
      ['an offer above the current price', { offerPrice: 5 }, MESSAGES.offerAbovePrice],
      ['an unknown category', { category: 'Toys' }, /categories/],
      ['a bad stock', { stock: -1 }, MESSAGES.invalidStock],
      ['a bad allergen', { allergens: ['nuts', 'shellfish'] }, MESSAGES.invalidAllergen],
      ['an unknown field', { colour: 'red' }, 'property colour should not exist'],
      ['productData that is not JSON', 'not json', 'productData must be valid JSON'],
    ];
    it.each(invalid)('refuses %s with 400 and changes nothing', async (_label, data, message) => {
      const created = (await add({ ...base, name: 'Unchanged Muffin', stock: 6 }).expect(201)).body.product;
      const files = await storedFiles();
      let req = request(t.server).put(`/api/product/${created._id}`).set('Cookie', seller);
      req = req.field('productData', typeof data === 'string' ? data : JSON.stringify(data));
      const res = await req.attach('images', png, 'new.png').expect(400);
      expect(res.body).toEqual({
        success: false,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
        code: data === 'not json' ? ERROR_CODES.INVALID_JSON : ERROR_CODES.VALIDATION_FAILED,
        ...(res.body.field === undefined ? {} : { field: expect.any(String) }),
      });
      expect(await listed(created._id)).toEqual(created);
      expect(await storedFiles()).toEqual(files);
    });

    it('refuses a picture that is not an image', async () => {
      const created = (await add({ ...base, name: 'Picture Check' }).expect(201)).body.product;
      const res = await request(t.server)
        .put(`/api/product/${created._id}`)
        .set('Cookie', seller)
        .field('productData', '{}')
        .attach('images', Buffer.from('not an image'), 'x.png')
        .expect(400);
      expect(res.body.success).toBe(false);
      expect(await listed(created._id)).toEqual(created);
    });

    it('answers 404 for unknown, malformed and deleted products', async () => {
      const gone = await createProduct(t, { deletedAt: new Date(), name: 'Deleted Pie' });
      for (const id of [gone, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await edit(id, { name: 'Back again' }).expect(404);
        expect(res.body).toEqual({
          success: false,
          message: MESSAGES.productNotFound,
          code: ERROR_CODES.NOT_FOUND,
        });
      }
      expect((await row(gone)).name).toBe('Deleted Pie');
    });

    it('is for the seller only', async () => {
      const id = await createProduct(t, { name: 'Guarded Tart' });
      await edit(id, { name: 'Hijacked' }, [], customer).expect(401);
      await request(t.server).put(`/api/product/${id}`).field('productData', '{"name":"x"}').expect(401);
      expect((await row(id)).name).toBe('Guarded Tart');
    });
  });

  describe('GET /api/product/search', () => {
    let carrots: string;
    let oatMilk: string;
    let cheddar: string;
    let soup: string;
    beforeAll(async () => {
      carrots = await createProduct(t, {
        name: 'British Carrots 1kg',
        category: 'Vegetables',
        description: ['Grown in Lincolnshire'],
      });
      oatMilk = await createProduct(t, {
        name: 'Barista Oat Milk 1L',
        category: 'Drinks',
        description: ['Foams like dairy'],
      });
      cheddar = await createProduct(t, {
        name: 'Mature Cheddar 400g',
        category: 'Dairy',
        description: ['Aged for nine months'],
      });
      soup = await createProduct(t, {
        name: 'Carrot & Coriander Soup',
        category: 'Instant',
        description: ['Made with British carrots'],
      });
      await createProduct(t, { name: 'Hidden Carrots', deletedAt: new Date() });
    });

    const search = (q: string) => request(t.server).get('/api/product/search').query({ q });
    const ids = (res: request.Response) => res.body.products.map((p: { _id: string }) => p._id);

    it('forgives a typo and puts the best match first', async () => {
      const res = await search('carots').expect(200);
      expect(res.body.success).toBe(true);
      expect(ids(res)[0]).toBe(carrots);
      expect(ids(res)).toContain(soup);
      expect(ids(res)).not.toContain(cheddar);
      expect(res.body.products.map((p: { name: string }) => p.name)).not.toContain('Hidden Carrots');
      expect(res.body.products[0]).toMatchObject({ name: 'British Carrots 1kg', stock: null, allergens: [] });
    });

    it('forgives word order', async () => {
      const res = await search('milk oat').expect(200);
      expect(ids(res)[0]).toBe(oatMilk);
    });

    it('finds by category and description too, ignoring case and surrounding spaces', async () => {
      expect(ids(await search('  CHEDDAR ').expect(200))[0]).toBe(cheddar);
      expect(ids(await search('nine months').expect(200))).toEqual([cheddar]);
      expect(ids(await search('dairy').expect(200))).toContain(cheddar);
    });

    it('lists out-of-stock products too, as they are', async () => {
      const id = await createProduct(t, { name: 'Quince Paste', stock: 0 });
      const res = await search('quince').expect(200);
      expect(res.body.products).toEqual([expect.objectContaining({ _id: id, stock: 0, inStock: false })]);
    });

    it('answers an empty list when nothing is near', async () => {
      expect((await search('zzzxqv').expect(200)).body).toEqual({ success: true, products: [] });
    });

    it('treats LIKE wildcards as text', async () => {
      expect((await search('%').expect(200)).body.products).toEqual([]);
      expect((await search('_').expect(200)).body.products).toEqual([]);
    });

    it.each([
      ['missing', undefined],
      ['blank', '   '],
      ['too long', 'a'.repeat(101)],
    ])('refuses a %s q with 400', async (_label, q) => {
      const req = request(t.server).get('/api/product/search');
      const res = await (q === undefined ? req : req.query({ q })).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.invalidSearch,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'q',
      });
    });

    it('accepts 100 characters', async () => {
      await search(`carrots ${'a'.repeat(92)}`).expect(200);
    });
  });
});
