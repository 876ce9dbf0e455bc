import { ApiProperty } from '@nestjs/swagger';

export class ShippingSettingsResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({ description: 'Shipping fee in pounds', example: 3.99 })
  shippingCharge: number;

  @ApiProperty({ description: 'Order value in pounds at or above which shipping is free', example: 40 })
  shippingThreshold: number;

  @ApiProperty({
    type: 'integer',
    description:
      'How many of one product one order may hold, unless the product has a maxPerOrder of its own (which wins)',
    example: 20,
  })
  maxPerProduct: number;
}
