import { Inject, Injectable } from '@nestjs/common';
import { MAX_STOCK } from '@larder/shared-domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, type Placeholder, sql, SQL } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import type { ActivityActor } from '../activity/activity-log';
import { recordProductAdded, recordProductChanged, recordProductDeleted } from './product-activity';
import { Clock } from '../common/clock';
import { isUuid } from '../common/uuid-param';
import { preparedStatement } from '../db/prepared';
import { CATALOG_VERSION_SHARDS, cartItems, catalogState, products } from '../db/schema';
import type { CatalogProduct } from './product-view';

/** What a new product row is given; the database fills in the rest (id, switched on, not deleted, created now). */
export type NewProductRow = Omit<CatalogProduct, 'id' | 'listed' | 'deletedAt' | 'createdAt' | 'updatedAt'>;

/** The columns an edit may change. */
export type ProductChanges = Partial<Omit<CatalogProduct, 'id' | 'deletedAt' | 'createdAt' | 'updatedAt'>>;

/** Units of one product, for taking from or giving back to a counted stock. */
export interface StockLine {
  productId: string;
  quantity: number;
}

/** A counted stock as an order found it: the units it had before, and whether the order's units were taken. */
export interface StockTaking {
  id: string;
  name: string;
  stock: number;
  taken: boolean;
}

/** A product row as locked for a stock change. */
export interface LockedStock {
  id: string;
  name: string;
  stock: number | null;
}

/** `(values ($1::uuid, $2::int), ...)` for a list of stock lines. */
function stockValues(lines: readonly StockLine[]): SQL {
  return sql.join(
    lines.map((l) => sql`(${l.productId}::uuid, ${l.quantity}::int)`),
    sql`, `,
  );
}

/** The catalog_state row this connection bumps (see CATALOG_VERSION_SHARDS). */
const VERSION_SHARD = sql.raw(`pg_backend_pid() % ${CATALOG_VERSION_SHARDS} + 1`);

/**
 * Taking an order's units from the counted stocks, as the steps (common table expressions) of one statement: the
 * one way units are taken, used by takeStock below and composed by checkout into the statement that also books
 * the order's slot (so checkout stays one round trip). `ids` (uuid[]) and `quantities` (int[]) are the lines.
 * It locks the counted rows in id order (so concurrent orders and cancels never deadlock), takes from each only
 * when every one has enough, then bumps the catalogue version. The steps a statement may read after it:
 *   locked(id, name, stock)  the counted rows, with the stock they had before;
 *   short                    a row when one has too few (then nothing was taken);
 *   taken(id)                the rows whose units were taken;
 *   bumped                   a row when the catalogue version was bumped (reading it orders a later step after it).
 */
export function stockTakingSteps(ids: Placeholder, quantities: Placeholder): SQL {
  return sql`
    wanted(id, qty) as (
      select * from unnest(${ids}::uuid[], ${quantities}::int[])
    ),
    locked as (
      select p.id, p.name, p.stock from ${products} p
      where p.id in (select id from wanted) and p.stock is not null
      order by p.id
      for no key update
    ),
    short as (select 1 from locked l join wanted w on w.id = l.id where l.stock < w.qty),
    taken as (
      update ${products} p set stock = p.stock - w.qty
      from locked l join wanted w on w.id = l.id
      where p.id = l.id and not exists (select 1 from short)
      returning p.id
    ),
    bumped as (
      insert into ${catalogState} (id, version) select ${VERSION_SHARD}, 1 where exists (select 1 from taken)
      on conflict (id) do update set version = ${catalogState}.version + 1
      returning 1
    )`;
}

/** Stock taking alone in one statement (see CatalogRepository.takeStock). */
const TAKE_STOCK = preparedStatement<StockTaking>(
  'take_stock',
  sql`
    with ${stockTakingSteps(sql.placeholder('ids'), sql.placeholder('quantities'))}
    select l.id, l.name, l.stock, l.id in (select id from taken) as taken
    from locked l`,
);

/**
 * The catalogue's queries. Every write also bumps the catalogue version (its connection's catalog_state row) in
 * the same transaction.
 */
@Injectable()
export class CatalogRepository {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Dates the price a write gives a product by the shop's clock: the trigger that keeps every price with its
   * time (product_prices, migration 0026) reads it for the rest of the transaction.
   */
  private async atShopTime(tx: DbExecutor): Promise<void> {
    await tx.execute(sql`select set_config('larder.now', ${this.clock.now().toISOString()}, true)`);
  }

  /** The catalogue version: the sum of its rows (it only ever grows). */
  async version(tx: DbExecutor = this.db): Promise<number> {
    const [row] = await tx
      .select({ version: sql<string>`coalesce(sum(${catalogState.version}), 0)::text` })
      .from(catalogState);
    return Number(row?.version ?? 0);
  }

  /** Marks the catalogue changed, so every replica reloads its cached list. */
  async bumpVersion(tx: DbExecutor): Promise<void> {
    await tx.execute(sql`
      insert into catalog_state (id, version) values (${VERSION_SHARD}, 1)
      on conflict (id) do update set version = catalog_state.version + 1`);
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

  async insert(row: NewProductRow, actor?: ActivityActor): Promise<CatalogProduct> {
    return this.db.transaction(async (tx) => {
      await this.atShopTime(tx);
      const [created] = await tx.insert(products).values(row).returning();
      await this.bumpVersion(tx);
      if (actor) await recordProductAdded(tx, actor, created);
      return created;
    });
  }

  /**
   * Edits a live product: `change` gets the current row (locked until the transaction ends) and returns the
   * columns to set, or throws to change nothing. Undefined when there is no such live product.
   */
  async update(
    id: string,
    change: (current: CatalogProduct) => ProductChanges | Promise<ProductChanges>,
    actor?: ActivityActor,
  ): Promise<CatalogProduct | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .for('update');
      if (!current) return undefined;
      const changes = await change(current);
      if (!Object.keys(changes).length) return current;
      await this.atShopTime(tx);
      const [updated] = await tx
        .update(products)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      await this.bumpVersion(tx);
      if (actor) await recordProductChanged(tx, actor, current, updated);
      return updated;
    });
  }

  /**
   * Locks the rows of those of these products that count their stock, in id order (so concurrent checkouts
   * and cancels never deadlock), and answers their current name and stock.
   */
  async lockCountedStock(productIds: readonly string[], tx: DbExecutor): Promise<LockedStock[]> {
    const ids = [...new Set(productIds.filter(isUuid))].sort();
    if (!ids.length) return [];
    return tx
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(and(inArray(products.id, ids), isNotNull(products.stock)))
      .orderBy(asc(products.id))
      .for('no key update');
  }

  /** Locks the rows of these products, in id order, until the transaction ends. */
  async lockProducts(productIds: readonly string[], tx: DbExecutor): Promise<void> {
    const ids = [...new Set(productIds.filter(isUuid).map((id) => id.toLowerCase()))].sort();
    if (!ids.length) return;
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('no key update');
  }

  /**
   * Takes an order's units from the counted stocks in one statement: locks the counted rows in id order (so
   * concurrent orders and cancels never deadlock), takes from each only when every one has enough, and then
   * bumps the catalogue version. Answers each counted line with the stock it had before and whether it was taken
   * (none is when one has too few; a line whose product does not count its stock is left out).
   */
  async takeStock(lines: readonly StockLine[], tx: DbExecutor): Promise<StockTaking[]> {
    if (!lines.length) return [];
    return TAKE_STOCK(tx, {
      ids: lines.map((l) => l.productId),
      quantities: lines.map((l) => l.quantity),
    });
  }

  /** Gives units back to the products that still count their stock (never above the maximum). */
  async returnStock(lines: readonly StockLine[], tx: DbExecutor): Promise<void> {
    if (!lines.length) return;
    await tx.execute(sql`
      update products p set stock = least(p.stock + v.qty, ${MAX_STOCK}::int)
      from (values ${stockValues(lines)}) as v(id, qty)
      where p.id = v.id and p.stock is not null`);
  }

  /** Sets the counted stock of these products to 0 (found missing on the shelf); answers how many changed. */
  async emptyShelves(productIds: readonly string[], tx: DbExecutor): Promise<number> {
    const ids = [...new Set(productIds.filter(isUuid))];
    if (!ids.length) return 0;
    const rows = await tx
      .update(products)
      .set({ stock: 0 })
      .where(and(inArray(products.id, ids), isNotNull(products.stock), sql`${products.stock} <> 0`))
      .returning({ id: products.id });
    return rows.length;
  }

  /** Soft-deletes a live product and takes it out of every cart; false when there is none. */
  async softDelete(id: string, actor?: ActivityActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [deleted] = await tx
        .update(products)
        .set({ deletedAt: new Date(), listed: false })
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning();
      if (!deleted) return false;
      await tx.delete(cartItems).where(eq(cartItems.productId, id));
      await this.bumpVersion(tx);
      if (actor) await recordProductDeleted(tx, actor, deleted);
      return true;
    });
  }
}
