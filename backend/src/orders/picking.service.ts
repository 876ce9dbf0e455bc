import { Injectable } from '@nestjs/common';
import { DELIVERY_SLOTS, MESSAGES, parseIsoDate, runSheetCsv, runSheetStops } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import type { PickingResponse } from './dto/order.response';
import { toSellerOrderView } from './order-views';
import { OrdersRepository } from './orders.repository';

/** The seller's day: the pick list and orders per slot of a delivery date, and each slot's run sheet. */
@Injectable()
export class PickingService {
  constructor(private readonly repository: OrdersRepository) {}

  async pickingDay(date: string): Promise<Omit<PickingResponse, 'success'>> {
    checkDate(date);
    const [products, orders] = await Promise.all([
      this.repository.pickList(date),
      this.repository.forDelivery(date),
    ]);
    return {
      date,
      products,
      slots: DELIVERY_SLOTS.map((time) => ({
        time,
        orders: orders.filter((order) => order.deliveryTime === time).map(toSellerOrderView),
      })),
    };
  }

  /** A slot's run sheet as CSV, by postcode: what the driver needs at each door (shared-domain's run sheet). */
  async runSheet(date: string, time: string): Promise<string> {
    checkDate(date);
    const orders = await this.repository.forDelivery(date, time);
    return runSheetCsv(runSheetStops(orders.map(toSellerOrderView)));
  }
}

function checkDate(date: string): void {
  if (!parseIsoDate(date)) throw new InvalidError(MESSAGES.pickingDateInvalid);
}
