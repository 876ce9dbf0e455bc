import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@larder/shared-domain';
import { DB, Database, DbExecutor } from '../db/database.module';
import { cashUps, deliveryOutcomes, documentNumbers, orderItems, orders, refunds } from '../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type CashUpRow = typeof cashUps.$inferSelect;

/** The rows of a raw query, from either driver (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The delivered orders of a range of London days (`d`) and their goods per VAT rate (`settled`), made to add up to
 * each order's own goods and VAT (shared-domain's vatRateTotals, in SQL: the lines as supplied at their stored
 * prices, the difference from the order's figures given to the rate with the most goods).
 */
function settledRates(from: string, to: string): SQL {
  return sql`
      with d as (
        select o.id, to_char((o.delivered_at at time zone ${SHOP_TIME_ZONE})::date, 'YYYY-MM-DD') as day,
               o.goods, o.total_vat, o.shipping_charge, o.amount,
               coalesce(o.collected_cash, 0) as cash, coalesce(o.collected_card, 0) as card, o.delivered_at
          from ${orders} o
         where o.delivered_at >= (${from}::date::timestamp at time zone ${SHOP_TIME_ZONE})
           and o.delivered_at < ((${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})
           and o.status = 'Completed'
      ),
      lines as (
        select i.order_id, i.vat_basis_points as rate, i.price * coalesce(i.picked, i.quantity) as net,
               ((i.price * (10000 + i.vat_basis_points) + 5000) / 10000) * coalesce(i.picked, i.quantity) as gross
          from ${orderItems} i join d on d.id = i.order_id
         where not i.refused
        union all
        select i.order_id, coalesce(i.substitute_vat_basis_points, 0), i.substitute_price * i.substitute_quantity,
               ((i.substitute_price * (10000 + coalesce(i.substitute_vat_basis_points, 0)) + 5000) / 10000)
                 * i.substitute_quantity
          from ${orderItems} i join d on d.id = i.order_id
         where not i.refused and i.substitute_quantity is not null and i.substitute_price is not null
      ),
      per_rate as (
        select order_id, rate, sum(net)::int as net, sum(gross - net)::int as vat from lines group by order_id, rate
      ),
      ranked as (
        select p.*, row_number() over (partition by p.order_id order by p.net + p.vat desc, p.rate desc) as rank,
               sum(p.net) over (partition by p.order_id) as all_net,
               sum(p.vat) over (partition by p.order_id) as all_vat
          from per_rate p
      ),
      settled as (
        select r.order_id, r.rate,
               r.net + case when r.rank = 1 then d.goods - r.all_net else 0 end as net,
               r.vat + case when r.rank = 1 then d.total_vat - r.all_vat else 0 end as vat
          from ranked r join d on d.id = r.order_id
      )`;
}

/** One London day's delivered orders summed (pence), with their goods per VAT rate. */
export interface TakingsDayRow {
  day: string;
  orders: number;
  shipping: number;
  amount: number;
  cash: number;
  card: number;
  rates: { rate: number; net: number; vat: number }[];
}

/**
 * One run's entries in the order they were written: the sign-off, then each correction after the entry it
 * corrects (the chain, rather than the time, which two entries may share).
 */
function inEntryOrder(entries: CashUpRow[]): CashUpRow[] {
  const ordered: CashUpRow[] = [];
  let next = entries.find((entry) => entry.corrects === null);
  while (next) {
    ordered.push(next);
    const id: string = next.id;
    next = entries.find((entry) => entry.corrects === id);
  }
  return ordered;
}

/** One delivered order's figures for the takings: pence, and its goods per VAT rate (basis points). */
export interface TakingsOrderRow {
  id: string;
  day: string;
  goods: number;
  vat: number;
  shipping: number;
  amount: number;
  cash: number;
  card: number;
  refunded: number;
  rates: { rate: number; net: number; vat: number }[];
}

/** A run's delivered orders (a date's slot): how many, and what was due and collected (pence). */
export interface RunFigures {
  time: string;
  delivered: number;
  failed: number;
  due: number;
  cash: number;
  card: number;
  drivers: { id: string; name: string }[];
}

/**
 * The money side of orders: refunds and their credit notes, invoice numbers, the takings of delivered orders
 * and each run's cash-up. Queries of the orders' own tables, so they live with the orders.
 */
@Injectable()
export class MoneyRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * The next number of an unbroken sequence ('invoice', 'credit_note'): the counter's row is incremented in the
   * caller's transaction, so concurrent callers wait for each other and a rollback gives the number back.
   */
  async nextNumber(kind: 'invoice' | 'credit_note', tx: DbExecutor): Promise<number> {
    const [row] = await tx
      .insert(documentNumbers)
      .values({ kind, last: 1 })
      .onConflictDoUpdate({ target: documentNumbers.kind, set: { last: sql`${documentNumbers.last} + 1` } })
      .returning({ last: documentNumbers.last });
    return row.last;
  }

  async setInvoiceNumber(orderId: string, invoiceNumber: number, tx: DbExecutor): Promise<void> {
    await tx.update(orders).set({ invoiceNumber }).where(eq(orders.id, orderId));
  }

  refundsOf(orderId: string, tx: DbExecutor = this.db): Promise<RefundRow[]> {
    return tx
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.createdAt), asc(refunds.creditNote));
  }

  async insertRefund(refund: typeof refunds.$inferInsert, tx: DbExecutor): Promise<RefundRow> {
    const [row] = await tx.insert(refunds).values(refund).returning();
    return row;
  }

  /**
   * Every order delivered (its time of supply, London) from `from` to `to` (YYYY-MM-DD, inclusive), with its
   * goods per VAT rate (settledRates) and what was refunded on it. One query; the orders_delivered_idx index
   * bounds the scan.
   */
  async deliveredOrders(from: string, to: string): Promise<TakingsOrderRow[]> {
    const result = await this.db.execute(sql`
      ${settledRates(from, to)},
      refunded as (
        select f.order_id, sum(f.amount)::int as refunded
          from ${refunds} f join d on d.id = f.order_id group by f.order_id
      )
      select d.id, d.day, d.goods, d.total_vat as vat, d.shipping_charge as shipping, d.amount, d.cash, d.card,
             coalesce(refunded.refunded, 0) as refunded, coalesce(r.rates, '[]'::json) as rates
        from d
        left join refunded on refunded.order_id = d.id
        left join (
          select order_id, json_agg(json_build_object('rate', rate, 'net', net, 'vat', vat) order by rate) as rates
            from settled group by order_id
        ) r on r.order_id = d.id
       order by d.delivered_at, d.id`);
    return rowsOf<TakingsOrderRow & { rates: unknown }>(result).map((row) => ({
      ...row,
      rates: (typeof row.rates === 'string' ? JSON.parse(row.rates) : row.rates) as TakingsOrderRow['rates'],
    }));
  }

  /**
   * The same figures summed in the database per London day of supply (and per VAT rate), so a year of orders
   * answers without sending every order to the application.
   */
  async takingsByDay(from: string, to: string): Promise<TakingsDayRow[]> {
    const result = await this.db.execute(sql`
      ${settledRates(from, to)},
      days as (
        select day, count(*)::int as orders, sum(shipping_charge)::int as shipping, sum(amount)::int as amount,
               sum(cash)::int as cash, sum(card)::int as card
          from d group by day
      ),
      day_rates as (
        select d.day, s.rate, sum(s.net)::int as net, sum(s.vat)::int as vat
          from settled s join d on d.id = s.order_id group by d.day, s.rate
      )
      select days.*, coalesce(r.rates, '[]'::json) as rates
        from days
        left join (
          select day, json_agg(json_build_object('rate', rate, 'net', net, 'vat', vat) order by rate) as rates
            from day_rates group by day
        ) r on r.day = days.day
       order by days.day`);
    return rowsOf<TakingsDayRow & { rates: unknown }>(result).map((row) => ({
      ...row,
      rates: (typeof row.rates === 'string' ? JSON.parse(row.rates) : row.rates) as TakingsDayRow['rates'],
    }));
  }

  /** Refunds given from `from` to `to` (London dates, inclusive): pence per London day. */
  async refundsByDay(from: string, to: string): Promise<{ day: string; amount: number }[]> {
    const result = await this.db.execute(sql`
      select to_char((created_at at time zone ${SHOP_TIME_ZONE})::date, 'YYYY-MM-DD') as day,
             sum(amount)::int as amount
        from ${refunds}
       where created_at >= (${from}::date::timestamp at time zone ${SHOP_TIME_ZONE})
         and created_at < ((${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})
       group by 1 order by 1`);
    return rowsOf<{ day: string; amount: number }>(result);
  }

  /**
   * A delivery date's runs (slots): their delivered orders (what a cash-on-delivery order was due, a card order
   * nothing; what the drivers recorded as collected), the failed deliveries recorded on them, and the members
   * who recorded their outcomes.
   */
  async runs(date: string, tx: DbExecutor = this.db): Promise<RunFigures[]> {
    const result = await tx.execute(sql`
      with delivered as (
        select o.delivery_time as time, count(*)::int as delivered,
               sum(case when o.payment_type = 'COD' then o.amount else 0 end)::int as due,
               sum(coalesce(o.collected_cash, 0))::int as cash, sum(coalesce(o.collected_card, 0))::int as card
          from ${orders} o
         where o.delivery_date = ${date}::date and o.status = 'Completed'
         group by o.delivery_time
      ),
      outcomes as (
        select delivery_time as time,
               count(*) filter (where outcome = 'failed_delivery')::int as failed,
               coalesce(json_agg(distinct jsonb_build_object('id', staff_id, 'name', staff_name))
                 filter (where staff_id is not null), '[]'::json) as drivers
          from ${deliveryOutcomes}
         where delivery_date = ${date}::date
         group by delivery_time
      )
      select coalesce(delivered.time, outcomes.time) as time,
             coalesce(delivered.delivered, 0) as delivered, coalesce(outcomes.failed, 0) as failed,
             coalesce(delivered.due, 0) as due, coalesce(delivered.cash, 0) as cash,
             coalesce(delivered.card, 0) as card, coalesce(outcomes.drivers, '[]'::json) as drivers
        from delivered full join outcomes on outcomes.time = delivered.time
       order by 1`);
    return rowsOf<RunFigures & { drivers: unknown }>(result).map((row) => ({
      ...row,
      drivers: (typeof row.drivers === 'string'
        ? JSON.parse(row.drivers)
        : row.drivers) as RunFigures['drivers'],
    }));
  }

  /** A date's cash-up entries, each run's in the order they were written (sign-off, then its corrections). */
  async cashUpsOf(date: string, tx: DbExecutor = this.db): Promise<CashUpRow[]> {
    const rows = await tx.select().from(cashUps).where(eq(cashUps.deliveryDate, date));
    const runs = [...new Set(rows.map((row) => row.deliveryTime))];
    return runs.flatMap((time) => inEntryOrder(rows.filter((row) => row.deliveryTime === time)));
  }

  /** Serialises cash-ups of one run: a transaction-scoped advisory lock on the run. */
  async lockRun(date: string, time: string, tx: DbExecutor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cash-up ${date} ${time}`}))`);
  }

  /** The run's latest entry (the sign-off, or the correction no later one corrects), or undefined. */
  async latestCashUp(date: string, time: string, tx: DbExecutor): Promise<CashUpRow | undefined> {
    return inEntryOrder(
      await tx
        .select()
        .from(cashUps)
        .where(and(eq(cashUps.deliveryDate, date), eq(cashUps.deliveryTime, time))),
    ).at(-1);
  }

  async insertCashUp(entry: typeof cashUps.$inferInsert, tx: DbExecutor): Promise<CashUpRow> {
    const [row] = await tx.insert(cashUps).values(entry).returning();
    return row;
  }
}
