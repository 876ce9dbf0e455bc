import { Injectable } from '@nestjs/common';
import { MAX_FAVOURITES, MESSAGES, REGULARS_MESSAGES } from '@larder/shared-domain';
import { Clock } from '../common/clock';
import { ConflictError, NotFoundError } from '../common/errors';
import { toProductView } from '../catalog/product-view';
import type { ProductDto } from '../catalog/dto/product.response';
import type { UsualView } from './dto/regulars.response';
import { RegularsRepository } from './regulars.repository';

/** A customer's favourites and usuals. */
@Injectable()
export class RegularsService {
  constructor(
    private readonly repository: RegularsRepository,
    private readonly clock: Clock,
  ) {}

  async favourites(userId: string): Promise<ProductDto[]> {
    return (await this.repository.favourites(userId)).map(toProductView);
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
    const rows = await this.repository.usuals(userId, this.clock.now());
    return rows.map((row) => ({
      product: toProductView(row.product),
      timesBought: row.timesBought,
      lastBought: row.lastBought.toISOString(),
    }));
  }
}
