import { Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  DELIVERY_SLOTS,
  type DeliveryCity,
  deliveryCityFor,
  MESSAGES,
  normaliseUkPostcode,
  selectableDeliveryDate,
  slotMayHoldAlcohol,
} from '@larder/shared-domain';
import { ConflictError, InvalidError } from '../common/errors';
import type { DbExecutor } from '../db/database.module';
import { SettingsService } from '../settings/settings.service';
import { FoodLawSettingsRepository } from '../settings/settings.repository';
import { Clock } from '../common/clock';
import { DeliveryRepository } from './delivery.repository';

export interface DeliverySlotAvailability {
  time: string;
  capacity: number;
  booked: number;
  available: number;
  /** Whether the slot lies within the licensed hours, so that it may hold alcohol (18+ products). */
  alcohol: boolean;
}

/** Delivery slots: what is left in each, and booking and freeing places for orders. */
@Injectable()
export class DeliveryService {
  constructor(
    private readonly repository: DeliveryRepository,
    private readonly settings: SettingsService,
    private readonly foodLaw: FoodLawSettingsRepository,
    private readonly clock: Clock,
  ) {}

  /** Whether the shop delivers to `postcode` and as which city; 400 when it is not a UK postcode. */
  async checkPostcode(
    postcode: string,
  ): Promise<{ delivers: boolean; postcode: string; city?: DeliveryCity }> {
    const normal = normaliseUkPostcode(postcode);
    if (!normal) throw new InvalidError(MESSAGES.invalidPostcode);
    const city = deliveryCityFor(normal, await this.settings.getDeliveryAreas());
    return city ? { delivers: true, postcode: normal, city } : { delivers: false, postcode: normal };
  }

  /** The one selectable delivery date (London) and its three slots, in order. */
  async listSlots(): Promise<{ date: string; slots: DeliverySlotAvailability[] }> {
    const date = selectableDeliveryDate(this.clock.now());
    const [capacity, booked, licence] = await Promise.all([
      this.settings.getSlotCapacity(),
      this.repository.bookedOn(date),
      this.foodLaw.getLicence(),
    ]);
    const slots = DELIVERY_SLOTS.map((time) => {
      const taken = booked.get(time) ?? 0;
      return {
        time,
        capacity,
        booked: taken,
        available: Math.max(0, capacity - taken),
        alcohol: slotMayHoldAlcohol(date, time, licence.hours),
      };
    });
    return { date, slots };
  }

  /**
   * Books a place for an order inside its transaction; 409 "This delivery slot is full" when none is left.
   * A capacity lowered below the places booked keeps those orders and only stops new ones.
   */
  async bookSlot(date: string, time: string, tx: DbExecutor): Promise<void> {
    if (!(await this.repository.book(date, time, tx)))
      throw new ConflictError(MESSAGES.slotFull, { code: ERROR_CODES.SLOT_FULL });
  }

  /** Frees the place of a cancelled order, inside the transaction that cancels it. */
  releaseSlot(date: string, time: string, tx: DbExecutor): Promise<void> {
    return this.repository.release(date, time, tx);
  }
}
