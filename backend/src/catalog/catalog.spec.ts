import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { ERROR_CODES, MAX_IMAGE_BYTES, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { cartItems, productImages, products, users } from '../db/schema';
import { CatalogService } from './catalog.service';

async function picture(
  format: 'jpeg' | 'png' | 'webp' | 'avif',
  width = 1200,
  height = 900,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return image.toFormat(format).toBuffer();
}

const productData = {
  name: 'Organic Carrots 1kg',
  description: ['British grown', 'Sweet and crunchy'],
  category: 'Vegetables',
  price: 1.2,
  offerPrice: 0.99,
  vat: 0,
  netQuantity: 1,
  unit: 'kg',
};

describe('catalogue', () => {
  let t: TestApp;
  let seller: string;
  let customer: string;
  let jpeg: Buffer;

  const storedFiles = async () =>
    (await t.db.select({ name: productImages.name }).from(productImages)).map((r) => r.name).sort();
  const productCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(products))[0].n;

  const add = (
    data: unknown,
    files: Array<{ buffer: Buffer; name: string; field?: string }> = [{ buffer: jpeg, name: 'a.jpg' }],
  ) => {
    let req = request(t.server).post('/api/product/add').set('Cookie', seller);
    if (data !== undefined)
      req = req.field('productData', typeof data === 'string' ? data : JSON.stringify(data));
    for (const f of files) req = req.attach(f.field ?? 'images', f.buffer, f.name);
    return req;
  };

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signInSeller(t);
    customer = await signInCustomer(t, { email: 'shopper@example.com' });
    jpeg = await picture('jpeg');
  });
  afterAll(() => t.close());

  describe('GET /api/product/list', () => {
    it('lists live products newest first in pounds, in and out of stock', async () => {
      const older = await createProduct(t, {
        name: 'Milk',
        category: 'Dairy',
        price: 145,
        offerPrice: 135,
        vatBasisPoints: 0,
      });
      const newer = await createProduct(t, {
        name: 'Cola',
        category: 'Drinks',
        price: 250,
        offerPrice: 199,
        vatBasisPoints: 2000,
        listed: false,
      });
      const gone = await createProduct(t, { name: 'Gone', deletedAt: new Date() });
      const res = await request(t.server).get('/api/product/list').expect(200);
      expect(res.body.success).toBe(true);
      const ids = res.body.products.map((p: { _id: string }) => p._id);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      expect(ids).not.toContain(gone);
      expect(res.body.products.find((p: { _id: string }) => p._id === newer)).toEqual({
        _id: newer,
        name: 'Cola',
        category: 'Drinks',
        description: ['Fresh and tasty'],
        price: 2.5,
        offerPrice: 1.99,
        priceWithVat: 3,
        offerPriceWithVat: 2.39,
        vat: 20,
        image: ['/uploads/products/test.webp'],
        listed: false,
        inStock: false,
        stock: null,
        ingredients: null,
        allergens: [],
        allergensConfirmed: false,
        netQuantity: 1,
        unit: 'each',
        // From the price with VAT the shopper is shown.
        unitPrice: { amount: 2.39, per: 'each' },
        // In no promotion; £3.00 was never its selling price here, so it is a recommended price.
        promotion: null,
        struckPriceLabel: 'RRP',
        nutrition: null,
        trafficLights: null,
        storage: null,
        origin: null,
        producer: null,
        dietary: [],
        ageRestricted: false,
        maxPerOrder: null,
        // Not scored (no nutrition) and in no Schedule 1 category: never less healthy.
        fruitVegNuts: null,
        hfssCategory: null,
        npmScore: null,
        lessHealthy: false,
        primePlaces: true,
      });
    });

    it('sends an ETag, answers 304 to If-None-Match, and changes after a write', async () => {
      const first = await request(t.server).get('/api/product/list').expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await request(t.server).get('/api/product/list').set('If-None-Match', etag).expect(304);
      expect(again.text).toBe('');
      const id = first.body.products[0]._id;
      await request(t.server)
        .post('/api/product/stock')
        .set('Cookie', seller)
        .send({ id, inStock: true })
        .expect(200);
      const after = await request(t.server).get('/api/product/list').set('If-None-Match', etag).expect(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body.products[0].inStock).toBe(true);
    });

    it('sees a write made by another replica (catalogue version moved in the database)', async () => {
      await request(t.server).get('/api/product/list').expect(200);
      const id = await createProduct(t, { name: 'Added elsewhere' });
      // On a server the news arrives as a notification, a moment after the commit: wait for it (5 s at most).
      const started = Date.now();
      let res = await request(t.server).get('/api/product/list').expect(200);
      while (res.body.products[0]._id !== id && Date.now() - started < 5000) {
        res = await request(t.server).get('/api/product/list').expect(200);
      }
      expect(res.body.products[0]._id).toBe(id);
    });

    it('is public', async () => {
      await request(t.server).get('/api/product/list').expect(200);
    });
  });

  describe('POST /api/product/add', () => {
    beforeEach(async () => {
      await t.db.delete(products).where(sql`true`);
      await t.db.delete(productImages);
    });

    it('adds a product with pictures of every accepted format, re-encoded to WebP', async () => {
      const files = await Promise.all(
        (['jpeg', 'png', 'webp', 'avif'] as const).map(async (f) => ({
          buffer: await picture(f),
          name: `p.${f}`,
        })),
      );
      const res = await add({ ...productData, vat: 12.5 }, files).expect(201);
      expect(res.body).toMatchObject({ success: true, message: MESSAGES.productAdded });
      const product = res.body.product;
      expect(product).toMatchObject({ ...productData, vat: 12.5, inStock: true });
      expect(product.image).toHaveLength(4);
      for (const url of product.image) {
        expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);
        const img = await request(t.server).get(url).buffer(true).expect(200);
        expect(img.headers['content-type']).toBe('image/webp');
        const meta = await sharp(img.body as Buffer).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(800);
        const small = await request(t.server).get(url.replace('.webp', '-400.webp')).buffer(true).expect(200);
        expect((await sharp(small.body as Buffer).metadata()).width).toBe(400);
      }
      const list = await request(t.server).get('/api/product/list').expect(200);
      expect(list.body.products[0]._id).toBe(product._id);
      const [row] = await t.db.select().from(products).where(eq(products.id, product._id));
      expect(row).toMatchObject({ price: 120, offerPrice: 99, vatBasisPoints: 1250 });
    });

    it('accepts numbers sent as text and a description as lines', async () => {
      const res = await add({
        ...productData,
        price: '2.50',
        offerPrice: '2',
        vat: '20',
        description: 'One\n\n Two ',
      }).expect(201);
      expect(res.body.product).toMatchObject({
        price: 2.5,
        offerPrice: 2,
        vat: 20,
        description: ['One', 'Two'],
      });
    });

    it('allows offerPrice equal to price and a product without description', async () => {
      const { description: _d, ...rest } = productData;
      const res = await add({ ...rest, offerPrice: 1.2 }).expect(201);
      expect(res.body.product.description).toEqual([]);
    });

    const invalid: Array<[string, unknown, string | RegExp]> = [
      ['no productData', undefined, MESSAGES.fillAllFields],
      ['productData that is not JSON', '{name:', 'productData must be valid JSON'],
      ['productData that is not an object', '[1,2]', 'productData must be a JSON object'],
      ['a missing name', { ...productData, name: undefined }, MESSAGES.fillAllFields],
      ['a blank name', { ...productData, name: '  ' }, MESSAGES.fillAllFields],
      ['a missing price', { ...productData, price: undefined }, MESSAGES.fillAllFields],
      ['a missing offerPrice', { ...productData, offerPrice: undefined }, MESSAGES.fillAllFields],
      ['a missing vat', { ...productData, vat: undefined }, MESSAGES.fillAllFields],
      ['a name too long', { ...productData, name: 'x'.repeat(121) }, /at most 120/],
      ['an unknown category', { ...productData, category: 'Toys' }, 'Please choose one of the categories'],
      ['a missing category', { ...productData, category: undefined }, 'Please choose one of the categories'],
      ['a negative price', { ...productData, price: -1 }, /price must be at least 0/],
      ['a price with three decimals', { ...productData, price: 1.234 }, /at most 2 decimals/],
      ['a non-numeric price', { ...productData, price: 'cheap' }, /price must be a number/],
      ['a negative offerPrice', { ...productData, offerPrice: -0.01 }, /offerPrice must be at least 0/],
      ['an offerPrice above the price', { ...productData, offerPrice: 1.21 }, MESSAGES.offerAbovePrice],
      ['a vat above 100', { ...productData, vat: 101 }, /vat must be at most 100/],
      ['a negative vat', { ...productData, vat: -5 }, /vat must be at least 0/],
      ['description lines that are not text', { ...productData, description: [1, 2] }, /must be text/],
      ['an unknown field', { ...productData, colour: 'red' }, 'property colour should not exist'],
    ];
    it.each(invalid)('refuses %s with 400 and stores nothing', async (_label, data, message) => {
      const res = await add(data).expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
      expect(await productCount()).toBe(0);
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses a product without images', async () => {
      const res = await add(productData, []).expect(400);
      expect(res.body.message).toBe(MESSAGES.imagesRequired);
      expect(await productCount()).toBe(0);
    });

    it('refuses five images', async () => {
      const files = Array.from({ length: 5 }, (_, i) => ({ buffer: jpeg, name: `p${i}.jpg` }));
      const res = await add(productData, files).expect(400);
      expect(res.body.message).toBe(MESSAGES.tooManyImages);
      expect(await productCount()).toBe(0);
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses a text file named .png, even next to a real picture', async () => {
      const files = [
        { buffer: jpeg, name: 'ok.jpg' },
        { buffer: Buffer.from('this is not a picture at all'), name: 'fake.png' },
      ];
      const res = await add(productData, files).expect(400);
      expect(res.body.message).toBe(MESSAGES.imageType);
      expect(await productCount()).toBe(0);
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses a picture format that is not accepted (GIF)', async () => {
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer();
      const res = await add(productData, [{ buffer: gif, name: 'a.jpg' }]).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.imageType,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'images',
      });
      expect(await productCount()).toBe(0);
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses an image over 5 MB', async () => {
      const big = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length, 1)]);
      const res = await add(productData, [{ buffer: big, name: 'big.jpg' }]).expect(400);
      expect(res.body.message).toBe(MESSAGES.imageTooLarge);
      expect(await productCount()).toBe(0);
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses files under another field name and a JSON body', async () => {
      await add(productData, [{ buffer: jpeg, name: 'a.jpg', field: 'photo' }]).expect(400);
      const res = await request(t.server)
        .post('/api/product/add')
        .set('Cookie', seller)
        .send(productData)
        .expect(400);
      expect(res.body.success).toBe(false);
    });

    it('is for the seller only', async () => {
      const anonymous = await request(t.server)
        .post('/api/product/add')
        .field('productData', JSON.stringify(productData))
        .attach('images', jpeg, 'a.jpg')
        .expect(401);
      expect(anonymous.body.success).toBe(false);
      await request(t.server)
        .post('/api/product/add')
        .set('Cookie', customer)
        .field('productData', JSON.stringify(productData))
        .attach('images', jpeg, 'a.jpg')
        .expect(401);
      expect(await productCount()).toBe(0);
      expect(await storedFiles()).toEqual([]);
    });
  });

  describe('POST /api/product/stock', () => {
    it('marks a product out of stock and back', async () => {
      const id = await createProduct(t);
      const res = await request(t.server)
        .post('/api/product/stock')
        .set('Cookie', seller)
        .send({ id, inStock: false })
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: MESSAGES.stockUpdated,
        product: { _id: id, inStock: false },
      });
      const list = await request(t.server).get('/api/product/list');
      expect(list.body.products.find((p: { _id: string }) => p._id === id).inStock).toBe(false);
      await request(t.server)
        .post('/api/product/stock')
        .set('Cookie', seller)
        .send({ id, inStock: true })
        .expect(200);
    });

    it('validates the body', async () => {
      const id = await createProduct(t);
      await request(t.server).post('/api/product/stock').set('Cookie', seller).send({ id }).expect(400);
      await request(t.server)
        .post('/api/product/stock')
        .set('Cookie', seller)
        .send({ id, inStock: 'no' })
        .expect(400);
      await request(t.server)
        .post('/api/product/stock')
        .set('Cookie', seller)
        .send({ id: 'abc', inStock: true })
        .expect(400);
    });

    it('answers 404 for unknown and deleted products', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const res = await request(t.server)
        .post('/api/product/stock')
        .set('Cookie', seller)
        .send({ id: unknown, inStock: true })
        .expect(404);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.productNotFound,
        code: ERROR_CODES.NOT_FOUND,
      });
      const gone = await createProduct(t, { deletedAt: new Date() });
      await request(t.server)
        .post('/api/product/stock')
        .set('Cookie', seller)
        .send({ id: gone, inStock: true })
        .expect(404);
    });

    it('is for the seller only', async () => {
      const id = await createProduct(t);
      await request(t.server).post('/api/product/stock').send({ id, inStock: false }).expect(401);
      await request(t.server)
        .post('/api/product/stock')
        .set('Cookie', customer)
        .send({ id, inStock: false })
        .expect(401);
      const [row] = await t.db.select().from(products).where(eq(products.id, id));
      expect(row.listed).toBe(true);
    });
  });

  describe('DELETE /api/product/:id', () => {
    it('soft-deletes: gone from the list and from every cart, kept in the table for order history', async () => {
      const id = await createProduct(t, { name: 'To delete' });
      const keep = await createProduct(t, { name: 'To keep' });
      const [user] = await t.db
        .insert(users)
        .values({ email: 'cart-owner@example.com', firstName: 'Cart', lastName: 'Owner' })
        .returning();
      await t.db.insert(cartItems).values([
        { userId: user.id, productId: id, quantity: 2 },
        { userId: user.id, productId: keep, quantity: 1 },
      ]);
      const before = await request(t.server).get('/api/product/list');

      const res = await request(t.server).delete(`/api/product/${id}`).set('Cookie', seller).expect(200);
      expect(res.body).toEqual({ success: true, message: MESSAGES.productDeleted });

      const list = await request(t.server)
        .get('/api/product/list')
        .set('If-None-Match', before.headers.etag)
        .expect(200);
      expect(list.body.products.map((p: { _id: string }) => p._id)).not.toContain(id);
      const cart = await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
      expect(cart.map((c) => c.productId)).toEqual([keep]);
      const [row] = await t.app.get(CatalogService).findProductsByIds([id, 'not-a-uuid']);
      expect(row).toMatchObject({ id, name: 'To delete' });
      expect(row.deletedAt).toBeInstanceOf(Date);

      await request(t.server).delete(`/api/product/${id}`).set('Cookie', seller).expect(404);
    });

    it('answers 404 for an id that is not a product', async () => {
      await request(t.server).delete('/api/product/not-a-uuid').set('Cookie', seller).expect(404);
      await request(t.server)
        .delete('/api/product/00000000-0000-4000-8000-000000000000')
        .set('Cookie', seller)
        .expect(404);
    });

    it('is for the seller only', async () => {
      const id = await createProduct(t);
      await request(t.server).delete(`/api/product/${id}`).expect(401);
      await request(t.server).delete(`/api/product/${id}`).set('Cookie', customer).expect(401);
      const [row] = await t.db.select().from(products).where(eq(products.id, id));
      expect(row.deletedAt).toBeNull();
    });
  });
});
