import { Injectable } from '@nestjs/common';
import { MAX_FAVOURITES, MESSAGES, REGULARS_MESSAGES } from '@larder/shared-domain';
import { Clock } from '../common/clock';
import { ConflictError, NotFoundError } from '../common/errors';
import { ProductListCache } from '../catalog/product-list.cache';
import type { ProductDto } from '../catalog/dto/product.response';
import type { UsualView } from './dto/regulars.response';
import { RegularsRepository } from './regulars.repository';

/** A customer's favourites and usuals, each product answered as the product list answers it (its promotion too). */
@Injectable()
export class RegularsService {
  constructor(
    private readonly repository: RegularsRepository,
    private readonly clock: Clock,
    private readonly productList: ProductListCache,
  ) {}

  async favourites(userId: string): Promise<ProductDto[]> {
    const [rows, list] = await Promise.all([this.repository.favourites(userId), this.productList.get()]);
    return rows.map((row) => list.view(row));
  }

  /** Keeps the product as a favourite (again: nothing changes); 404 for a product not in the catalogue. */
  async addFavourite(userId: string, productId: string): Promise<ProductDto[]> {
    if (!(await this.repository.productExists(productId))) throw new NotFoundError(MESSAGES.productNotFound);
    const current = await this.repository.favourites(userId);
    if (!current.some((p) => p.id === productId)) {
      if ((await this.repository.countFavourites(userId)) >= MAX_FAVOURITES) {
        throw new ConflictError(REGULARS_MESSAGES.tooManyFavourites);
      }
      await this.repository.addFavourite(userId, productId, this.clock.now());
    }
    return this.favourites(userId);
  }

  /** No longer a favourite (it was not one: nothing changes); 404 for a product not in the catalogue. */
  async removeFavourite(userId: string, productId: string): Promise<ProductDto[]> {
    if (!(await this.repository.productExists(productId))) throw new NotFoundError(MESSAGES.productNotFound);
    await this.repository.removeFavourite(userId, productId);
    return this.favourites(userId);
  }

  async usuals(userId: string): Promise<UsualView[]> {
    const [rows, list] = await Promise.all([
      this.repository.usuals(userId, this.clock.now()),
      this.productList.get(),
    ]);
    return rows.map((row) => ({
      product: list.view(row.product),
      timesBought: row.timesBought,
      lastBought: row.lastBought.toISOString(),
    }));
  }
}
