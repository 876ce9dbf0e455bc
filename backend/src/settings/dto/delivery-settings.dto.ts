import { MAX_SLOT_CAPACITY, MESSAGES, MIN_SLOT_CAPACITY } from '@larder/shared-domain';
import { IntField } from '../../common/api-field';

export class UpdateDeliverySettingsDto {
  @IntField({
    description: 'Orders one delivery slot of one date takes',
    min: MIN_SLOT_CAPACITY,
    max: MAX_SLOT_CAPACITY,
    example: 20,
    message: MESSAGES.invalidSlotCapacity,
  })
  slotCapacity: number;
}
