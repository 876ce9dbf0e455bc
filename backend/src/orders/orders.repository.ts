import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, inArray, or, SQL, sql } from 'drizzle-orm';
import type { OrderStatus, StoredSupply } from '@larder/shared-domain';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database, DbExecutor } from '../db/database.module';
import { newestFirstPage } from '../db/newest-first';
import { deliveryOutcomes, orderChangeKeys, orderItems, orders } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/** What giving back an order's units and slot place needs to know about it. */
export type OrderBooking = Pick<OrderRow, 'id' | 'status' | 'deliveryDate' | 'deliveryTime'>;

export const BOOKING = {
  id: orders.id,
  status: orders.status,
  deliveryDate: orders.deliveryDate,
  deliveryTime: orders.deliveryTime,
};

/** An order just cancelled or completed: its booking, and whether an unpaid Checkout Session is to be expired. */
export type ChangedOrder = OrderBooking & Pick<OrderRow, 'paymentType' | 'isPaid' | 'stripeSessionId'>;

const CHANGED = {
  ...BOOKING,
  paymentType: orders.paymentType,
  isPaid: orders.isPaid,
  stripeSessionId: orders.stripeSessionId,
};

/**
 * What a statement cancelling an order owes back: a paid order (a card order paid already) is owed everything it
 * paid (its amount now plus what it was owed already) from now; an unpaid one nothing. Evaluated on the row as the
 * statement finds it, so a payment committed just before the cancel is seen.
 */
function refundAllIfPaid(now: Date): { refundDue: SQL; refundDueAt: SQL } {
  return {
    refundDue: sql`case when ${orders.isPaid} then ${orders.amount} + ${orders.refundDue} else 0 end`,
    refundDueAt: sql`case when ${orders.isPaid} then ${now.toISOString()}::timestamptz end`,
  };
}

/** The rows of a raw query, from either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface OrderWithItems extends OrderRow {
  items: OrderItemRow[];
}

/** Attaches the lines selected by `filter` (all lines when absent) to their orders. */
export async function withItems(db: DbExecutor, rows: OrderRow[], filter?: SQL): Promise<OrderWithItems[]> {
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(filter)
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((row) => ({ ...row, items: byOrder.get(row.id) ?? [] }));
}

/**
 * The queries of a placed order's own life and its lines: the customer's and the seller's lists, its changes,
 * cancels and status. Checkout's reads and inserts are in CheckoutRepository (the only order queries that touch
 * other modules' tables); the readers with queries of their own have their repository: SellerFiguresRepository
 * (the seller's dashboard), CardSessionsRepository (Stripe Checkout Sessions), PickingRepository (the floor).
 */
@Injectable()
export class OrdersRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * Locks a customer's order row until the transaction ends (the first row any change of an order locks) and
   * answers it as it is now, after any change that held the lock before; undefined when it is not theirs.
   */
  async lockOwned(id: string, userId: string, tx: DbExecutor): Promise<OrderRow | undefined> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .for('update');
    return row;
  }

  /** Locks any order row until the transaction ends, as lockOwned does for the customer. */
  async lock(id: string, tx: DbExecutor): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  }

  /** An order's lines, by name. */
  lines(orderId: string, tx: DbExecutor): Promise<OrderItemRow[]> {
    return tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.name), asc(orderItems.id));
  }

  /** Replaces an order's lines (a change by the customer). */
  async replaceLines(orderId: string, lines: NewOrderLine[], tx: DbExecutor): Promise<void> {
    await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
    if (lines.length) await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId })));
  }

  /** Sets columns of an order whose row this transaction holds locked. */
  async update(id: string, changes: Partial<NewOrder>, tx: DbExecutor): Promise<void> {
    await tx.update(orders).set(changes).where(eq(orders.id, id));
  }

  /**
   * Records the Idempotency-Key of a change of the order; false when that key changed the order before. Called
   * with the order's row locked, so a concurrent retry waits for the first change and then finds its key.
   */
  async claimChangeKey(orderId: string, key: string, tx: DbExecutor): Promise<boolean> {
    const inserted = await tx
      .insert(orderChangeKeys)
      .values({ orderId, idempotencyKey: key })
      .onConflictDoNothing()
      .returning({ orderId: orderChangeKeys.orderId });
    return inserted.length > 0;
  }

  /** Stores what a completed order supplied (once: a stored supply is never written again). */
  async storeSupply(orderId: string, supply: StoredSupply, tx: DbExecutor): Promise<void> {
    await tx
      .update(orders)
      .set({ supply })
      .where(and(eq(orders.id, orderId), sql`${orders.supply} is null`));
  }

  /** Up to `limit` completed orders whose supply is not stored yet (completed before it was stored). */
  async withoutSupply(limit: number): Promise<OrderWithItems[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'Completed'), sql`${orders.supply} is null`))
      .limit(limit);
    return withItems(
      this.db,
      rows,
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    );
  }

  /** Sets columns of one line of an order. */
  async updateLine(lineId: string, changes: Partial<NewOrderLine>, tx: DbExecutor): Promise<void> {
    await tx.update(orderItems).set(changes).where(eq(orderItems.id, lineId));
  }

  /** Keeps an outcome the driver recorded at the door, with the run (date and slot) the order was on. */
  async recordOutcome(
    outcome: {
      order: Pick<OrderRow, 'id' | 'deliveryDate' | 'deliveryTime'>;
      outcome: 'delivered' | 'failed_delivery';
      reason?: string;
      note?: string | null;
      staffId: string | null;
      staffName: string | null;
      at: Date;
    },
    tx: DbExecutor,
  ): Promise<void> {
    await tx.insert(deliveryOutcomes).values({
      orderId: outcome.order.id,
      deliveryDate: outcome.order.deliveryDate,
      deliveryTime: outcome.order.deliveryTime,
      outcome: outcome.outcome,
      reason: outcome.reason ?? null,
      note: outcome.note ?? null,
      staffId: outcome.staffId,
      staffName: outcome.staffName,
      createdAt: outcome.at,
    });
  }

  /** Marks the lines of these products as not having taken units (their stock was no longer counted). */
  async markStockNotTaken(orderId: string, productIds: readonly string[], tx: DbExecutor): Promise<void> {
    if (!productIds.length) return;
    await tx
      .update(orderItems)
      .set({ stockTaken: false })
      .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.productId, [...productIds])));
  }

  async listForUser(userId: string): Promise<OrderWithItems[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    const ownOrders = this.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    return withItems(this.db, rows, inArray(orderItems.orderId, ownOrders));
  }

  /** One page of every order, newest first, with their lines, and how many orders there are in all. */
  async listAll(page: PageRequest): Promise<Page<OrderWithItems>> {
    const { rows, total } = await newestFirstPage(this.db, orders, page);
    const withLines = await withItems(
      this.db,
      rows,
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    );
    return { rows: withLines, total };
  }

  /** How many orders have the given status. */

  async findOwned(
    id: string,
    userId: string,
  ): Promise<Pick<OrderRow, 'status' | 'fulfilment' | 'createdAt'> | undefined> {
    const [row] = await this.db
      .select({ status: orders.status, fulfilment: orders.fulfilment, createdAt: orders.createdAt })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * Cancels the customer's order in one conditional statement: only when it is theirs, still Pending, not yet
   * being picked and created after `windowStart` (shared-domain's customerCancelRefusal, in SQL). A status change racing this one is never overwritten. Answers the order when cancelled.
   */
  async cancelWithinWindow(
    id: string,
    userId: string,
    windowStart: Date,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<ChangedOrder | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'Cancelled', ...refundAllIfPaid(now), updatedAt: now })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.userId, userId),
          eq(orders.status, 'Pending'),
          eq(orders.fulfilment, 'placed'),
          gt(orders.createdAt, windowStart),
        ),
      )
      .returning(CHANGED);
    return row;
  }

  /**
   * Moves a Pending order to Completed or Cancelled in one conditional statement, so two racing changes never
   * both win: Completed needs a COD order (which it marks paid) or a card order already paid, and delivers it; a
   * paid order cancelled is owed its money back (shared-domain's statusChangeRefusal and statusChangeEffects, in SQL). Answers the
   * order when it changed; undefined when the order is missing or the change is not allowed.
   */
  async changeStatus(
    id: string,
    status: Exclude<OrderStatus, 'Pending'>,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<ChangedOrder | undefined> {
    const [row] = await tx
      .update(orders)
      .set(
        status === 'Completed'
          ? {
              status,
              fulfilment: 'delivered',
              isPaid: sql`${orders.isPaid} or ${orders.paymentType} = 'COD'`,
              deliveredAt: now,
              // Completed after a failed delivery: the reason belonged to that attempt.
              failedReason: null,
              failedNote: null,
              updatedAt: now,
            }
          : { status, ...refundAllIfPaid(now), updatedAt: now },
      )
      .where(
        and(
          eq(orders.id, id),
          eq(orders.status, 'Pending'),
          status === 'Completed' ? or(eq(orders.paymentType, 'COD'), eq(orders.isPaid, true)) : undefined,
        ),
      )
      .returning(CHANGED);
    return row;
  }

  /** What decides whether the seller may change an order's status. */
  async findStatus(
    id: string,
    tx: DbExecutor = this.db,
  ): Promise<Pick<OrderRow, 'status' | 'paymentType' | 'isPaid'> | undefined> {
    const [row] = await tx
      .select({ status: orders.status, paymentType: orders.paymentType, isPaid: orders.isPaid })
      .from(orders)
      .where(eq(orders.id, id))
      .limit(1);
    return row;
  }

  /**
   * For an order whose row the caller has locked: clears the stock marks of its lines; answers the units to give
   * back, once: a line's units as taken
   * (only those found once it was picked: the missing ones were never on the shelf) and its substitute's units.
   */
  async releaseTakenLines(
    orderId: string,
    tx: DbExecutor,
  ): Promise<{ productId: string; quantity: number }[]> {
    // The order's row is locked by whoever ends it, so these lines cannot change between the two statements.
    const marked = and(
      eq(orderItems.orderId, orderId),
      or(eq(orderItems.stockTaken, true), eq(orderItems.substituteStockTaken, true)),
    );
    const released = await tx.select().from(orderItems).where(marked);
    if (!released.length) return [];
    await tx.update(orderItems).set({ stockTaken: false, substituteStockTaken: false }).where(marked);
    const lines: { productId: string; quantity: number }[] = [];
    for (const line of released) {
      const units = line.picked ?? line.quantity;
      if (line.stockTaken && units > 0) lines.push({ productId: line.productId, quantity: units });
      if (line.substituteStockTaken && line.substituteProductId && line.substituteQuantity)
        lines.push({ productId: line.substituteProductId, quantity: line.substituteQuantity });
    }
    return lines;
  }

  /** One order with its lines, or undefined. */
  async findWithItems(id: string, tx: DbExecutor = this.db): Promise<OrderWithItems | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!row) return undefined;
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.name), asc(orderItems.id));
    return { ...row, items };
  }

  /** Whether an order was started with this Checkout Session. */

  /** Cancels the still-unpaid Pending order of an expired Checkout Session; answers it when one was cancelled. */

  /**
   * For a customer deleting their account: cancels their Pending orders (a paid one is marked refund due) and
   * removes the personal data copied onto every order (address, name, e-mail, phone). The orders themselves stay
   * for the seller. Answers the orders it cancelled.
   */
  async forgetCustomer(userId: string, now: Date, tx: DbExecutor = this.db): Promise<ChangedOrder[]> {
    const cancelled = await tx
      .update(orders)
      .set({ status: 'Cancelled', ...refundAllIfPaid(now), updatedAt: now })
      .where(and(eq(orders.userId, userId), eq(orders.status, 'Pending')))
      .returning(CHANGED);
    await tx
      .update(orders)
      .set({
        address: sql`null`,
        addressId: null,
        customerName: null,
        customerEmail: null,
        customerPhone: null,
        idempotencyKey: null,
        updatedAt: now,
      })
      .where(eq(orders.userId, userId));
    return cancelled;
  }

  /** The non-cancelled orders for a delivery date (and slot, when given) with their lines, as they were placed. */

  /** The earliest delivery date on or after `from` (YYYY-MM-DD) with a non-cancelled order, or undefined. */
}
