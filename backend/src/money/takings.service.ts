import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  csvCell,
  MESSAGES,
  orderReference,
  parseIsoDate,
  penceToPounds,
  suppliedRates,
} from '@larder/shared-domain';
import type { DbExecutor } from '../db/database.module';
import { InvalidError } from '../common/errors';
import { OrderHooks } from '../orders/order-hooks';
import { OrdersRepository } from '../orders/orders.repository';
import type { TakingsDayView, TakingsResponse } from './dto/money.dto';
import { MoneyRepository, TakingsDayRow, TakingsOrderRow } from './money.repository';
import { storedSupply } from '../orders/order-supply';

/** The longest range of days the takings answer at once. */
export const MAX_TAKINGS_DAYS = 366;

interface DayTotals {
  date: string;
  orders: number;
  rates: Map<number, { net: number; vat: number }>;
  delivery: number;
  gross: number;
  cash: number;
  card: number;
  refunds: number;
  savings: number;
}

function emptyDay(date: string): DayTotals {
  return {
    date,
    orders: 0,
    rates: new Map(),
    delivery: 0,
    gross: 0,
    cash: 0,
    card: 0,
    refunds: 0,
    savings: 0,
  };
}

/** Adds one day's figures to a total. */
function addDay(day: DayTotals, order: Omit<TakingsDayRow, 'day'>): void {
  day.orders += order.orders;
  for (const rate of order.rates) {
    const total = day.rates.get(rate.rate) ?? { net: 0, vat: 0 };
    total.net += rate.net;
    total.vat += rate.vat;
    day.rates.set(rate.rate, total);
  }
  day.delivery += order.shipping;
  day.gross += order.amount;
  day.cash += order.cash;
  day.card += order.card;
  day.savings += order.savings;
  day.refunds += order.refunds;
}

function dayView(day: DayTotals): TakingsDayView {
  return {
    date: day.date,
    orders: day.orders,
    rates: [...day.rates.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rate, t]) => ({
        rate: rate / 100,
        net: penceToPounds(t.net),
        vat: penceToPounds(t.vat),
        gross: penceToPounds(t.net + t.vat),
      })),
    delivery: penceToPounds(day.delivery),
    gross: penceToPounds(day.gross),
    cash: penceToPounds(day.cash),
    card: penceToPounds(day.card),
    refunds: penceToPounds(day.refunds),
    savings: penceToPounds(day.savings),
  };
}

/** from and to: London days, from on or before to, at most MAX_TAKINGS_DAYS apart (400 otherwise). */
function checkRange(from: string, to: string): void {
  const first = parseIsoDate(from);
  const last = parseIsoDate(to);
  const days = (d: { year: number; month: number; day: number }) =>
    Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
  if (!first || !last || days(last) < days(first) || days(last) - days(first) >= MAX_TAKINGS_DAYS)
    throw new InvalidError(MESSAGES.takingsRangeInvalid);
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/**
 * The shop's takings: delivered orders per day and VAT rate (and as CSV for a bookkeeper), kept as each order is
 * completed.
 */
@Injectable()
export class TakingsService implements OnModuleInit {
  constructor(
    private readonly money: MoneyRepository,
    private readonly orders: OrdersRepository,
    private readonly hooks: OrderHooks,
  ) {}

  /** A completed order's takings are kept in the transaction that completes it. */
  onModuleInit(): void {
    this.hooks.onCompleted((orderId, tx) => this.recordDelivery(orderId, tx));
  }

  /**
   * Keeps a delivered order's takings: called in the transaction that records its delivery, once its lines and
   * totals are final and its supply stored, so the figures the takings sum are the order's own, and its goods and
   * delivery per VAT rate those of its receipt (the stored supply: each priced line's net and VAT at its own rate,
   * the delivery charge shared between the goods' rates).
   */
  async recordDelivery(orderId: string, tx: DbExecutor): Promise<void> {
    const order = await this.orders.findWithItems(orderId, tx);
    if (!order || order.status !== 'Completed' || !order.deliveredAt) return;
    await this.money.recordDelivered(orderId, suppliedRates(storedSupply(order)), tx);
  }

  /**
   * Delivered orders from `from` to `to` (London days of supply): per day and VAT rate the net, VAT and gross of
   * their goods and delivery, the delivery charges, what the shop kept in cash and by card, and the refunds given
   * on that day's supplies; each order's rates add up to its own total, so the figures add up to the orders'
   * totals to the penny.
   */
  async takings(from: string, to: string): Promise<Omit<TakingsResponse, 'success'>> {
    checkRange(from, to);
    const delivered = await this.money.takingsByDay(from, to);
    const days = new Map<string, DayTotals>();
    const total = emptyDay(`${from}..${to}`);
    for (const row of delivered) {
      const day = emptyDay(row.day);
      addDay(day, row);
      addDay(total, row);
      days.set(row.day, day);
    }
    return {
      from,
      to,
      days: [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1)).map(dayView),
      total: dayView(total),
    };
  }

  /**
   * One row per delivered order: reference, date of supply, net and VAT per rate (a pair of columns for each rate
   * in the range), delivery, gross, cash, card, refunded and savings (what promotions took off); amounts in pounds
   * with two decimals.
   */
  async takingsCsv(from: string, to: string): Promise<string> {
    const orders = await this.ordersIn(from, to);
    const rates = [...new Set(orders.flatMap((o) => o.rates.map((r) => r.rate)))].sort((a, b) => a - b);
    const header = [
      'reference',
      'date of supply',
      ...rates.flatMap((rate) => [`net ${rate / 100}%`, `VAT ${rate / 100}%`]),
      'delivery',
      'gross',
      'cash',
      'card',
      'refunded',
      'savings',
    ];
    const rows = orders.map((order) => [
      orderReference(order.id),
      order.day,
      ...rates.flatMap((rate) => {
        const r = order.rates.find((x) => x.rate === rate);
        return [pounds(r?.net ?? 0), pounds(r?.vat ?? 0)];
      }),
      pounds(order.shipping),
      pounds(order.amount),
      pounds(order.cash),
      pounds(order.card),
      pounds(order.refunded),
      pounds(order.savings),
    ]);
    return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
  }

  private async ordersIn(from: string, to: string): Promise<TakingsOrderRow[]> {
    checkRange(from, to);
    return this.money.deliveredOrders(from, to);
  }
}
