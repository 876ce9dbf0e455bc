import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { signInSeller } from '../../test/auth-helpers';
import { products } from '../db/schema';

/** Pack and unit price, nutrition and traffic lights, producer, diets, age restriction and the free-from filters. */
describe('catalogue: food information and filters', () => {
  let t: TestApp;
  let seller: string;
  let jpeg: Buffer;

  const base = {
    name: 'Oat Biscuits 300g',
    description: ['Baked in Yorkshire'],
    category: 'Bakery',
    price: 2.5,
    offerPrice: 2,
    vat: 0,
    netQuantity: 300,
    unit: 'g',
  };
  const nutrition = {
    energyKj: 1950,
    energyKcal: 466,
    fat: 20.1,
    saturates: 9.4,
    carbohydrate: 62.3,
    sugars: 22.5,
    fibre: 4.2,
    protein: 6.9,
    salt: 0.8,
  };

  const add = (data: unknown) =>
    request(t.server)
      .post('/api/product/add')
      .set('Cookie', seller)
      .field('productData', JSON.stringify(data))
      .attach('images', jpeg, 'a.jpg');
  const edit = (id: string, data: unknown) =>
    request(t.server)
      .put(`/api/product/${id}`)
      .set('Cookie', seller)
      .field('productData', JSON.stringify(data));
  const row = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
  const search = (query: string) => request(t.server).get(`/api/product/search?${query}`);
  const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name).sort();

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signInSeller(t);
    jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c08040' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  describe('adding with the pack and full food information', () => {
    it('stores every field and returns the unit price and traffic lights wherever the product is', async () => {
      const res = await add({
        ...base,
        allergens: ['gluten', 'milk'],
        nutrition,
        storage: '  Store in a cool, dry place.  ',
        origin: 'United Kingdom',
        producer: { name: 'Dale Bakery Ltd', address: '1 Mill Lane, York YO1 7AA' },
        dietary: ['vegetarian'],
        ageRestricted: false,
      }).expect(201);
      const expected = {
        netQuantity: 300,
        unit: 'g',
        unitPrice: { amount: 6.67, per: 'kg' },
        nutrition,
        trafficLights: { fat: 'high', saturates: 'high', sugars: 'medium', salt: 'medium' },
        storage: 'Store in a cool, dry place.',
        origin: 'United Kingdom',
        producer: { name: 'Dale Bakery Ltd', address: '1 Mill Lane, York YO1 7AA' },
        dietary: ['vegetarian'],
        allergensConfirmed: true,
        ageRestricted: false,
      };
      expect(res.body.product).toMatchObject(expected);
      const id = res.body.product._id;
      expect(await row(id)).toMatchObject({ netQuantity: 300, unit: 'g', allergensConfirmed: true });

      const list = await request(t.server).get('/api/product/list').expect(200);
      expect(list.body.products.find((p: { _id: string }) => p._id === id)).toMatchObject(expected);
      const found = await search('q=oat%20biscuits').expect(200);
      expect(found.body.products.find((p: { _id: string }) => p._id === id)).toMatchObject(expected);
    });

    it('leaves optional information empty, and the allergens unconfirmed when none were sent', async () => {
      const res = await add({ ...base, name: 'Plain Rusks 200g', netQuantity: 200 }).expect(201);
      expect(res.body.product).toMatchObject({
        unitPrice: { amount: 10, per: 'kg' },
        nutrition: null,
        trafficLights: null,
        storage: null,
        origin: null,
        producer: null,
        dietary: [],
        allergens: [],
        allergensConfirmed: false,
        ageRestricted: false,
      });
    });

    it('uses the drinks thresholds for the drinks category', async () => {
      const res = await add({
        ...base,
        name: 'Apple Squash 750ml',
        category: 'Drinks',
        netQuantity: 750,
        unit: 'ml',
        nutrition: { ...nutrition, fat: 1.5, saturates: 0.8, sugars: 11.3, salt: 0.3, carbohydrate: 12 },
      }).expect(201);
      expect(res.body.product).toMatchObject({
        unitPrice: { amount: 2.67, per: 'litre' },
        trafficLights: { fat: 'low', saturates: 'medium', sugars: 'high', salt: 'low' },
      });
    });

    it('prices herbs and spices per 10 g and 100 g, items each, and small packs per 100 ml', async () => {
      const cases: [Record<string, unknown>, { amount: number; per: string }][] = [
        [
          { category: 'Whole_Spices', netQuantity: 10, unit: 'g', offerPrice: 0.99 },
          { amount: 0.99, per: '10g' },
        ],
        [
          { category: 'Ground_Spices', netQuantity: 50, unit: 'g', offerPrice: 1.25 },
          { amount: 2.5, per: '100g' },
        ],
        [
          { category: 'Dairy', netQuantity: 6, unit: 'each', offerPrice: 2 },
          { amount: 0.33, per: 'each' },
        ],
        [
          { category: 'Drinks', netQuantity: 60, unit: 'ml', offerPrice: 1.5 },
          { amount: 2.5, per: '100ml' },
        ],
        [
          { category: 'Flour', netQuantity: 1.5, unit: 'kg', offerPrice: 1.3 },
          { amount: 0.87, per: 'kg' },
        ],
        [
          { category: 'Drinks', netQuantity: 1.75, unit: 'l', offerPrice: 2 },
          { amount: 1.14, per: 'litre' },
        ],
      ];
      for (const [i, [pack, unitPrice]] of cases.entries()) {
        const res = await add({ ...base, price: 5, name: `Pack ${i}`, ...pack }).expect(201);
        expect([pack, res.body.product.unitPrice]).toEqual([pack, unitPrice]);
      }
    });
  });

  describe('the pack size is optional', () => {
    it("adds a product from the spec's own call (name, description, category, prices, VAT, one picture) with no unit price", async () => {
      const res = await add({
        name: 'Farmhouse Loaf',
        description: ['Baked this morning'],
        category: 'Bakery',
        price: 1.6,
        offerPrice: 1.4,
        vat: 0,
      }).expect(201);
      expect(res.body.product).toMatchObject({
        netQuantity: null,
        unit: null,
        unitPrice: null,
        allergens: [],
        allergensConfirmed: false,
      });
      expect(await row(res.body.product._id)).toMatchObject({
        netQuantity: null,
        unit: null,
        allergensConfirmed: false,
      });
      // Never assumed free from anything: absent from a free-from list without a search text.
      const freeFromMilk = await search('freeFrom=milk').expect(200);
      expect(names(freeFromMilk.body)).not.toContain('Farmhouse Loaf');
      const list = await request(t.server).get('/api/product/list').expect(200);
      expect(list.body.products.find((p: { _id: string }) => p._id === res.body.product._id)).toMatchObject({
        name: 'Farmhouse Loaf',
        netQuantity: null,
        unitPrice: null,
      });
    });

    it('lets an edit clear the pack and give it again, but never one half of it', async () => {
      const created = await add({ ...base, name: 'Packless Biscuits' }).expect(201);
      const id = created.body.product._id;
      const cleared = await edit(id, { netQuantity: null, unit: null }).expect(200);
      expect(cleared.body.product).toMatchObject({ netQuantity: null, unit: null, unitPrice: null });
      const half = await edit(id, { netQuantity: 250 }).expect(400);
      expect(half.body.message).toBe(MESSAGES.packSizeAndUnit);
      expect(await row(id)).toMatchObject({ netQuantity: null, unit: null });
      const given = await edit(id, { netQuantity: 250, unit: 'g' }).expect(200);
      expect(given.body.product.unitPrice).toEqual({ amount: 8, per: 'kg' });
    });
  });

  describe('nutrition as labels print it', () => {
    it('accepts two decimals below 1 g (salt 0.31 g) and one decimal from 1 g', async () => {
      const label = { ...nutrition, saturates: 0.05, sugars: 0.4, salt: 0.31, fat: 12.5 };
      const res = await add({ ...base, name: 'Labelled Crackers', nutrition: label }).expect(201);
      expect(res.body.product.nutrition).toEqual(label);
      expect((await row(res.body.product._id)).nutrition).toEqual(label);
    });
  });

  describe('validation', () => {
    const bad: [string, Record<string, unknown>, string | RegExp][] = [
      ['a unit without a net quantity', { netQuantity: undefined }, MESSAGES.packSizeAndUnit],
      ['a net quantity without a unit', { unit: undefined }, MESSAGES.packSizeAndUnit],
      ['a null unit with a net quantity', { unit: null }, MESSAGES.packSizeAndUnit],
      ['a net quantity of 0', { netQuantity: 0 }, MESSAGES.invalidNetQuantity],
      ['a negative net quantity', { netQuantity: -1 }, MESSAGES.invalidNetQuantity],
      ['four decimals of net quantity', { netQuantity: 0.0005 }, MESSAGES.invalidNetQuantity],
      ['a net quantity over 100000', { netQuantity: 100_001 }, MESSAGES.invalidNetQuantity],
      ['a net quantity as words', { netQuantity: 'lots' }, MESSAGES.invalidNetQuantity],
      ['an unknown unit', { unit: 'lb' }, MESSAGES.invalidPackUnit],
      ['nutrition that is not an object', { nutrition: 'healthy' }, /nutrition must be an object/],
      [
        'nutrition missing a nutrient',
        { nutrition: { ...nutrition, salt: undefined } },
        MESSAGES.invalidNutrientGrams('Salt'),
      ],
      [
        'two decimals of fat from 1 g up',
        { nutrition: { ...nutrition, fat: 1.25 } },
        MESSAGES.invalidNutrientGrams('Fat'),
      ],
      [
        'two decimals of salt from 1 g up',
        { nutrition: { ...nutrition, salt: 1.25 } },
        MESSAGES.invalidNutrientGrams('Salt'),
      ],
      [
        'three decimals of salt below 1 g',
        { nutrition: { ...nutrition, salt: 0.315 } },
        MESSAGES.invalidNutrientGrams('Salt'),
      ],
      [
        'negative sugars',
        { nutrition: { ...nutrition, sugars: -1 } },
        MESSAGES.invalidNutrientGrams('Sugars'),
      ],
      [
        'over 100 g of salt',
        { nutrition: { ...nutrition, salt: 100.1 } },
        MESSAGES.invalidNutrientGrams('Salt'),
      ],
      [
        'fibre as text',
        { nutrition: { ...nutrition, fibre: 'some' } },
        MESSAGES.invalidNutrientGrams('Fibre'),
      ],
      ['energy with decimals', { nutrition: { ...nutrition, energyKj: 10.5 } }, MESSAGES.invalidEnergy],
      ['energy above 1000 kcal', { nutrition: { ...nutrition, energyKcal: 1001 } }, MESSAGES.invalidEnergy],
      ['an unknown nutrient', { nutrition: { ...nutrition, vitaminC: 3 } }, /vitaminC should not exist/],
      ['saturates above fat', { nutrition: { ...nutrition, saturates: 20.2 } }, MESSAGES.saturatesAboveFat],
      [
        'sugars above carbohydrate',
        { nutrition: { ...nutrition, sugars: 62.4 } },
        MESSAGES.sugarsAboveCarbohydrate,
      ],
      ['storage as a number', { storage: 5 }, MESSAGES.invalidStorage],
      ['storage too long', { storage: 'x'.repeat(301) }, MESSAGES.invalidStorage],
      ['origin too long', { origin: 'x'.repeat(121) }, MESSAGES.invalidOrigin],
      ['a producer without an address', { producer: { name: 'Dale' } }, MESSAGES.invalidProducer],
      [
        'a producer with a blank name',
        { producer: { name: ' ', address: 'York' } },
        MESSAGES.invalidProducer,
      ],
      ['a producer as text', { producer: 'Dale' }, /producer must be an object/],
      ['an unknown diet', { dietary: ['pescatarian'] }, MESSAGES.invalidDiet],
      ['dietary as text', { dietary: 'vegan' }, MESSAGES.invalidDiet],
      ['vegan with milk', { dietary: ['vegan'], allergens: ['milk'] }, MESSAGES.veganWithAnimalAllergen],
      ['ageRestricted as text', { ageRestricted: 'yes' }, MESSAGES.invalidAgeRestricted],
    ];
    it.each(bad)('refuses %s with a clear 400 and stores nothing', async (_what, change, message) => {
      const before = (await t.db.select({ id: products.id }).from(products)).length;
      const res = await add({ ...base, name: 'Refused Biscuits', ...change }).expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
      expect((await t.db.select({ id: products.id }).from(products)).length).toBe(before);
    });

    it('lets an edit change the pack and food information, clear them, and check across fields', async () => {
      const created = await add({ ...base, name: 'Editable Biscuits', allergens: ['milk'] }).expect(201);
      const id = created.body.product._id;
      const changed = await edit(id, {
        netQuantity: 0.5,
        unit: 'kg',
        nutrition,
        origin: 'Wales',
        dietary: ['vegetarian'],
        ageRestricted: true,
      }).expect(200);
      expect(changed.body.product).toMatchObject({
        netQuantity: 0.5,
        unit: 'kg',
        unitPrice: { amount: 4, per: 'kg' },
        origin: 'Wales',
        ageRestricted: true,
        // Age-restricted products are the shop's alcoholic drinks: never traffic lights.
        trafficLights: null,
      });
      // vegan with the milk already stored is refused, and nothing changes
      const refused = await edit(id, { dietary: ['vegan'] }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.veganWithAnimalAllergen);
      await edit(id, { netQuantity: null }).expect(400);
      const cleared = await edit(id, { nutrition: null, origin: '', producer: null }).expect(200);
      expect(cleared.body.product).toMatchObject({
        nutrition: null,
        trafficLights: null,
        origin: null,
        producer: null,
        dietary: ['vegetarian'],
      });
      expect(await row(id)).toMatchObject({ nutrition: null, origin: null, dietary: ['vegetarian'] });
    });

    it('confirms the allergens when the seller saves them, even as none', async () => {
      const created = await add({ ...base, name: 'Unchecked Crackers' }).expect(201);
      const id = created.body.product._id;
      expect(created.body.product.allergensConfirmed).toBe(false);
      await edit(id, { price: 3 }).expect(200);
      expect((await row(id)).allergensConfirmed).toBe(false);
      const saved = await edit(id, { allergens: [] }).expect(200);
      expect(saved.body.product.allergensConfirmed).toBe(true);
      // The form's edit with nothing ticked sends null: the allergens are no longer confirmed.
      const unsaid = await edit(id, { allergens: null }).expect(200);
      expect(unsaid.body.product).toMatchObject({ allergens: [], allergensConfirmed: false });
      expect((await row(id)).allergensConfirmed).toBe(false);
    });

    it('gives an alcoholic drink no traffic lights, even with the nutrition the seller gave', async () => {
      const drink = {
        ...base,
        category: 'Drinks',
        nutrition: { ...nutrition, fat: 0, saturates: 0, sugars: 0.5, salt: 0 },
      };
      const cider = await add({ ...drink, name: 'Dry Cider 500ml', ageRestricted: true }).expect(201);
      expect(cider.body.product).toMatchObject({ nutrition: drink.nutrition, trafficLights: null });
      const juice = await add({ ...drink, name: 'Apple Juice 500ml', ageRestricted: false }).expect(201);
      expect(juice.body.product.trafficLights).toEqual({
        fat: 'low',
        saturates: 'low',
        sugars: 'low',
        salt: 'low',
      });
    });
  });

  describe('free-from and diet filters on search', () => {
    beforeAll(async () => {
      const filterBase = { ...base, category: 'Grains', description: ['Filter test'] };
      await add({
        ...filterBase,
        name: 'Filter Oat Flakes',
        allergens: ['gluten'],
        dietary: ['vegetarian', 'vegan'],
      }).expect(201);
      await add({
        ...filterBase,
        name: 'Filter Milk Rice',
        allergens: ['milk'],
        dietary: ['vegetarian'],
      }).expect(201);
      await add({
        ...filterBase,
        name: 'Filter Plain Rice',
        allergens: [],
        dietary: ['vegetarian', 'vegan'],
      }).expect(201);
      // vegan, but nobody confirmed its allergens: never offered as free from anything
      await add({ ...filterBase, name: 'Filter Mystery Grain', dietary: ['vegetarian', 'vegan'] }).expect(
        201,
      );
      await add({ ...filterBase, name: 'Filter Beef Grain', allergens: [] }).expect(201);
    });

    it('leaves out products containing any allergen named, and unconfirmed ones', async () => {
      const res = await search('q=filter&freeFrom=milk,gluten').expect(200);
      expect(names(res.body)).toEqual(['Filter Beef Grain', 'Filter Plain Rice']);
      const milk = await search('q=filter&freeFrom=milk').expect(200);
      expect(names(milk.body)).toEqual(['Filter Beef Grain', 'Filter Oat Flakes', 'Filter Plain Rice']);
    });

    it('keeps vegan products for vegetarians and only vegan ones for vegans', async () => {
      const vegan = await search('q=filter&diet=vegan').expect(200);
      expect(names(vegan.body)).toEqual(['Filter Mystery Grain', 'Filter Oat Flakes', 'Filter Plain Rice']);
      const vegetarian = await search('q=filter&diet=vegetarian').expect(200);
      expect(names(vegetarian.body)).toEqual([
        'Filter Milk Rice',
        'Filter Mystery Grain',
        'Filter Oat Flakes',
        'Filter Plain Rice',
      ]);
      const both = await search('q=filter&diet=vegan&freeFrom=gluten').expect(200);
      expect(names(both.body)).toEqual(['Filter Plain Rice']);
    });

    it('filters without a search text, newest first', async () => {
      const res = await search('diet=vegan').expect(200);
      const filterProducts = (res.body.products as { name: string }[])
        .map((p) => p.name)
        .filter((name) => name.startsWith('Filter '));
      // Added in the order Oat Flakes, Plain Rice, Mystery Grain.
      expect(filterProducts).toEqual(['Filter Mystery Grain', 'Filter Plain Rice', 'Filter Oat Flakes']);
      const both = await search('freeFrom=gluten&diet=vegan').expect(200);
      expect(names(both.body).filter((name) => name.startsWith('Filter '))).toEqual(['Filter Plain Rice']);
    });

    it('refuses unknown allergens and diets, and a search with neither text nor filter', async () => {
      const chalk = await search('q=rice&freeFrom=milk,chalk').expect(400);
      expect(chalk.body).toEqual({
        success: false,
        message: MESSAGES.invalidFreeFrom,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'freeFrom',
      });
      const diet = await search('q=rice&diet=keto').expect(400);
      expect(diet.body).toEqual({
        success: false,
        message: MESSAGES.invalidDietFilter,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'diet',
      });
      const none = await search('').expect(400);
      expect(none.body).toEqual({
        success: false,
        message: MESSAGES.invalidSearch,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'q',
      });
      const blank = await search('q=%20&diet=vegan').expect(400);
      expect(blank.body).toEqual({
        success: false,
        message: MESSAGES.invalidSearch,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: 'q',
      });
    });
  });
});
