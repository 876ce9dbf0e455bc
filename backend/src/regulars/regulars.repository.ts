import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { MAX_USUALS, USUALS_HALF_LIFE_DAYS } from '@larder/shared-domain';
import { DB, Database, DbExecutor } from '../db/database.module';
import {
  addresses,
  favourites,
  orderItems,
  orders,
  products,
  standingOrderItems,
  standingOrders,
  users,
} from '../db/schema';
import type { CatalogProduct } from '../catalog/product-view';

export type StandingOrderRow = typeof standingOrders.$inferSelect;
export type StandingOrderLine = typeof standingOrderItems.$inferSelect;
export type NewStandingOrder = typeof standingOrders.$inferInsert;
export interface StandingOrderWithLines extends StandingOrderRow {
  lines: (StandingOrderLine & { product: CatalogProduct })[];
  address: { street: string; city: string; state: string; postalCode: string; country: string } | null;
}

/** Orders that count towards a customer's usuals: delivered (Completed) and still to come (Pending). */
const USUAL_STATUSES = ['Pending', 'Completed'];

/** Favourites, usuals and regular deliveries: the customer's own rows only. */
@Injectable()
export class RegularsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  // Favourites

  /** The product by id when it is in the catalogue (not deleted). */
  async productExists(productId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .limit(1);
    return !!row;
  }

  async favourites(userId: string): Promise<CatalogProduct[]> {
    const rows = await this.db
      .select({ product: products })
      .from(favourites)
      .innerJoin(products, eq(products.id, favourites.productId))
      .where(and(eq(favourites.userId, userId), isNull(products.deletedAt)))
      .orderBy(desc(favourites.createdAt), desc(favourites.productId));
    return rows.map((row) => row.product);
  }

  async countFavourites(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(favourites)
      .where(eq(favourites.userId, userId));
    return row.n;
  }

  /** Adds a favourite (nothing when it is one already). */
  async addFavourite(userId: string, productId: string, now: Date): Promise<void> {
    await this.db.insert(favourites).values({ userId, productId, createdAt: now }).onConflictDoNothing();
  }

  async removeFavourite(userId: string, productId: string): Promise<void> {
    await this.db
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
  }

  // Usuals

  /**
   * The products of the customer's Pending and Completed orders (still in the catalogue), with how many of those
   * orders hold each and when the latest was placed; ranked by a score where each order counts 1 halved for
   * every USUALS_HALF_LIFE_DAYS of its age at `now`, then by the latest order, then by name. At most MAX_USUALS.
   */
  async usuals(
    userId: string,
    now: Date,
  ): Promise<{ product: CatalogProduct; timesBought: number; lastBought: Date }[]> {
    const nowText = now.toISOString();
    const score = sql`sum(power(0.5, greatest(0, extract(epoch from (${nowText}::timestamptz - ${orders.createdAt})))
      / ${USUALS_HALF_LIFE_DAYS * 86_400}))`;
    const rows = await this.db
      .select({
        product: getTableColumns(products),
        timesBought: sql<number>`count(distinct ${orders.id})::int`,
        lastBought: sql<string>`max(${orders.createdAt})`,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(
        and(eq(orders.userId, userId), inArray(orders.status, USUAL_STATUSES), isNull(products.deletedAt)),
      )
      .groupBy(products.id)
      .orderBy(desc(score), desc(sql`max(${orders.createdAt})`), asc(products.name))
      .limit(MAX_USUALS);
    return rows.map((row) => ({
      product: row.product,
      timesBought: row.timesBought,
      lastBought: new Date(row.lastBought),
    }));
  }

  // Regular deliveries

  /**
   * The customer's plans, counted while their row is locked (`for no key update`, as a checkout locks it) until the
   * transaction ends: plans made at the same moment are counted one at a time against the limit.
   */
  async countStandingOrders(userId: string, tx: DbExecutor = this.db): Promise<number> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(standingOrders)
      .where(eq(standingOrders.userId, userId));
    return row.n;
  }

  async insertStandingOrder(
    row: NewStandingOrder,
    lines: Omit<StandingOrderLine, 'standingOrderId'>[],
    tx: DbExecutor,
  ): Promise<string> {
    const [inserted] = await tx.insert(standingOrders).values(row).returning({ id: standingOrders.id });
    await tx.insert(standingOrderItems).values(lines.map((l) => ({ ...l, standingOrderId: inserted.id })));
    return inserted.id;
  }

  async replaceLines(
    id: string,
    lines: Omit<StandingOrderLine, 'standingOrderId'>[],
    tx: DbExecutor,
  ): Promise<void> {
    await tx.delete(standingOrderItems).where(eq(standingOrderItems.standingOrderId, id));
    await tx.insert(standingOrderItems).values(lines.map((l) => ({ ...l, standingOrderId: id })));
  }

  async updateStandingOrder(id: string, set: Partial<NewStandingOrder>, tx: DbExecutor): Promise<void> {
    await tx.update(standingOrders).set(set).where(eq(standingOrders.id, id));
  }

  async deleteStandingOrder(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(standingOrders)
      .where(and(eq(standingOrders.id, id), eq(standingOrders.userId, userId)))
      .returning({ id: standingOrders.id });
    return rows.length > 0;
  }

  /** The customer's plan, its row locked until the transaction ends (undefined when not theirs). */
  async lockOwned(id: string, userId: string, tx: DbExecutor): Promise<StandingOrderRow | undefined> {
    const [row] = await tx
      .select()
      .from(standingOrders)
      .where(and(eq(standingOrders.id, id), eq(standingOrders.userId, userId)))
      .for('update');
    return row;
  }

  async find(id: string, tx: DbExecutor = this.db): Promise<StandingOrderWithLines | undefined> {
    const [found] = await this.withLines(eq(standingOrders.id, id), tx);
    return found;
  }

  async listOwned(userId: string): Promise<StandingOrderWithLines[]> {
    return this.withLines(eq(standingOrders.userId, userId), this.db);
  }

  private async withLines(where: ReturnType<typeof eq>, tx: DbExecutor): Promise<StandingOrderWithLines[]> {
    const plans = await tx
      .select({ plan: standingOrders, address: addresses })
      .from(standingOrders)
      .leftJoin(addresses, eq(addresses.id, standingOrders.addressId))
      .where(where)
      .orderBy(asc(standingOrders.createdAt), asc(standingOrders.id));
    if (!plans.length) return [];
    const lines = await tx
      .select({ line: standingOrderItems, product: products })
      .from(standingOrderItems)
      .innerJoin(products, eq(products.id, standingOrderItems.productId))
      .where(
        inArray(
          standingOrderItems.standingOrderId,
          plans.map((p) => p.plan.id),
        ),
      )
      .orderBy(asc(products.name), asc(products.id));
    return plans.map(({ plan, address }) => ({
      ...plan,
      address: address && {
        street: address.street,
        city: address.city,
        state: address.state,
        postalCode: address.postalCode,
        country: address.country,
      },
      lines: lines
        .filter((l) => l.line.standingOrderId === plan.id)
        .map((l) => ({ ...l.line, product: l.product })),
    }));
  }

  /**
   * Claims up to `limit` plans whose order is due at `now` (active, place_at passed, not held by another process's lease):
   * the row is taken with FOR UPDATE SKIP LOCKED, so replicas racing for the same plans each get a different one,
   * and leased until `leaseUntil`, so a process that stops with it in hand gives it back when the lease ends.
   */
  async claimDue(
    now: Date,
    leaseUntil: Date,
    planId?: string,
    limit = 1,
    tx: DbExecutor = this.db,
  ): Promise<StandingOrderRow[]> {
    const due = tx
      .select({ id: standingOrders.id })
      .from(standingOrders)
      .where(
        and(
          planId ? eq(standingOrders.id, planId) : undefined,
          eq(standingOrders.active, true),
          lte(standingOrders.placeAt, now),
          or(isNull(standingOrders.leaseUntil), lte(standingOrders.leaseUntil, now)),
        ),
      )
      .orderBy(asc(standingOrders.placeAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx.update(standingOrders).set({ leaseUntil }).where(inArray(standingOrders.id, due)).returning();
  }

  /** When the next active plan falls due after `now` (undefined when none does). */
  async nextDue(now: Date): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ at: sql<string | null>`min(${standingOrders.placeAt})` })
      .from(standingOrders)
      .where(and(eq(standingOrders.active, true), gt(standingOrders.placeAt, now)));
    return row?.at ? new Date(row.at) : undefined;
  }

  /**
   * Moves a plan on from `handled` (placed, skipped or missed) to its next delivery, and lets go of its lease;
   * only while the plan is still at `handled` (a change meanwhile has moved it already).
   */
  async advance(
    id: string,
    handled: string,
    next: { nextDelivery: string; placeAt: Date },
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .update(standingOrders)
      .set({
        lastDelivery: handled,
        nextDelivery: next.nextDelivery,
        placeAt: next.placeAt,
        skipping: false,
        leaseUntil: null,
        updatedAt: now,
      })
      .where(and(eq(standingOrders.id, id), eq(standingOrders.nextDelivery, handled)))
      .returning({ id: standingOrders.id });
    return rows.length > 0;
  }

  /** Lets go of a plan's lease without moving it (its order could not be tried now). */
  async release(id: string, tx: DbExecutor = this.db): Promise<void> {
    await tx.update(standingOrders).set({ leaseUntil: null }).where(eq(standingOrders.id, id));
  }

  /** A plan's lines with their products as they are now. */
  async linesWithProducts(id: string): Promise<StandingOrderWithLines['lines']> {
    const rows = await this.db
      .select({ line: standingOrderItems, product: products })
      .from(standingOrderItems)
      .innerJoin(products, eq(products.id, standingOrderItems.productId))
      .where(eq(standingOrderItems.standingOrderId, id))
      .orderBy(asc(products.name), asc(products.id));
    return rows.map((r) => ({ ...r.line, product: r.product }));
  }

  /** The delivery date and status of one of the customer's orders; undefined for an unknown or another's order. */
  async ownOrder(
    userId: string,
    orderId: string,
    tx: DbExecutor = this.db,
  ): Promise<{ deliveryDate: string; status: string } | undefined> {
    const [row] = await tx
      .select({ deliveryDate: orders.deliveryDate, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .limit(1);
    return row;
  }

  /** The order a plan placed for a date, if any. */
  async placedOrder(standingOrderId: string, deliveryDate: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.standingOrderId, standingOrderId), eq(orders.deliveryDate, deliveryDate)))
      .limit(1);
    return row?.id;
  }
}
