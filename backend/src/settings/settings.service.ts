import { Inject, Injectable } from '@nestjs/common';
import {
  type DeliveryAreas,
  isValidPerOrderLimit,
  MAX_MAX_OPEN_ORDERS,
  MAX_SLOT_CAPACITY,
  MESSAGES,
  MIN_MAX_OPEN_ORDERS,
  MIN_SLOT_CAPACITY,
  normaliseDeliveryAreas,
  poundsToPence,
  type ShippingSettings,
} from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import { DATABASE_HANDLE, type DbExecutor } from '../db/database.module';
import type { DatabaseHandle } from '../db/database';
import { NotifiedCache } from '../db/notified-cache';
import type { ActivityActor } from '../activity/activity-log';
import { SETTINGS_CHANNEL, SettingsRepository } from './settings.repository';

/**
 * The shop settings. The shipping settings every page reads are kept in memory while this process hears of
 * every settings change (SETTINGS_CHANNEL, notified at commit by any replica: a NotifiedCache); a change this
 * process makes is seen at once, one made elsewhere as soon as its notification arrives.
 */
@Injectable()
export class SettingsService extends NotifiedCache {
  private shipping?: Promise<ShippingSettings>;

  constructor(
    private readonly repository: SettingsRepository,
    @Inject(DATABASE_HANDLE) database: DatabaseHandle,
  ) {
    super(database, SETTINGS_CHANNEL);
  }

  protected dropped(): void {
    this.shipping = undefined;
  }

  /**
   * The shipping fee and free-shipping threshold, in pence: from memory unless read inside a transaction
   * (checkout reads them with the order) or while changes are not reaching this process.
   */
  getShippingSettings(tx?: DbExecutor): Promise<ShippingSettings> {
    if (tx || !this.told) return this.repository.getShipping(tx);
    if (!this.shipping) {
      const generation = this.generation;
      const reading = this.repository.getShipping();
      this.shipping = reading;
      reading.then(
        () => {
          if (this.generation !== generation && this.shipping === reading) this.shipping = undefined;
        },
        () => {
          if (this.shipping === reading) this.shipping = undefined;
        },
      );
    }
    return this.shipping;
  }

  /** Saves new shipping settings given in pounds; returns them in pence. */
  async updateShippingSettings(
    shippingChargePounds: number,
    shippingThresholdPounds: number,
    actor?: ActivityActor,
  ): Promise<ShippingSettings> {
    const shippingCharge = poundsToPence(shippingChargePounds);
    const shippingThreshold = poundsToPence(shippingThresholdPounds);
    if (
      shippingCharge === undefined ||
      shippingThreshold === undefined ||
      shippingCharge < 0 ||
      shippingThreshold < 0
    ) {
      throw new InvalidError('Shipping amounts must be numbers of at least 0 with at most 2 decimals');
    }
    const saved = await this.repository.saveShipping({ shippingCharge, shippingThreshold }, actor);
    // Seen at once here; other processes hear of it from the notification.
    this.invalidate();
    return saved;
  }

  /** Orders one delivery slot of one date takes. */
  getSlotCapacity(tx?: DbExecutor): Promise<number> {
    return this.repository.getSlotCapacity(tx);
  }

  /** Sets the slot capacity; orders already booked beyond a lower capacity stay, new ones stop. */
  async updateSlotCapacity(slotCapacity: number, actor?: ActivityActor): Promise<number> {
    if (
      !Number.isInteger(slotCapacity) ||
      slotCapacity < MIN_SLOT_CAPACITY ||
      slotCapacity > MAX_SLOT_CAPACITY
    ) {
      throw new InvalidError(MESSAGES.invalidSlotCapacity);
    }
    const saved = await this.repository.saveSlotCapacity(slotCapacity, actor);
    this.invalidate();
    return saved;
  }

  /** How many open (Pending) orders one customer may hold at once; checkout reads it with the order. */
  getMaxOpenOrders(tx?: DbExecutor): Promise<number> {
    return this.repository.getMaxOpenOrders(tx);
  }

  /** The most of one product one order may hold when the product has no maxPerOrder of its own. */
  getMaxPerProduct(tx?: DbExecutor): Promise<number> {
    return this.repository.getMaxPerProduct(tx);
  }

  /**
   * Sets maxOpenOrders and, when given, maxPerProduct; customers already holding more orders keep them, and
   * orders already placed keep their quantities (only new orders and raised quantities meet the new limits).
   */
  async updateOrderLimits(
    maxOpenOrders: number,
    maxPerProduct?: number,
    actor?: ActivityActor,
  ): Promise<{ maxOpenOrders: number; maxPerProduct: number }> {
    if (
      !Number.isInteger(maxOpenOrders) ||
      maxOpenOrders < MIN_MAX_OPEN_ORDERS ||
      maxOpenOrders > MAX_MAX_OPEN_ORDERS
    ) {
      throw new InvalidError(MESSAGES.invalidMaxOpenOrders);
    }
    if (maxPerProduct !== undefined && !isValidPerOrderLimit(maxPerProduct))
      throw new InvalidError(MESSAGES.invalidMaxPerProduct);
    const saved = await this.repository.saveOrderLimits(maxOpenOrders, maxPerProduct, actor);
    this.invalidate();
    return saved;
  }

  /** The postcode areas or districts delivered to, for each city; read inside a transaction when given one. */
  getDeliveryAreas(tx?: DbExecutor): Promise<DeliveryAreas> {
    return this.repository.getDeliveryAreas(tx);
  }

  /**
   * Sets the delivery areas. Addresses saved before stay on the customer's list; checkout refuses those now
   * outside the area.
   */
  async updateDeliveryAreas(input: unknown, actor?: ActivityActor): Promise<DeliveryAreas> {
    const areas = normaliseDeliveryAreas(input);
    if (!areas) throw new InvalidError(MESSAGES.invalidDeliveryAreas);
    const saved = await this.repository.saveDeliveryAreas(areas, actor);
    this.invalidate();
    return saved;
  }
}
