import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { uploadsDir } from '../web/frontends';
import { InvalidError } from '../common/errors';
import { loadSharp } from '../common/sharp';

/** Widths each upload is stored at; the first is the main picture listed in `image[]`. */
export const PRODUCT_IMAGE_WIDTHS = [800, 400] as const;
const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredImages {
  /** Public URLs of the main pictures, one per upload. */
  urls: string[];
  /** Every file written (all widths), for clean-up. */
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
  if (!ok) throw new InvalidError(MESSAGES.imageType);
}

/** Renders a picture to WebP at the product widths and stores it under DATA_DIR/uploads/products. */
@Injectable()
export class ProductImageStore {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = uploadsDir(config);
  }

  async store(buffers: Buffer[]): Promise<StoredImages> {
    const dir = path.join(this.root, 'products');
    await fs.mkdir(dir, { recursive: true });
    const stored: StoredImages = { urls: [], files: [] };
    const sharp = await loadSharp();
    try {
      for (const buffer of buffers) {
        const id = crypto.randomUUID();
        for (const [i, width] of PRODUCT_IMAGE_WIDTHS.entries()) {
          const name = i === 0 ? `${id}.webp` : `${id}-${width}.webp`;
          const file = path.join(dir, name);
          const webp = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
            .rotate()
            .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 82 })
            .toBuffer();
          await fs.writeFile(file, webp);
          stored.files.push(file);
          if (i === 0) stored.urls.push(`/uploads/products/${name}`);
        }
      }
    } catch (err) {
      await this.remove(stored.files);
      if (err instanceof InvalidError) throw err;
      throw new InvalidError(MESSAGES.imageType);
    }
    return stored;
  }

  async remove(files: string[]): Promise<void> {
    await Promise.all(files.map((f) => fs.rm(f, { force: true })));
  }
}
