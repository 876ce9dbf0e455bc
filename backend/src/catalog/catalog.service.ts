import crypto from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { MAX_PRODUCT_IMAGES, MESSAGES, poundsToPence, type ProductView } from '@larder/shared-domain';
import { InvalidError, NotFoundError } from '../common/errors';
import { firstValidationMessage } from '../common/validation';
import { parseJsonText } from '../common/input-safety';
import type { DbExecutor } from '../db/database.module';
import { CatalogRepository } from './catalog.repository';
import { AddProductDto } from './dto/add-product.dto';
import { assertSupportedImage, ProductImageStore } from './product-images';
import { CatalogProduct, toProductView } from './product-view';

export type { CatalogProduct } from './product-view';

/** The product list as served: the views, their JSON and its ETag, for one catalogue version. */
export interface ProductListSnapshot {
  version: number;
  products: ProductView[];
  /** `{"success":true,"products":[...]}` */
  json: string;
  etag: string;
}

@Injectable()
export class CatalogService {
  private cached?: ProductListSnapshot;
  private loading?: Promise<ProductListSnapshot>;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly images: ProductImageStore,
  ) {}

  /**
   * The live catalogue, newest first. Kept in memory and reloaded only when catalog_state.version moves
   * (one single-row read per call), so every replica sees another replica's writes on its next request.
   */
  async getProductList(): Promise<ProductListSnapshot> {
    const version = await this.repository.version();
    if (this.cached?.version === version) return this.cached;
    if (!this.loading) {
      // Read the version before the rows: a write in between only makes the next call reload again.
      this.loading = this.repository
        .listLive()
        .then((rows) => {
          const products = rows.map(toProductView);
          const json = JSON.stringify({ success: true, products });
          const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27);
          const snapshot = { version, products, json, etag: `"${hash}"` };
          if (!this.cached || this.cached.version <= version) this.cached = snapshot;
          return snapshot;
        })
        .finally(() => {
          this.loading = undefined;
        });
    }
    const snapshot = await this.loading;
    return snapshot.version >= version ? snapshot : this.getProductList();
  }

  /** Products by id (pence, VAT basis points), deleted ones included. */
  findProductsByIds(ids: readonly string[], tx?: DbExecutor): Promise<CatalogProduct[]> {
    return this.repository.findByIds(ids, tx);
  }

  /** Validates the product and its pictures, stores the pictures as WebP and adds the product. */
  async addProduct(productData: unknown, images: Buffer[]): Promise<ProductView> {
    const dto = await this.parseProductData(productData);
    if (images.length === 0) throw new InvalidError('Please add at least one image');
    if (images.length > MAX_PRODUCT_IMAGES)
      throw new InvalidError(`Please add at most ${MAX_PRODUCT_IMAGES} images`);
    for (const image of images) await assertSupportedImage(image);

    const stored = await this.images.store(images);
    try {
      const created = await this.repository.insert({
        name: dto.name,
        category: dto.category,
        description: dto.description ?? [],
        price: poundsToPence(dto.price)!,
        offerPrice: poundsToPence(dto.offerPrice)!,
        vatBasisPoints: Math.round(dto.vat * 100),
        images: stored.urls,
      });
      return toProductView(created);
    } catch (err) {
      await this.images.remove(stored.files);
      throw err;
    }
  }

  async setStock(id: string, inStock: boolean): Promise<ProductView> {
    const updated = await this.repository.setInStock(id, inStock);
    if (!updated) throw new NotFoundError(MESSAGES.productNotFound);
    return toProductView(updated);
  }

  /** Soft delete: gone from the list and from every cart; order history keeps its snapshot. */
  async deleteProduct(id: string): Promise<void> {
    if (!(await this.repository.softDelete(id))) throw new NotFoundError(MESSAGES.productNotFound);
  }

  private async parseProductData(raw: unknown): Promise<AddProductDto> {
    if (raw === undefined || raw === null || raw === '') throw new InvalidError(MESSAGES.fillAllFields);
    let plain: unknown = raw;
    if (typeof raw === 'string') plain = parseJsonText(raw, 'productData must be valid JSON');
    if (!plain || typeof plain !== 'object' || Array.isArray(plain)) {
      throw new InvalidError('productData must be a JSON object');
    }
    const record = plain as Record<string, unknown>;
    const missing = ['name', 'price', 'offerPrice', 'vat'].some(
      (k) =>
        record[k] === undefined ||
        record[k] === null ||
        (typeof record[k] === 'string' && !(record[k] as string).trim()),
    );
    if (missing) throw new InvalidError(MESSAGES.fillAllFields);

    const dto = plainToInstance(AddProductDto, record);
    const errors = await validate(dto, {
      whitelist: true,
      forbidNonWhitelisted: true,
      stopAtFirstError: true,
    });
    if (errors.length) throw new InvalidError(firstValidationMessage(errors));
    if (dto.offerPrice > dto.price) throw new InvalidError('Offer price cannot be more than the price');
    return dto;
  }
}
