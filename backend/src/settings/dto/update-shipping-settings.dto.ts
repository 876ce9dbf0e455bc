import { MoneyField } from '../../common/api-field';

export class UpdateShippingSettingsDto {
  @MoneyField({ description: 'Shipping fee in pounds', example: 3.99, max: 1000 })
  shippingCharge: number;

  @MoneyField({
    description: 'Order value in pounds at or above which shipping is free',
    example: 40,
    max: 100_000,
  })
  shippingThreshold: number;
}
