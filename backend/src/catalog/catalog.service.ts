import { Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  foodInformationProblem,
  isWholePack,
  LOW_STOCK_THRESHOLD,
  matchesFoodFilters,
  MAX_PRODUCT_IMAGES,
  MESSAGES,
  notEnoughStockMessage,
  poundsToPence,
  type FoodFilters,
  type Nutrition,
} from '@larder/shared-domain';
import type { ActivityActor } from '../activity/activity-log';
import { ConflictError, InvalidError, NotFoundError } from '../common/errors';
import type { DbExecutor } from '../db/database.module';
import { CatalogRepository, ProductChanges, StockLine, StockTaking } from './catalog.repository';
import { AddProductDto, UpdateProductDto } from './dto/add-product.dto';
import { assertSupportedImage, ProductImageStore } from './product-images';
import type { CatalogProduct } from './product-view';
import type { ProductDto } from './dto/product.response';
import { ProductListCache } from './product-list.cache';
import { PromotionsService } from './promotions.service';

/** How many products one search answers at most. */
const SEARCH_LIMIT = 50;

export type { CatalogProduct } from './product-view';
export type { StockLine } from './catalog.repository';

@Injectable()
export class CatalogService {
  constructor(
    private readonly repository: CatalogRepository,
    private readonly images: ProductImageStore,
    private readonly list: ProductListCache,
    private readonly promotions: PromotionsService,
  ) {}

  /** Products by id (pence, VAT basis points), deleted ones included. */
  findProductsByIds(ids: readonly string[], tx?: DbExecutor): Promise<CatalogProduct[]> {
    return this.repository.findByIds(ids, tx);
  }

  /**
   * Live products matching a search text (already trimmed and checked), best match first, that pass the food
   * filters (and are on offer, when asked); without a text, the live products the filters keep, newest first.
   * From the live catalogue in memory (see search-index.ts), at most SEARCH_LIMIT.
   */
  async searchProducts(
    text: string | undefined,
    filters: FoodFilters = {},
    onOffer = false,
  ): Promise<ProductDto[]> {
    const snapshot = await this.list.get();
    const candidates = text === undefined ? snapshot.rows : snapshot.searchIndex.search(text);
    return candidates
      .filter((product) => matchesFoodFilters(product, filters) && (!onOffer || snapshot.onOffer(product.id)))
      .slice(0, SEARCH_LIMIT)
      .map((product) => snapshot.view(product));
  }

  /** Every live product matching a search text, best match first. */
  async rankProducts(text: string): Promise<readonly CatalogProduct[]> {
    const snapshot = await this.list.get();
    return snapshot.searchIndex.search(text);
  }

  /** Live, counted products at or below LOW_STOCK_THRESHOLD units, lowest stock first (the seller's figures). */
  listLowStock(tx?: DbExecutor): Promise<{ id: string; name: string; stock: number }[]> {
    return this.repository.listLowStock(LOW_STOCK_THRESHOLD, tx);
  }

  /** Checks the offer price and the pictures, stores the pictures as WebP and adds the product. */
  async addProduct(dto: AddProductDto, images: Buffer[], actor?: ActivityActor): Promise<ProductDto> {
    if (dto.offerPrice > dto.price) throw new InvalidError(MESSAGES.offerAbovePrice, { field: 'offerPrice' });
    if (!isWholePack(dto)) throw new InvalidError(MESSAGES.packSizeAndUnit, { field: 'netQuantity' });
    checkFoodInformation({
      nutrition: dto.nutrition ? nutritionRow(dto.nutrition) : null,
      dietary: dto.dietary ?? [],
      allergens: dto.allergens ?? [],
    });
    await this.checkImages(images, 1);

    const stored = await this.images.store(images);
    let created: CatalogProduct;
    try {
      created = await this.repository.insert(
        {
          name: dto.name,
          category: dto.category,
          description: dto.description ?? [],
          price: poundsToPence(dto.price)!,
          offerPrice: poundsToPence(dto.offerPrice)!,
          vatBasisPoints: Math.round(dto.vat * 100),
          images: stored.urls,
          stock: dto.stock ?? null,
          ingredients: dto.ingredients ?? null,
          allergens: dto.allergens ?? [],
          allergensConfirmed: dto.allergens !== undefined && dto.allergens !== null,
          netQuantity: dto.netQuantity ?? null,
          unit: dto.unit ?? null,
          nutrition: dto.nutrition ? nutritionRow(dto.nutrition) : null,
          storage: dto.storage ?? null,
          origin: dto.origin ?? null,
          producer: dto.producer ? { name: dto.producer.name, address: dto.producer.address } : null,
          dietary: dto.dietary ?? [],
          ageRestricted: dto.ageRestricted ?? false,
          maxPerOrder: dto.maxPerOrder ?? null,
          fruitVegNuts: dto.fruitVegNuts ?? null,
          hfssCategory: dto.hfssCategory ?? null,
        },
        actor,
      );
    } catch (err) {
      await this.images.remove(stored.files);
      throw err;
    }
    return this.view(created);
  }

  /**
   * Edits a live product: the fields given in productData (validated like add) and, when pictures are sent,
   * new pictures replacing the old ones. Past orders keep their own copy of name, price and picture, so the
   * old picture files stay.
   */
  async updateProduct(
    id: string,
    dto: UpdateProductDto,
    images: Buffer[],
    actor?: ActivityActor,
  ): Promise<ProductDto> {
    if (images.length) await this.checkImages(images, 1);

    const stored = images.length ? await this.images.store(images) : undefined;
    let updated: CatalogProduct | undefined;
    try {
      updated = await this.repository.update(
        id,
        (current) => {
          const changes: ProductChanges = {};
          if (dto.name !== undefined) changes.name = dto.name;
          if (dto.category !== undefined) changes.category = dto.category;
          if (dto.description !== undefined) changes.description = dto.description ?? [];
          if (dto.price !== undefined) changes.price = poundsToPence(dto.price)!;
          if (dto.offerPrice !== undefined) changes.offerPrice = poundsToPence(dto.offerPrice)!;
          if (dto.vat !== undefined) changes.vatBasisPoints = Math.round(dto.vat * 100);
          if (dto.stock !== undefined) changes.stock = dto.stock;
          if (dto.ingredients !== undefined) changes.ingredients = dto.ingredients;
          if (dto.allergens !== undefined) {
            changes.allergens = dto.allergens ?? [];
            changes.allergensConfirmed = dto.allergens !== null;
          }
          if (dto.netQuantity !== undefined) changes.netQuantity = dto.netQuantity;
          if (dto.unit !== undefined) changes.unit = dto.unit;
          if (dto.nutrition !== undefined)
            changes.nutrition = dto.nutrition ? nutritionRow(dto.nutrition) : null;
          if (dto.storage !== undefined) changes.storage = dto.storage;
          if (dto.origin !== undefined) changes.origin = dto.origin;
          if (dto.producer !== undefined) {
            changes.producer = dto.producer
              ? { name: dto.producer.name, address: dto.producer.address }
              : null;
          }
          if (dto.dietary !== undefined) changes.dietary = dto.dietary ?? [];
          if (dto.ageRestricted !== undefined) changes.ageRestricted = dto.ageRestricted;
          if (dto.maxPerOrder !== undefined) changes.maxPerOrder = dto.maxPerOrder;
          if (dto.fruitVegNuts !== undefined) changes.fruitVegNuts = dto.fruitVegNuts;
          if (dto.hfssCategory !== undefined) changes.hfssCategory = dto.hfssCategory;
          checkFoodInformation({
            nutrition: changes.nutrition !== undefined ? changes.nutrition : current.nutrition,
            dietary: changes.dietary ?? current.dietary,
            allergens: changes.allergens ?? current.allergens,
          });
          if (stored) changes.images = stored.urls;
          if ((changes.offerPrice ?? current.offerPrice) > (changes.price ?? current.price)) {
            throw new InvalidError(MESSAGES.offerAbovePrice, { field: 'offerPrice' });
          }
          const pack = {
            netQuantity: changes.netQuantity !== undefined ? changes.netQuantity : current.netQuantity,
            unit: changes.unit !== undefined ? changes.unit : current.unit,
          };
          if (!isWholePack(pack)) throw new InvalidError(MESSAGES.packSizeAndUnit, { field: 'netQuantity' });
          return changes;
        },
        actor,
      );
      if (!updated) throw new NotFoundError(MESSAGES.productNotFound);
    } catch (err) {
      if (stored) await this.images.remove(stored.files);
      throw err;
    }
    // The product was written: its answer is read after the write's transaction, as the list's is.
    return this.view(updated);
  }

  /** Sets the seller's switch, the counted stock (null: not counted), or both. */
  async setStock(
    id: string,
    change: { inStock?: boolean; stock?: number | null },
    actor?: ActivityActor,
  ): Promise<ProductDto> {
    if (change.inStock === undefined && change.stock === undefined) {
      throw new InvalidError(MESSAGES.stockOrSwitchRequired);
    }
    const updated = await this.repository.update(
      id,
      () => {
        const changes: ProductChanges = {};
        if (change.inStock !== undefined) changes.listed = change.inStock;
        if (change.stock !== undefined) changes.stock = change.stock;
        return changes;
      },
      actor,
    );
    if (!updated) throw new NotFoundError(MESSAGES.productNotFound);
    return this.view(updated);
  }

  /** Soft delete: gone from the list and from every cart; order history keeps its snapshot. */
  async deleteProduct(id: string, actor?: ActivityActor): Promise<void> {
    if (!(await this.repository.softDelete(id, actor))) throw new NotFoundError(MESSAGES.productNotFound);
  }

  /**
   * Takes the units of an order from the products that count their stock, inside the order's transaction, in
   * one statement that locks the rows in id order and marks the catalogue changed; refuses (409, naming the
   * product and what is left) when one has too few. Answers the ids of the products whose stock was taken from.
   */
  async takeStock(lines: readonly StockLine[], tx: DbExecutor): Promise<Set<string>> {
    return stockTaken(lines, await this.repository.takeStock(lines, tx));
  }

  /**
   * Locks the rows of these products until the transaction ends (in id order, as stock changes do), so what is
   * read of them next cannot change before the transaction commits.
   */
  async lockProducts(productIds: readonly string[], tx: DbExecutor): Promise<void> {
    await this.repository.lockProducts(productIds, tx);
  }

  /**
   * For products found short while picking (their rows locked by the caller): a counted stock becomes 0 until the
   * seller counts again, as the units it promised were not on the shelf.
   */
  async emptyShelves(productIds: readonly string[], tx: DbExecutor): Promise<void> {
    if (await this.repository.emptyShelves(productIds, tx)) await this.repository.bumpVersion(tx);
  }

  /** Gives the units of a cancelled order back to the products that still count their stock. */
  async returnStock(lines: readonly StockLine[], tx: DbExecutor): Promise<void> {
    if (!lines.length) return;
    await this.repository.lockCountedStock(
      lines.map((l) => l.productId),
      tx,
    );
    await this.repository.returnStock(lines, tx);
    await this.repository.bumpVersion(tx);
  }

  /** A product as its answer carries it: with the promotion it is in now and its struck-through price's name. */
  private async view(row: CatalogProduct): Promise<ProductDto> {
    const [view] = await this.promotions.productViews([row]);
    return view;
  }

  private async checkImages(images: Buffer[], min: number): Promise<void> {
    if (images.length < min) throw new InvalidError(MESSAGES.imagesRequired, { field: 'images' });
    if (images.length > MAX_PRODUCT_IMAGES)
      throw new InvalidError(MESSAGES.tooManyImages, { field: 'images' });
    for (const image of images) await assertSupportedImage(image);
  }
}

/**
 * The products whose units were taken, from what a stock taking answered for these lines (see
 * CatalogRepository.takeStock); 409 naming the first line whose product had too few.
 */
export function stockTaken(lines: readonly StockLine[], rows: readonly StockTaking[]): Set<string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const line of lines) {
    const row = byId.get(line.productId);
    if (row && row.stock < line.quantity)
      throw new ConflictError(notEnoughStockMessage(row.name, row.stock), { code: ERROR_CODES.OUT_OF_STOCK });
  }
  // Every counted line had enough, so all were taken; were it ever not so, the transaction must not commit.
  if (rows.some((row) => !row.taken)) throw new ConflictError(MESSAGES.somethingWentWrong);
  return new Set(rows.map((row) => row.id));
}

/** The body field each food-information refusal is about (the answer names it, for the form's box). */
const FOOD_PROBLEM_FIELDS: Record<NonNullable<ReturnType<typeof foodInformationProblem>>, string> = {
  saturatesAboveFat: 'nutrition.saturates',
  sugarsAboveCarbohydrate: 'nutrition.sugars',
  veganWithAnimalAllergen: 'dietary',
};

/** Animal-derived allergens: a product containing any of them is not vegan. */
/** Rules across food fields that one field's validation cannot see. */
function checkFoodInformation(food: {
  nutrition: Nutrition | null;
  dietary: readonly string[];
  allergens: readonly string[];
}): void {
  const problem = foodInformationProblem(food);
  if (problem) throw new InvalidError(MESSAGES[problem], { field: FOOD_PROBLEM_FIELDS[problem] });
}

/** The nutrition as stored: exactly the declared fields (fibre null when not given). */
function nutritionRow(n: Omit<Nutrition, 'fibre'> & { fibre?: number | null }): Nutrition {
  return {
    energyKj: n.energyKj,
    energyKcal: n.energyKcal,
    fat: n.fat,
    saturates: n.saturates,
    carbohydrate: n.carbohydrate,
    sugars: n.sugars,
    fibre: n.fibre ?? null,
    protein: n.protein,
    salt: n.salt,
  };
}
