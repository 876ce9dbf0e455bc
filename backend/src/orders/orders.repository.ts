import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, min, ne, or, SQL, sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE, type OrderStatus } from '@larder/shared-domain';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database, DbExecutor } from '../db/database.module';
import { newestFirstPage } from '../db/newest-first';
import { deliveryOutcomes, orderItems, orders } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/** What giving back an order's units and slot place needs to know about it. */
export type OrderBooking = Pick<OrderRow, 'id' | 'status' | 'deliveryDate' | 'deliveryTime'>;

const BOOKING = {
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
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface OrderWithItems extends OrderRow {
  items: OrderItemRow[];
}

/**
 * The queries of placed orders and their lines (checkout's reads and inserts are in CheckoutRepository, the only
 * order queries that touch other modules' tables).
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
    return this.withItems(rows, inArray(orderItems.orderId, ownOrders));
  }

  /** One page of every order, newest first, with their lines, and how many orders there are in all. */
  async listAll(page: PageRequest): Promise<Page<OrderWithItems>> {
    const { rows, total } = await newestFirstPage(this.db, orders, page);
    const withItems = await this.withItems(
      rows,
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    );
    return { rows: withItems, total };
  }

  /**
   * Orders and revenue (pence) per London calendar date from `firstDate` to `lastDate` (YYYY-MM-DD), one row per
   * date, oldest first, dates without orders as zeros; cancelled orders left out. `from`/`to` are the instants at
   * which those London dates start and end, so the orders_created_idx index bounds the scan.
   */
  async dailySales(
    firstDate: string,
    lastDate: string,
    from: Date,
    to: Date,
    tx: DbExecutor = this.db,
  ): Promise<{ date: string; orders: number; revenue: number }[]> {
    const result = await tx.execute(sql`
      with placed as (
        select (${orders.createdAt} at time zone ${SHOP_TIME_ZONE})::date as day, ${orders.amount} as amount
        from ${orders}
        where ${orders.status} <> 'Cancelled'
          and ${orders.createdAt} >= ${from.toISOString()}::timestamptz
          and ${orders.createdAt} < ${to.toISOString()}::timestamptz
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
             count(placed.day)::int as orders,
             coalesce(sum(placed.amount), 0)::int as revenue
      from generate_series(${firstDate}::date, ${lastDate}::date, interval '1 day') as d(day)
      left join placed on placed.day = d.day::date
      group by d.day
      order by d.day`);
    return rowsOf<{ date: string; orders: number; revenue: number }>(result);
  }

  /** How many orders have the given status. */
  async countWithStatus(status: OrderStatus, tx: DbExecutor = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, status));
    return row?.n ?? 0;
  }

  /**
   * The products with the most units on orders placed since `since` (cancelled ones left out), most first,
   * ties by name; each named as on its most recent order.
   */
  async topProducts(
    since: Date,
    limit: number,
    tx: DbExecutor = this.db,
  ): Promise<{ productId: string; name: string; quantity: number }[]> {
    const latestName = sql<string>`(array_agg(${orderItems.name} order by ${orders.createdAt} desc))[1]`;
    return tx
      .select({
        productId: orderItems.productId,
        name: latestName,
        quantity: sql<number>`sum(${orderItems.quantity})::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(ne(orders.status, 'Cancelled'), gte(orders.createdAt, since)))
      .groupBy(orderItems.productId)
      .orderBy(sql`sum(${orderItems.quantity}) desc`, latestName, asc(orderItems.productId))
      .limit(limit);
  }

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

  /**
   * Marks the unpaid order of a Checkout Session paid; returns it, or undefined when there is no such order or it
   * is paid already (a repeated event). An order cancelled meanwhile (by its customer, the seller, or the
   * customer deleting their account) is marked refund due by the same statement.
   */
  async markPaidBySession(
    sessionId: string,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<Pick<OrderRow, 'id' | 'userId' | 'status'> | undefined> {
    const [row] = await tx
      .update(orders)
      .set({
        isPaid: true,
        refundDue: sql`case when ${orders.status} = 'Cancelled' then ${orders.amount} else 0 end`,
        refundDueAt: sql`case when ${orders.status} = 'Cancelled' then ${now.toISOString()}::timestamptz end`,
        updatedAt: now,
      })
      .where(and(eq(orders.stripeSessionId, sessionId), eq(orders.isPaid, false)))
      .returning({ id: orders.id, userId: orders.userId, status: orders.status });
    return row;
  }

  /** Whether an order was started with this Checkout Session. */
  async hasSession(sessionId: string, tx: DbExecutor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.stripeSessionId, sessionId))
      .limit(1);
    return row !== undefined;
  }

  /** Cancels the still-unpaid Pending order of an expired Checkout Session; answers it when one was cancelled. */
  async cancelUnpaidBySession(
    sessionId: string,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<OrderBooking | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'Cancelled', updatedAt: now })
      .where(
        and(eq(orders.stripeSessionId, sessionId), eq(orders.status, 'Pending'), eq(orders.isPaid, false)),
      )
      .returning(BOOKING);
    return row;
  }

  /**
   * The customer's card orders that are Pending and unpaid, with the Checkout Session each could still be paid
   * through.
   */
  async unpaidCardSessions(
    userId: string,
    tx: DbExecutor = this.db,
  ): Promise<{ id: string; stripeSessionId: string }[]> {
    const rows = await tx
      .select({ id: orders.id, stripeSessionId: orders.stripeSessionId })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, 'Pending'),
          eq(orders.paymentType, 'Online'),
          eq(orders.isPaid, false),
          isNotNull(orders.stripeSessionId),
        ),
      );
    return rows.flatMap((row) =>
      row.stripeSessionId ? [{ id: row.id, stripeSessionId: row.stripeSessionId }] : [],
    );
  }

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
  async forDelivery(date: string, time?: string): Promise<OrderWithItems[]> {
    const where = and(
      eq(orders.deliveryDate, date),
      time === undefined ? undefined : eq(orders.deliveryTime, time),
      ne(orders.status, 'Cancelled'),
    );
    const rows = await this.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(asc(orders.createdAt), asc(orders.id));
    const ids = rows.map((row) => row.id);
    return this.withItems(rows, ids.length ? inArray(orderItems.orderId, ids) : undefined);
  }

  /** The earliest delivery date on or after `from` (YYYY-MM-DD) with a non-cancelled order, or undefined. */
  async firstDeliveryDateFrom(from: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ date: min(orders.deliveryDate) })
      .from(orders)
      .where(and(gte(orders.deliveryDate, from), ne(orders.status, 'Cancelled')));
    return row?.date ?? undefined;
  }

  /**
   * The pick list of a delivery date: each live product's units across the date's non-cancelled orders (a picked
   * line counts what was found, a substitute counts as its own product), by category then name.
   */
  async pickList(
    date: string,
  ): Promise<{ product: string; name: string; quantity: number; orders: number }[]> {
    const result = await this.db.execute(sql`
      with wanted as (
        select i.product_id, i.order_id, coalesce(i.picked, i.quantity) as units
          from ${orderItems} i join ${orders} o on o.id = i.order_id
         where o.delivery_date = ${date}::date and o.status <> 'Cancelled' and not i.refused
        union all
        select i.substitute_product_id, i.order_id, i.substitute_quantity
          from ${orderItems} i join ${orders} o on o.id = i.order_id
         where o.delivery_date = ${date}::date and o.status <> 'Cancelled' and not i.refused
           and i.substitute_product_id is not null
      )
      select p.id as product, p.name, sum(w.units)::int as quantity, count(distinct w.order_id)::int as orders
        from wanted w join products p on p.id = w.product_id
       where p.deleted_at is null
       group by p.id, p.name, p.category
      having sum(w.units) > 0
       order by p.category, p.name, p.id`);
    return rowsOf<{ product: string; name: string; quantity: number; orders: number }>(result);
  }

  /** Attaches the lines selected by `filter` (all lines when absent) to their orders. */
  private async withItems(rows: OrderRow[], filter?: SQL): Promise<OrderWithItems[]> {
    if (!rows.length) return [];
    const items = await this.db
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
}
