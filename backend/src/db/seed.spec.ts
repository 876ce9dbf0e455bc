import sharp from 'sharp';
import request from 'supertest';
import {
  ALLERGEN_IDS,
  CATEGORY_PATHS,
  emphasiseAllergens,
  LOW_STOCK_THRESHOLD,
  MAX_INGREDIENTS_LENGTH,
  type ProductView,
} from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { SEED_PRODUCTS } from './seed-data';
import { seedDemoCatalogue } from './seed';
import { countProductImages } from '../catalog/product-image.repository';

describe('demo catalogue seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
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

  it('fills every category, with a WebP picture for each product', async () => {
    const res = await request(t.server).get('/api/product/list').expect(200);
    const list: ProductView[] = res.body.products;
    expect(list).toHaveLength(SEED_PRODUCTS.length);
    for (const category of CATEGORY_PATHS) expect(list.some((p) => p.category === category)).toBe(true);
    expect(new Set(list.slice(0, 10).map((p) => p.category)).size).toBe(10);
    const cola = list.find((p) => p.name === 'Classic Cola 2L')!;
    expect(cola).toMatchObject({ price: 2.15, offerPrice: 1.99, vat: 20, stock: 120, allergens: [] });
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
