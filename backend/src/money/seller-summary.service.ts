import { Injectable } from '@nestjs/common';
import { addCalendarDays, londonInstant, londonParts, penceToPounds } from '@larder/shared-domain';
import { CatalogService } from '../catalog/catalog.service';
import { Clock } from '../common/clock';
import type { SellerSummaryResponse } from './dto/seller-summary.response';
import { SellerFiguresRepository } from './seller-figures.repository';

/** London calendar dates shown day by day on the seller's dashboard. */
export const SUMMARY_DAYS = 14;
/** Dates counted for the best sellers, today included. */
export const TOP_PRODUCTS_DAYS = 30;
export const TOP_PRODUCTS_LIMIT = 5;

/** The instant at which a London calendar date (YYYY-MM-DD) begins. */
function startOfLondonDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return londonInstant(year, month, day);
}

/** The seller's figures: sales by London date, pending orders, low stock and best sellers. */
@Injectable()
export class SellerSummaryService {
  constructor(
    private readonly repository: SellerFiguresRepository,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
  ) {}

  async getSummary(): Promise<Omit<SellerSummaryResponse, 'success'>> {
    const today = londonParts(this.clock.now());
    const dateOf = (daysAgo: number) => addCalendarDays(today.year, today.month, today.day, -daysAgo);
    const lastDate = dateOf(0);
    const firstDate = dateOf(SUMMARY_DAYS - 1);
    const end = startOfLondonDate(addCalendarDays(today.year, today.month, today.day, 1));

    const days = await this.repository.dailySales(firstDate, lastDate, startOfLondonDate(firstDate), end);
    const pending = await this.repository.countWithStatus('Pending');
    const top = await this.repository.topProducts(
      startOfLondonDate(dateOf(TOP_PRODUCTS_DAYS - 1)),
      TOP_PRODUCTS_LIMIT,
    );
    const lowStock = await this.catalog.listLowStock();

    const total = (list: typeof days) => ({
      orders: list.reduce((n, d) => n + d.orders, 0),
      revenue: penceToPounds(list.reduce((n, d) => n + d.revenue, 0)),
    });
    return {
      today: total(days.slice(-1)),
      last7Days: total(days.slice(-7)),
      pending,
      lowStock: lowStock.map((p) => ({ _id: p.id, name: p.name, stock: p.stock })),
      daily: days.map((d) => ({ date: d.date, orders: d.orders, revenue: penceToPounds(d.revenue) })),
      topProducts: top.map((p) => ({ _id: p.productId, name: p.name, quantity: p.quantity })),
    };
  }
}
