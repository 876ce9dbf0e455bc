import { ResponseField } from '../../common/api-field';
import { ErrorResponse } from '../../common/responses';
import { OrderView } from '../../orders/dto/order.response';

export class PlaceOrderResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ example: 'Order placed successfully' })
  message!: string;

  @ResponseField({ format: 'uuid' })
  orderId!: string;
}

export class StripeCheckoutResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ description: 'Stripe Checkout page to redirect the customer to' })
  url!: string;

  @ResponseField({ format: 'uuid' })
  orderId!: string;
}

/** A refused order (409): the error shape, with the current figures when they are why (TOTALS_CHANGED). */
export class TotalsChangedResponse extends ErrorResponse {
  @ResponseField({ required: false, description: 'Current total, pounds (when the figures changed)' })
  amount?: number;

  @ResponseField({ required: false, description: 'Current shipping charge, pounds' })
  shippingCharge?: number;

  @ResponseField({ required: false, description: 'Current VAT, pounds' })
  totalVat?: number;

  @ResponseField({ required: false, description: 'Current goods total, pounds' })
  goods?: number;

  @ResponseField({
    required: false,
    description: 'The selectable delivery date (when the posted one is gone)',
  })
  deliveryDate?: string;
}

export class WebhookResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ example: true })
  received!: true;
}

export class ChangeOrderResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ example: 'Order updated' })
  message!: string;

  @ResponseField({ type: () => OrderView })
  order!: OrderView;
}
