import { Injectable } from '@nestjs/common';
import {
  MAX_SLOT_CAPACITY,
  MESSAGES,
  MIN_SLOT_CAPACITY,
  poundsToPence,
  type ShippingSettings,
} from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import type { DbExecutor } from '../db/database.module';
import { SettingsRepository } from './settings.repository';

@Injectable()
export class SettingsService {
  constructor(private readonly repository: SettingsRepository) {}

  /** The shipping fee and free-shipping threshold, in pence. */
  getShippingSettings(tx?: DbExecutor): Promise<ShippingSettings> {
    return this.repository.getShipping(tx);
  }

  /** Saves new shipping settings given in pounds; returns them in pence. */
  updateShippingSettings(
    shippingChargePounds: number,
    shippingThresholdPounds: number,
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
    return this.repository.saveShipping({ shippingCharge, shippingThreshold });
  }

  /** Orders one delivery slot of one date takes. */
  getSlotCapacity(tx?: DbExecutor): Promise<number> {
    return this.repository.getSlotCapacity(tx);
  }

  /** Sets the slot capacity; orders already booked beyond a lower capacity stay, new ones stop. */
  updateSlotCapacity(slotCapacity: number): Promise<number> {
    if (
      !Number.isInteger(slotCapacity) ||
      slotCapacity < MIN_SLOT_CAPACITY ||
      slotCapacity > MAX_SLOT_CAPACITY
    ) {
      throw new InvalidError(MESSAGES.invalidSlotCapacity);
    }
    return this.repository.saveSlotCapacity(slotCapacity);
  }
}
