import { ApiProperty } from '@nestjs/swagger';
import { MAX_SLOT_CAPACITY, MIN_SLOT_CAPACITY } from '@larder/shared-domain';

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
