import { ApiProperty } from '@nestjs/swagger';
import { MAX_MAX_OPEN_ORDERS, MIN_MAX_OPEN_ORDERS } from '@larder/shared-domain';

export class OrderSettingsResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({
    type: 'integer',
    minimum: MIN_MAX_OPEN_ORDERS,
    maximum: MAX_MAX_OPEN_ORDERS,
    description:
      "How many of a customer's orders may wait for delivery (Pending) at once; placing another is refused",
    example: 3,
  })
  maxOpenOrders: number;
}
