import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, SQL, sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@larder/shared-domain';
import { DB, Database, DbExecutor } from '../db/database.module';
import {
  cashUps,
  deliveryOutcomes,
  documentNumbers,
  orders,
  refunds,
  takingsOrders,
  takingsRates,
} from '../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type CashUpRow = typeof cashUps.$inferSelect;

/** The rows of a raw query, from either driver (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A json column as an array, from either driver (PGlite may answer json as text). */
function jsonArray<T>(value: unknown): T[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/** One London day's delivered orders summed (pence), with their goods per VAT rate. */
export interface TakingsDayRow {
  day: string;
  orders: number;
  shipping: number;
  amount: number;
  cash: number;
  card: number;
  savings: number;
  /** Refunded on these orders so far (counted against the day of the supply they refund). */
  refunds: number;
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
  savings: number;
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
  /** The outcomes recorded on the run (delivered and failed), and when each was, oldest first. */
  outcomes: number;
  outcomesAt: Date[];
}

/**
 * What an order kept in cash, in SQL over the orders row `o` (shared-domain's keptOf): what was handed over less
 * the change; a cash-on-delivery order completed with nothing recorded kept its total.
 */
function keptCash(o: SQL): SQL {
  return sql`case when ${o}.payment_type = 'COD' and ${o}.collected_cash is null and ${o}.collected_card is null
    then ${o}.amount else coalesce(${o}.collected_cash, 0) - coalesce(${o}.cash_change, 0) end`;
}

/** What an order kept by card: at the door, and what a card payment captured online. */
function keptCard(o: SQL): SQL {
  return sql`coalesce(${o}.collected_card, 0) + coalesce(${o}.card_captured, 0)`;
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

  /** A refund, and what was refunded on the order in its takings row (when delivered), in the caller's transaction. */
  async insertRefund(refund: typeof refunds.$inferInsert, tx: DbExecutor): Promise<RefundRow> {
    const [row] = await tx.insert(refunds).values(refund).returning();
    await tx
      .update(takingsOrders)
      .set({ refunded: sql`${takingsOrders.refunded} + ${row.amount}` })
      .where(eq(takingsOrders.orderId, row.orderId));
    return row;
  }

  /**
   * Writes a delivered order's takings: its figures and London day of supply from the order's row, and its goods
   * per VAT rate as given (the receipt's split, worked out by the caller from the order's priced lines), in the
   * transaction that records the delivery, after its lines and totals are final (refusals at the door re-priced).
   * One statement; an order whose takings are written already, or that is not Completed with a time of supply,
   * writes nothing. (Orders delivered before the split was made from the priced lines keep the split migration
   * 0028_takings_split gave them: the lines at their own prices, any deal's saving given to the rate with the
   * most goods.)
   */
  async recordDelivered(
    orderId: string,
    rates: readonly { vatBasisPoints: number; net: number; vat: number }[],
    tx: DbExecutor,
  ): Promise<void> {
    const kept = sql`
      insert into ${takingsOrders} (order_id, day, delivered_at, goods, vat, shipping, amount, cash, card, savings,
                                    refunded)
      select o.id, (o.delivered_at at time zone ${SHOP_TIME_ZONE})::date, o.delivered_at, o.goods, o.total_vat,
             o.shipping_charge, o.amount, ${keptCash(sql`o`)}, ${keptCard(sql`o`)}, o.savings,
             coalesce((select sum(f.amount) from ${refunds} f where f.order_id = o.id), 0)
        from ${orders} o
       where o.id = ${orderId} and o.status = 'Completed' and o.delivered_at is not null
      on conflict (order_id) do nothing`;
    if (!rates.length) {
      await tx.execute(kept);
      return;
    }
    const values = sql.join(
      rates.map((r) => sql`(${r.vatBasisPoints}::int, ${r.net}::int, ${r.vat}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      with d as (${kept} returning order_id, day)
      insert into ${takingsRates} (order_id, rate, day, net, vat)
      select d.order_id, r.rate, d.day, r.net, r.vat from d, (values ${values}) as r (rate, net, vat)`);
  }

  /**
   * Every order delivered (its London day of supply) from `from` to `to` (YYYY-MM-DD, inclusive), in the order
   * they were handed over, from their takings rows (takings_orders_day_idx bounds the scan).
   */
  async deliveredOrders(from: string, to: string): Promise<TakingsOrderRow[]> {
    const result = await this.db.execute(sql`
      select t.order_id as id, to_char(t.day, 'YYYY-MM-DD') as day, t.goods, t.vat, t.shipping, t.amount, t.cash,
             t.card, t.savings, t.refunded,
             coalesce((select json_agg(json_build_object('rate', r.rate, 'net', r.net, 'vat', r.vat) order by r.rate)
                         from ${takingsRates} r where r.order_id = t.order_id), '[]'::json) as rates
        from ${takingsOrders} t
       where t.day between ${from}::date and ${to}::date
       order by t.day, t.delivered_at, t.order_id`);
    return rowsOf<TakingsOrderRow & { rates: unknown }>(result).map((row) => ({
      ...row,
      rates: jsonArray<TakingsOrderRow['rates'][number]>(row.rates),
    }));
  }

  /**
   * The delivered orders' figures summed in the database per London day of supply, and their goods per day and
   * VAT rate: narrow rows read by their day's index, so a year of orders answers in one short statement.
   */
  async takingsByDay(from: string, to: string): Promise<TakingsDayRow[]> {
    const result = await this.db.execute(sql`
      with days as (
        select day, count(*)::int as orders, sum(shipping)::int as shipping, sum(amount)::int as amount,
               sum(cash)::int as cash, sum(card)::int as card, sum(savings)::int as savings,
               sum(refunded)::int as refunds
          from ${takingsOrders}
         where day between ${from}::date and ${to}::date
         group by day
      ),
      day_rates as (
        select day, rate, sum(net)::int as net, sum(vat)::int as vat
          from ${takingsRates}
         where day between ${from}::date and ${to}::date
         group by day, rate
      ),
      rates as (
        select day, json_agg(json_build_object('rate', rate, 'net', net, 'vat', vat) order by rate) as rates
          from day_rates group by day
      )
      select to_char(days.day, 'YYYY-MM-DD') as day, days.orders, days.shipping, days.amount, days.cash,
             days.card, days.savings, days.refunds, coalesce(rates.rates, '[]'::json) as rates
        from days left join rates on rates.day = days.day
       order by days.day`);
    return rowsOf<TakingsDayRow & { rates: unknown }>(result).map((row) => ({
      ...row,
      rates: jsonArray<TakingsDayRow['rates'][number]>(row.rates),
    }));
  }

  /**
   * A delivery date's runs (slots): their delivered orders (what a cash-on-delivery order was due, a card order
   * nothing; the cash they kept: handed over less change; the card taken at the door), the outcomes recorded on
   * them (the failed deliveries among them), and the members who recorded them.
   */
  async runs(date: string, tx: DbExecutor = this.db): Promise<RunFigures[]> {
    const result = await tx.execute(sql`
      with delivered as (
        select o.delivery_time as time, count(*)::int as delivered,
               sum(case when o.payment_type = 'COD' then o.amount else 0 end)::int as due,
               sum(${keptCash(sql`o`)})::int as cash, sum(coalesce(o.collected_card, 0))::int as card
          from ${orders} o
         where o.delivery_date = ${date}::date and o.status = 'Completed'
         group by o.delivery_time
      ),
      outcomes as (
        select delivery_time as time,
               count(*)::int as outcomes,
               json_agg(created_at order by created_at, id) as "outcomesAt",
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
             coalesce(delivered.card, 0) as card, coalesce(outcomes.drivers, '[]'::json) as drivers,
             coalesce(outcomes.outcomes, 0) as outcomes, coalesce(outcomes."outcomesAt", '[]'::json) as "outcomesAt"
        from delivered full join outcomes on outcomes.time = delivered.time
       order by 1`);
    return rowsOf<RunFigures & { drivers: unknown; outcomesAt: unknown }>(result).map((row) => ({
      ...row,
      drivers: jsonArray<RunFigures['drivers'][number]>(row.drivers),
      outcomesAt: jsonArray<string>(row.outcomesAt).map((at) => new Date(at)),
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
