import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import { cartItems, catalogState, products } from '../db/schema';
import type { CatalogProduct } from './product-view';

/** What a new product row is given; the database fills in the rest (id, in stock, not deleted, created now). */
export type NewProductRow = Omit<CatalogProduct, 'id' | 'inStock' | 'deletedAt' | 'createdAt'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The catalogue's queries. Every write also bumps catalog_state.version in the same transaction. */
@Injectable()
export class CatalogRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async version(tx: DbExecutor = this.db): Promise<number> {
    const [row] = await tx
      .select({ version: catalogState.version })
      .from(catalogState)
      .where(eq(catalogState.id, 1));
    return row?.version ?? 0;
  }

  private async bumpVersion(tx: DbExecutor): Promise<void> {
    await tx
      .insert(catalogState)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: catalogState.id, set: { version: sql`${catalogState.version} + 1` } });
  }

  /** Non-deleted products, newest first. */
  listLive(tx: DbExecutor = this.db): Promise<CatalogProduct[]> {
    return tx
      .select()
      .from(products)
      .where(isNull(products.deletedAt))
      .orderBy(desc(products.createdAt), desc(products.id));
  }

  /** Live products whose stock is counted and at most `threshold`, lowest stock first. */
  listLowStock(
    threshold: number,
    tx: DbExecutor = this.db,
  ): Promise<{ id: string; name: string; stock: number }[]> {
    return tx
      .select({ id: products.id, name: products.name, stock: sql<number>`${products.stock}` })
      .from(products)
      .where(and(isNull(products.deletedAt), isNotNull(products.stock), lte(products.stock, threshold)))
      .orderBy(asc(products.stock), asc(products.name), asc(products.id));
  }

  /** Products by id, deleted ones included; ids that are not UUIDs are ignored. */
  async findByIds(ids: readonly string[], tx: DbExecutor = this.db): Promise<CatalogProduct[]> {
    const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (!wanted.length) return [];
    return tx.select().from(products).where(inArray(products.id, wanted));
  }

  async insert(row: NewProductRow): Promise<CatalogProduct> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(products).values(row).returning();
      await this.bumpVersion(tx);
      return created;
    });
  }

  /** Sets inStock on a live product; undefined when there is none. */
  async setInStock(id: string, inStock: boolean): Promise<CatalogProduct | undefined> {
    if (!isUuid(id)) return undefined;
    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(products)
        .set({ inStock })
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning();
      if (updated) await this.bumpVersion(tx);
      return updated;
    });
  }

  /** Soft-deletes a live product and takes it out of every cart; false when there is none. */
  async softDelete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return this.db.transaction(async (tx) => {
      const [deleted] = await tx
        .update(products)
        .set({ deletedAt: new Date(), inStock: false })
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning({ id: products.id });
      if (!deleted) return false;
      await tx.delete(cartItems).where(eq(cartItems.productId, id));
      await this.bumpVersion(tx);
      return true;
    });
  }
}
