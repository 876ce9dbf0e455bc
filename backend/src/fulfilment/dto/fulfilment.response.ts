import { DELIVERY_SLOTS } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { SellerOrderView } from '../../orders/dto/order.response';

export class FulfilmentResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ example: 'Fulfilment updated' })
  message!: string;

  @ResponseField({ type: () => SellerOrderView })
  order!: SellerOrderView;
}

export class PickListLineView {
  @ResponseField({ format: 'uuid' })
  product!: string;

  @ResponseField()
  name!: string;

  @ResponseField({ type: 'integer', description: "Units across the day's orders", example: 4 })
  quantity!: number;

  @ResponseField({ type: 'integer', description: 'How many orders have the product', example: 2 })
  orders!: number;
}

export class PickingSlotView {
  @ResponseField({ example: DELIVERY_SLOTS[0] })
  time!: string;

  @ResponseField({ type: () => SellerOrderView, isArray: true })
  orders!: SellerOrderView[];
}

export class AlcoholPickingView {
  @ResponseField({
    description: "Whether 18+ products may be picked now (within the premises licence's hours, London)",
  })
  allowed!: boolean;

  @ResponseField({
    description: "Today's hours for picking alcohol, as the 409 says them",
    example: "Alcohol can be picked between 08:00 and 23:00 under the shop's licence.",
  })
  message!: string;
}

export class PickingResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ description: 'YYYY-MM-DD', example: '2026-11-24' })
  date!: string;

  @ResponseField({
    type: () => PickListLineView,
    isArray: true,
    description: "Every product's total across the day's non-cancelled orders, by category then name",
  })
  products!: PickListLineView[];

  @ResponseField({ type: () => PickingSlotView, isArray: true })
  slots!: PickingSlotView[];

  @ResponseField({
    type: () => AlcoholPickingView,
    description: 'Whether alcohol may be picked now, and when it may',
  })
  alcohol!: AlcoholPickingView;
}

export class RunResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ description: 'YYYY-MM-DD', example: '2026-11-24' })
  date!: string;

  @ResponseField({ example: DELIVERY_SLOTS[0] })
  time!: string;

  @ResponseField({ type: () => SellerOrderView, isArray: true, description: 'By postcode, as the run sheet' })
  orders!: SellerOrderView[];
}
