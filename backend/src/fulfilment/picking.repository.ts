import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gte, inArray, min, ne, sql } from 'drizzle-orm';
import { DB, Database } from '../db/database.module';
import { orderItems, orders } from '../db/schema';
import { rowsOf, withItems, type OrderWithItems } from '../orders/orders.repository';

/** The floor's reads: a delivery date's orders as placed, its pick list, and the next date with orders. */
@Injectable()
export class PickingRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

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
    return withItems(this.db, rows, ids.length ? inArray(orderItems.orderId, ids) : undefined);
  }

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
}
