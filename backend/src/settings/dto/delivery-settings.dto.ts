import { ApiProperty } from '@nestjs/swagger';
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

export class DeliverySettingsResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({
    type: 'integer',
    minimum: MIN_SLOT_CAPACITY,
    maximum: MAX_SLOT_CAPACITY,
    description: 'Orders one delivery slot of one date takes',
    example: 20,
  })
  slotCapacity: number;
}
