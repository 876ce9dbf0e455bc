import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_SLOTS } from '@larder/shared-domain';

export class DeliverySlotAvailabilityDto {
  @ApiProperty({ enum: [...DELIVERY_SLOTS], enumName: 'DeliverySlotTime', example: DELIVERY_SLOTS[0] })
  time: string;

  @ApiProperty({ type: 'integer', description: 'Orders the slot takes', example: 20 })
  capacity: number;

  @ApiProperty({ type: 'integer', description: 'Orders already booked into it', example: 17 })
  booked: number;

  @ApiProperty({ type: 'integer', description: 'Places left (0 when full)', example: 3 })
  available: number;

  @ApiProperty({
    description:
      "Whether the slot lies within the premises licence's hours for alcohol (London time); checkout refuses 18+ products for a slot that does not",
    example: true,
  })
  alcohol: boolean;
}

export class DeliverySlotsResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({
    format: 'date',
    description: 'The one selectable delivery date (London)',
    example: '2026-11-24',
  })
  date: string;

  @ApiProperty({ type: [DeliverySlotAvailabilityDto], description: 'The three slots of that date, in order' })
  slots: DeliverySlotAvailabilityDto[];
}
