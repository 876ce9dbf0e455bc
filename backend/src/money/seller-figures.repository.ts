import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE, type OrderStatus } from '@larder/shared-domain';
import { DB, Database, DbExecutor } from '../db/database.module';
import { orderItems, orders } from '../db/schema';
import { rowsOf } from '../orders/orders.repository';

/** The seller's figures (the dashboard): sales per day, orders waiting, best sellers. Reads only. */
@Injectable()
export class SellerFiguresRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

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
}
