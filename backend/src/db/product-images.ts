/**
 * The SQL of the product pictures table (product_images): storing the rendered variants, reading one to
 * serve it, and importing a folder of files written by earlier versions (which kept pictures on disk).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from './database';
import { productImages } from './schema';

export interface ProductImageRow {
  name: string;
  pictureId: string;
  width: number;
  format: string;
  bytes: Buffer;
}

/** A strong validator for the bytes: the same picture has the same ETag on every replica. */
export function etagOf(bytes: Buffer): string {
  return `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** Adds variants; a name already present is left as it was (names are unique per rendering). */
export async function insertProductImages(db: DbExecutor, rows: ProductImageRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(productImages)
    .values(rows.map((r) => ({ ...r, etag: etagOf(r.bytes) })))
    .onConflictDoNothing({ target: productImages.name });
}

export async function deleteProductImages(db: DbExecutor, names: string[]): Promise<void> {
  if (!names.length) return;
  await db.delete(productImages).where(inArray(productImages.name, names));
}

/** One variant by its file name, or undefined. */
export async function findProductImage(
  db: DbExecutor,
  name: string,
): Promise<{ format: string; bytes: Buffer; etag: string } | undefined> {
  const [row] = await db
    .select({ format: productImages.format, bytes: productImages.bytes, etag: productImages.etag })
    .from(productImages)
    .where(eq(productImages.name, name));
  return row;
}

/**
 * Where versions before the product_images table wrote uploaded pictures; found files are copied into the
 * table on start (and may then be deleted).
 */
export function legacyPictureFolder(config: { dataDir: string }): string {
  return path.join(config.dataDir, 'uploads', 'products');
}

/** `<id>.webp` is the main width, `<id>-<width>.webp` another one. */
const FILE_NAME = /^(.+?)(?:-(\d{2,4}))?\.(webp|png|jpe?g|avif)$/i;

/**
 * Copies the pictures found in `dir` into the table, skipping names it already holds, so running it again
 * (every start, or two replicas one after the other) adds nothing twice. Returns how many were added.
 */
export async function importProductImageFolder(
  db: DbExecutor,
  dir: string,
  options: { mainWidth?: number } = {},
): Promise<number> {
  let names: string[];
  try {
    names = (await fs.readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isFile() && FILE_NAME.test(e.name))
      .map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  if (!names.length) return 0;
  const present = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const rows = await db
      .select({ name: productImages.name })
      .from(productImages)
      .where(inArray(productImages.name, names.slice(i, i + 500)));
    for (const row of rows) present.add(row.name);
  }
  let added = 0;
  const missing = names.filter((n) => !present.has(n));
  for (let i = 0; i < missing.length; i += 20) {
    const rows: ProductImageRow[] = [];
    for (const name of missing.slice(i, i + 20)) {
      const [, pictureId, width, ext] = FILE_NAME.exec(name)!;
      const bytes = await fs.readFile(path.join(dir, name));
      rows.push({
        name,
        pictureId,
        width: width ? Number(width) : (options.mainWidth ?? (await widthOf(bytes))),
        format: ext.toLowerCase() === 'jpg' ? 'jpeg' : ext.toLowerCase(),
        bytes,
      });
    }
    await insertProductImages(db, rows);
    added += rows.length;
  }
  return added;
}

/** The pixel width of a picture (the main variant's name does not carry it). */
async function widthOf(bytes: Buffer): Promise<number> {
  const { loadSharp } = await import('../common/sharp');
  const sharp = await loadSharp();
  return (await sharp(bytes).metadata()).width ?? 0;
}

/** How many variants the table holds (for start-up logs and tests). */
export async function countProductImages(db: DbExecutor): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(productImages);
  return count;
}
