/**
 * The demo catalogue, added on first start when the products table is empty (SEED=false turns it off).
 * Each picture is a Fluent Emoji Flat illustration (MIT) drawn on its category's colour and stored as WebP
 * in product_images, exactly like an uploaded picture. The pictures are drawn by a short-lived
 * child process (backend/scripts/draw-seed-pictures.mjs), so the server never holds the image library and
 * the icon set for the rest of its life.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CATEGORIES, CATEGORY_PATHS } from '@larder/shared-domain';
import { importProductImageFolder } from './product-images';
import type { Database } from './database';
import { catalogState, products } from './schema';
import { SEED_PRODUCTS } from './seed-data';
import { SEED_FOOD_INFO } from './seed-food-info';

/** The widths each picture is written at; the first is the main file. */
const SIZES = [800, 400] as const;
const DRAW_PICTURES_SCRIPT = path.resolve(__dirname, '../../scripts/draw-seed-pictures.mjs');

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Picture {
  base: string;
  icon: string;
  background: string;
}

/** Draws the pictures in a child process; resolves when every file is written. */
function drawPictures(dir: string, pictures: Picture[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DRAW_PICTURES_SCRIPT], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Drawing the demo pictures failed (${code}): ${errors}`)),
    );
    child.stdin.end(JSON.stringify({ dir, sizes: SIZES, pictures }));
  });
}

/** Fills an empty catalogue with the demo products; returns how many were added (0 when not empty). */
export async function seedDemoCatalogue(db: Database): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return 0;

  const pictures: Picture[] = SEED_PRODUCTS.map((product) => ({
    base: `seed-${slugify(product.name)}`,
    icon: product.icon,
    background: CATEGORIES.find((c) => c.path === product.category)?.bgColor ?? '#F5F5F5',
  }));
  const drawn = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-seed-'));
  try {
    await drawPictures(drawn, pictures);
    await importProductImageFolder(db, drawn, { mainWidth: SIZES[0] });
  } finally {
    fs.rmSync(drawn, { recursive: true, force: true });
  }
  const now = Date.now();
  const perCategory = new Map<string, number>();
  const rows: Array<typeof products.$inferInsert> = [];
  for (const [i, product] of SEED_PRODUCTS.entries()) {
    const image = `/uploads/products/${pictures[i].base}.webp`;
    const food = SEED_FOOD_INFO[product.name];
    if (!food) throw new Error(`No food information for the demo product ${product.name}`);
    // Newest first interleaves the categories, so the home page shows a varied shelf.
    const rank = perCategory.get(product.category) ?? 0;
    perCategory.set(product.category, rank + 1);
    const order = rank * CATEGORY_PATHS.length + CATEGORY_PATHS.indexOf(product.category);
    rows.push({
      name: product.name,
      category: product.category,
      description: product.description,
      price: product.price,
      offerPrice: product.offerPrice,
      vatBasisPoints: product.vat,
      images: [image],
      listed: product.listed ?? true,
      stock: product.stock,
      ingredients: product.ingredients ?? null,
      allergens: product.allergens ?? [],
      // The demo catalogue's allergen lists are checked against their ingredients (seed.spec.ts).
      allergensConfirmed: true,
      netQuantity: food.pack[0],
      unit: food.pack[1],
      nutrition: food.nutrition,
      storage: food.storage,
      origin: food.origin,
      dietary: food.dietary,
      ageRestricted: product.ageRestricted ?? false,
      createdAt: new Date(now - order * 1000),
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(products).values(rows);
    await tx.update(catalogState).set({ version: sql`${catalogState.version} + 1` });
  });
  return rows.length;
}
