import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_SLOTS } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { ProductDto } from '../../catalog/dto/product.response';

/** The customer's favourite products, newest first. */
export class FavouritesResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({
    type: [ProductDto],
    description: 'Favourite products in the order they were added, newest first',
  })
  products: ProductDto[];
}

export class UsualView {
  @ResponseField({ type: ProductDto })
  product: ProductDto;

  @ResponseField({
    type: 'integer',
    description: "How many of the customer's delivered and pending orders hold the product",
    example: 3,
  })
  timesBought: number;

  @ResponseField({
    type: String,
    format: 'date-time',
    description: 'When the latest of those orders was placed',
  })
  lastBought: string;
}

export class UsualsResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({
    type: [UsualView],
    description: 'At most 40, ranked by how often and how recently they were bought (see the README)',
  })
  products: UsualView[];
}

export class StandingOrderLineView {
  @ResponseField({ format: 'uuid', description: 'Product id' })
  product: string;

  @ResponseField({ type: 'integer', example: 2 })
  quantity: number;

  @ResponseField()
  allowSubstitutes: boolean;

  @ResponseField({ description: 'The product as it is now', type: ProductDto })
  item: ProductDto;
}

export class StandingOrderView {
  @ResponseField({ format: 'uuid' })
  _id: string;

  @ResponseField({ type: StandingOrderLineView, isArray: true })
  items: StandingOrderLineView[];

  @ResponseField({ format: 'uuid', description: "The customer's saved address it is delivered to" })
  address: string;

  @ResponseField({
    description: 'The address in one line',
    example: '12 Harbour Way, Bristol, Avon, BS1 4DJ',
  })
  deliveryAddress: string;

  @ResponseField({ enum: [...DELIVERY_SLOTS], enumName: 'DeliverySlotTime' })
  time: string;

  @ResponseField({ type: 'integer', minimum: 1, maximum: 7, description: 'London weekday, Monday = 1' })
  weekday: number;

  @ResponseField({ type: 'integer', minimum: 1, maximum: 2, description: 'Every 1 or 2 weeks' })
  every: number;

  @ResponseField({ description: 'False while paused' })
  active: boolean;

  @ResponseField({
    type: String,
    nullable: true,
    description: 'YYYY-MM-DD of the next delivery (null while paused)',
    example: '2026-12-01',
  })
  nextDelivery: string | null;

  @ResponseField({ description: 'The next delivery is skipped' })
  skipping: boolean;

  @ResponseField()
  ageConfirmed: boolean;
}

export class StandingOrderResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({ type: StandingOrderView })
  standingOrder: StandingOrderView;
}

export class StandingOrdersResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ type: [StandingOrderView] })
  standingOrders: StandingOrderView[];
}
