import { ApiProperty } from '@nestjs/swagger';
import {
  MAX_MAX_OPEN_ORDERS,
  MAX_PER_ORDER_LIMIT,
  MIN_MAX_OPEN_ORDERS,
  MIN_PER_ORDER_LIMIT,
} from '@larder/shared-domain';

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

  @ApiProperty({
    type: 'integer',
    minimum: MIN_PER_ORDER_LIMIT,
    maximum: MAX_PER_ORDER_LIMIT,
    description:
      'How many of one product one order may hold, unless the product has a maxPerOrder of its own (which wins)',
    example: 20,
  })
  maxPerProduct: number;
}
