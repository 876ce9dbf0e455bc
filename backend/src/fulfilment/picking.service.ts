import { Injectable } from '@nestjs/common';
import {
  alcoholHoursMessage,
  DELIVERY_SLOTS,
  isWithinLicensedHours,
  licensedHoursAt,
  MESSAGES,
  nextPickingDate,
  parseIsoDate,
  runSheetCsv,
  runSheetStops,
} from '@larder/shared-domain';
import { Clock } from '../common/clock';
import { InvalidError } from '../common/errors';
import type { SellerOrderView } from '../orders/dto/order.response';
import type { PickingResponse } from './dto/fulfilment.response';
import { toSellerOrderView } from '../orders/order-views';
import { PickingRepository } from './picking.repository';
import { FoodLawSettingsRepository } from '../settings/settings.repository';

/** The seller's day: the pick list and orders per slot of a delivery date, and each slot's run sheet. */
@Injectable()
export class PickingService {
  constructor(
    private readonly repository: PickingRepository,
    private readonly clock: Clock,
    private readonly foodLaw: FoodLawSettingsRepository,
  ) {}

  /**
   * The pick list of `date`, or when none is given of the earliest date from nextPickingDate on that has orders:
   * a seller who opens Picking on a quiet day sees the next day with work rather than an empty list.
   */
  async pickingDay(asked?: string): Promise<Omit<PickingResponse, 'success'>> {
    let date = asked;
    if (date === undefined) {
      const from = nextPickingDate(this.clock.now());
      date = (await this.repository.firstDeliveryDateFrom(from)) ?? from;
    }
    checkDate(date);
    const [products, orders, licence] = await Promise.all([
      this.repository.pickList(date),
      this.repository.forDelivery(date),
      this.foodLaw.getLicence(),
    ]);
    const now = this.clock.now();
    return {
      date,
      alcohol: {
        allowed: isWithinLicensedHours(now, licence.hours),
        message: alcoholHoursMessage(licensedHoursAt(now, licence.hours)),
      },
      products,
      slots: DELIVERY_SLOTS.map((time) => ({
        time,
        orders: orders.filter((order) => order.deliveryTime === time).map(toSellerOrderView),
      })),
    };
  }

  /** A slot's orders in run-sheet order (by postcode), for the driver's Run page. */
  async run(date: string, time: string): Promise<SellerOrderView[]> {
    checkDate(date);
    const orders = (await this.repository.forDelivery(date, time)).map(toSellerOrderView);
    const byId = new Map(orders.map((order) => [order._id, order]));
    return runSheetStops(orders).map((stop) => byId.get(stop.id)!);
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
