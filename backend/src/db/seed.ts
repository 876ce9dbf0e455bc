/**
 * The demo catalogue, added on first start when the products table is empty (SEED=false turns it off).
 * Each picture is a Fluent Emoji Flat illustration (MIT) drawn on its category's colour and stored as WebP
 * in DATA_DIR/uploads/products, exactly like an uploaded picture.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { CATEGORIES, CATEGORY_PATHS } from '@larder/shared-domain';
import type { Database } from './database';
import { catalogState, products } from './schema';
import { SEED_PRODUCTS, SeedProduct } from './seed-data';

interface IconSet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}

const SIZES = [800, 400] as const;

function loadIcons(): IconSet {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@iconify-json/fluent-emoji-flat/icons.json') as IconSet;
}

function iconSvg(set: IconSet, name: string, size: number): string {
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
  if (!icon) throw new Error(`Unknown icon "${name}"`);
  const w = icon.width ?? set.width ?? 16;
  const h = icon.height ?? set.height ?? 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${w} ${h}">${icon.body}</svg>`;
}

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Draws the product's illustration on a soft square and writes it at every width; returns the main URL. */
async function renderPicture(set: IconSet, product: SeedProduct, dir: string): Promise<string> {
  const background = CATEGORIES.find((c) => c.path === product.category)?.bgColor ?? '#F5F5F5';
  const base = `seed-${slugify(product.name)}`;
  for (const [i, size] of SIZES.entries()) {
    const icon = Buffer.from(iconSvg(set, product.icon, Math.round(size * 0.62)));
    const webp = await sharp({ create: { width: size, height: size, channels: 3, background } })
      .composite([{ input: icon, gravity: 'center' }])
      .webp({ quality: 85 })
      .toBuffer();
    await fs.writeFile(path.join(dir, i === 0 ? `${base}.webp` : `${base}-${size}.webp`), webp);
  }
  return `/uploads/products/${base}.webp`;
}

/** Fills an empty catalogue with the demo products; returns how many were added (0 when not empty). */
export async function seedDemoCatalogue(db: Database, dataDir: string): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return 0;

  const dir = path.join(dataDir, 'uploads', 'products');
  await fs.mkdir(dir, { recursive: true });
  const icons = loadIcons();
  const now = Date.now();
  const perCategory = new Map<string, number>();
  const rows: Array<typeof products.$inferInsert> = [];
  for (const product of SEED_PRODUCTS) {
    const image = await renderPicture(icons, product, dir);
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
      inStock: product.inStock ?? true,
      stock: product.stock,
      ingredients: product.ingredients ?? null,
      allergens: product.allergens ?? [],
      createdAt: new Date(now - order * 1000),
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(products).values(rows);
    await tx.update(catalogState).set({ version: sql`${catalogState.version} + 1` });
  });
  return rows.length;
}
