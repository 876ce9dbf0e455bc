import crypto from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@larder/shared-domain';
import { DB, type Database } from '../db/database.module';
import { InvalidError } from '../common/errors';
import { loadSharp } from '../common/sharp';
import { deleteProductImages, insertProductImages, type ProductImageRow } from '../db/product-images';

/** Where product pictures are served: `/uploads/products/<name>` (the path earlier versions served files at). */
export const PRODUCT_IMAGES_PATH = '/uploads/products/';

/** Widths each upload is stored at; the first is the main picture listed in `image[]`. */
export const PRODUCT_IMAGE_WIDTHS = [800, 400] as const;
const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredImages {
  /** Public URLs of the main pictures, one per upload. */
  urls: string[];
  /** The names of every variant stored (all widths), for clean-up. */
  files: string[];
}

/** Checks an upload by its content: a JPEG, PNG, WebP or AVIF picture that decodes. */
export async function assertSupportedImage(buffer: Buffer): Promise<void> {
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const sharp = await loadSharp();
    const meta = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    compression = meta.compression;
    if (!meta.width || !meta.height) format = undefined;
  } catch {
    format = undefined;
  }
  const ok =
    format === 'jpeg' ||
    format === 'png' ||
    format === 'webp' ||
    (format === 'heif' && compression === 'av1');
  if (!ok) throw new InvalidError(MESSAGES.imageType, { field: 'images' });
}

/** Renders a picture to WebP at the product widths and stores the variants in the database (product_images). */
@Injectable()
export class ProductImageStore {
  constructor(@Inject(DB) private readonly db: Database) {}

  async store(buffers: Buffer[]): Promise<StoredImages> {
    const stored: StoredImages = { urls: [], files: [] };
    const rows: ProductImageRow[] = [];
    const sharp = await loadSharp();
    try {
      for (const buffer of buffers) {
        const id = crypto.randomUUID();
        for (const [i, width] of PRODUCT_IMAGE_WIDTHS.entries()) {
          const name = i === 0 ? `${id}.webp` : `${id}-${width}.webp`;
          const webp = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
            .rotate()
            .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 82 })
            .toBuffer({ resolveWithObject: true });
          rows.push({ name, pictureId: id, width: webp.info.width, format: 'webp', bytes: webp.data });
          stored.files.push(name);
          if (i === 0) stored.urls.push(`${PRODUCT_IMAGES_PATH}${name}`);
        }
      }
    } catch (err) {
      if (err instanceof InvalidError) throw err;
      throw new InvalidError(MESSAGES.imageType, { field: 'images' });
    }
    await insertProductImages(this.db, rows);
    return stored;
  }

  /** Removes variants stored by `store` (a product that was then refused). */
  async remove(files: string[]): Promise<void> {
    await deleteProductImages(this.db, files);
  }
}
