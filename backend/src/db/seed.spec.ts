import sharp from 'sharp';
import request from 'supertest';
import {
  ALLERGEN_IDS,
  CATEGORY_PATHS,
  emphasiseAllergens,
  LOW_STOCK_THRESHOLD,
  MAX_INGREDIENTS_LENGTH,
} from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import type { ProductDto } from '../catalog/dto/product.response';
import { SEED_PRODUCTS } from './seed-data';
import { SEED_FOOD_INFO } from './seed-food-info';
import { seedDemoCatalogue } from './seed';
import { countProductImages } from './product-images';

describe('demo catalogue seed', () => {
  let t: TestApp;
  // Drawing the pictures of the whole demo catalogue takes most of a minute on a busy 2-core machine.
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  }, 180_000);
  afterAll(() => t.close());

  it('has believable data', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SEED_PRODUCTS.map((p) => p.name)).size).toBe(SEED_PRODUCTS.length);
    for (const p of SEED_PRODUCTS) {
      expect(p.offerPrice).toBeLessThanOrEqual(p.price);
      expect(p.offerPrice).toBeGreaterThan(0);
      expect([0, 2000]).toContain(p.vat);
      expect(p.description.length).toBeGreaterThanOrEqual(2);
      expect(p.description.length).toBeLessThanOrEqual(4);
    }
  });

  it('counts every product, a few of them low and one sold out', () => {
    for (const p of SEED_PRODUCTS) {
      expect(Number.isInteger(p.stock)).toBe(true);
      expect(p.stock).toBeGreaterThanOrEqual(0);
      expect(p.stock).toBeLessThanOrEqual(500);
    }
    const low = SEED_PRODUCTS.filter((p) => p.stock <= LOW_STOCK_THRESHOLD);
    expect(low.length).toBeGreaterThanOrEqual(3);
    expect(low.length).toBeLessThanOrEqual(8);
    expect(SEED_PRODUCTS.filter((p) => p.stock === 0)).toHaveLength(1);
  });

  it('declares exactly the allergens its ingredients name', () => {
    const declaring = SEED_PRODUCTS.filter((p) => p.allergens?.length);
    expect(declaring.length).toBeGreaterThanOrEqual(15);
    for (const p of SEED_PRODUCTS) {
      const ingredients = p.ingredients ?? '';
      expect(ingredients.length).toBeLessThanOrEqual(MAX_INGREDIENTS_LENGTH);
      if (p.allergens?.length) expect(ingredients).not.toBe('');
      for (const id of ALLERGEN_IDS) {
        const named = emphasiseAllergens(ingredients, [id]).some((part) => part.allergen);
        expect([p.name, id, named]).toEqual([p.name, id, p.allergens?.includes(id) ?? false]);
      }
    }
    for (const category of ['Dairy', 'Bakery'] as const) {
      for (const p of SEED_PRODUCTS.filter((x) => x.category === category)) {
        expect([p.name, p.allergens?.length ?? 0]).not.toEqual([p.name, 0]);
      }
    }
  });

  it('gives every product the pack its name says, and food information that adds up', () => {
    expect(Object.keys(SEED_FOOD_INFO).sort()).toEqual(SEED_PRODUCTS.map((p) => p.name).sort());
    const packInName = (name: string): [number, string] | undefined => {
      let m = /(\d+) x (\d+(?:\.\d+)?)(g|ml)$/.exec(name);
      if (m) return [Number(m[1]) * Number(m[2]), m[3]];
      m = /(\d+(?:\.\d+)?)(g|kg|ml|L|cl)$/.exec(name);
      if (m) return m[2] === 'cl' ? [Number(m[1]) * 10, 'ml'] : [Number(m[1]), m[2] === 'L' ? 'l' : m[2]];
      m = /x(\d+)$/.exec(name);
      if (m) return [Number(m[1]), 'each'];
      if (/ 4 Pints$/.test(name)) return [2.272, 'l'];
      return undefined;
    };
    for (const p of SEED_PRODUCTS) {
      const food = SEED_FOOD_INFO[p.name];
      const named = packInName(p.name);
      if (named) expect([p.name, food.pack]).toEqual([p.name, named]);
      const n = food.nutrition;
      // Energy from the macronutrients (4 kcal/g carbohydrate and protein, 9 fat, 2 fibre) within 15%, and kJ
      // within 3% of 4.184 times kcal (labels convert each nutrient with its own factor); alcoholic drinks take their energy from the alcohol.
      if (!p.ageRestricted) {
        const kcal = 4 * n.carbohydrate + 4 * n.protein + 9 * n.fat + 2 * (n.fibre ?? 0);
        expect([p.name, Math.abs(kcal - n.energyKcal) <= Math.max(3, n.energyKcal * 0.15)]).toEqual([
          p.name,
          true,
        ]);
      }
      expect([
        p.name,
        Math.abs(n.energyKj - n.energyKcal * 4.184) <= Math.max(2, n.energyKcal * 4.184 * 0.03),
      ]).toEqual([p.name, true]);
      expect(n.saturates).toBeLessThanOrEqual(n.fat);
      expect(n.sugars).toBeLessThanOrEqual(n.carbohydrate);
      const animal = (p.allergens ?? []).some((a) =>
        ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'].includes(a),
      );
      if (animal) expect([p.name, food.dietary.includes('vegan')]).toEqual([p.name, false]);
      if (food.dietary.includes('vegan')) expect(food.dietary).toContain('vegetarian');
    }
    expect(SEED_PRODUCTS.filter((p) => p.ageRestricted).map((p) => [p.category, p.allergens])).toEqual([
      ['Drinks', ['gluten']],
      ['Drinks', ['sulphites']],
      ['Drinks', ['sulphites']],
    ]);
  });

  it('fills every category, with a WebP picture for each product', async () => {
    const res = await request(t.server).get('/api/product/list').expect(200);
    const list: ProductDto[] = res.body.products;
    expect(list).toHaveLength(SEED_PRODUCTS.length);
    for (const category of CATEGORY_PATHS) expect(list.some((p) => p.category === category)).toBe(true);
    expect(new Set(list.slice(0, 10).map((p) => p.category)).size).toBe(10);
    const cola = list.find((p) => p.name === 'Classic Cola 2L')!;
    expect(cola).toMatchObject({ price: 2.15, offerPrice: 1.99, vat: 20, stock: 120, allergens: [] });
    expect(cola).toMatchObject({
      netQuantity: 2,
      unit: 'l',
      // £1.99 + 20% VAT = £2.39 for 2 litres.
      unitPrice: { amount: 1.2, per: 'litre' },
      allergensConfirmed: true,
      trafficLights: { fat: 'low', saturates: 'low', sugars: 'medium', salt: 'low' },
      dietary: ['vegetarian', 'vegan'],
      ageRestricted: false,
      producer: null,
    });
    expect(list.find((p) => p.name === 'Free Range Eggs x12')).toMatchObject({
      netQuantity: 12,
      unit: 'each',
      unitPrice: { per: 'each' },
    });
    expect(list.find((p) => p.name === 'Spanish Tempranillo Red Wine 75cl')).toMatchObject({
      netQuantity: 750,
      unit: 'ml',
      // £7.50 + 20% VAT = £9.00 for 75cl.
      unitPrice: { amount: 12, per: 'litre' },
      ageRestricted: true,
      allergens: ['sulphites'],
    });
    const croissants = list.find((p) => p.name === 'All Butter Croissants x4')!;
    expect(croissants).toMatchObject({ stock: 2, inStock: true, allergens: ['gluten', 'milk', 'eggs'] });
    expect(croissants.ingredients).toMatch(/^Wheat flour, butter \(milk\)/);
    expect(list.find((p) => p.name === 'Seedless Red Grapes 500g')).toMatchObject({
      stock: 0,
      inStock: false,
    });
    const img = await request(t.server).get(cola.image[0]).buffer(true).expect(200);
    const meta = await sharp(img.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 800 });
    expect(await countProductImages(t.db)).toBe(SEED_PRODUCTS.length * 2);
    const small = await request(t.server)
      .get(cola.image[0].replace(/\.webp$/, '-400.webp'))
      .buffer(true);
    expect(await sharp(small.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 400 });
  });

  it('does nothing when the catalogue is not empty', async () => {
    expect(await seedDemoCatalogue(t.db)).toBe(0);
  });
});
