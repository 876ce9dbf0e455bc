import { Injectable } from '@nestjs/common';
import { poundsToPence, type ShippingSettings } from '@larder/shared-domain';
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
}
