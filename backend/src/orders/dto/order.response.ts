import { DELIVERY_SLOTS, ORDER_STATUSES, PAYMENT_TYPES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { PageInfo } from '../../common/pagination';

export class OrderItemView {
  @ResponseField({ format: 'uuid', description: 'Product id (same as productId)' })
  product!: string;

  @ResponseField({ format: 'uuid' })
  productId!: string;

  @ResponseField({ description: 'Product name at checkout' })
  name!: string;

  @ResponseField({ type: String, nullable: true, description: 'Main product image URL at checkout' })
  image!: string | null;

  @ResponseField({ description: 'Unit price paid (offer price at checkout), pounds', example: 1.25 })
  price!: number;

  @ResponseField({ type: 'integer', example: 2 })
  quantity!: number;

  @ResponseField({ description: 'VAT rate in percent at checkout', example: 0 })
  vat!: number;
}

export class OrderAddressView {
  @ResponseField() street!: string;
  @ResponseField() city!: string;
  @ResponseField() state!: string;
  @ResponseField() postalCode!: string;
  @ResponseField() country!: string;
}

export class DeliverySlotView {
  @ResponseField({ description: 'YYYY-MM-DD', example: '2026-11-24' })
  date!: string;

  @ResponseField({ example: DELIVERY_SLOTS[0] })
  time!: string;
}

export class OrderView {
  @ResponseField({ format: 'uuid' })
  _id!: string;

  @ResponseField({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Null once the customer deleted their account',
  })
  userId!: string | null;

  @ResponseField({ type: () => OrderItemView, isArray: true })
  items!: OrderItemView[];

  @ResponseField({
    type: () => OrderAddressView,
    nullable: true,
    description: 'Delivery address copied at checkout; null once the customer deleted their account',
  })
  address!: OrderAddressView | null;

  @ResponseField({ enum: [...PAYMENT_TYPES], enumName: 'PaymentType' })
  paymentType!: string;

  @ResponseField({ description: 'Total paid: goods + VAT + shipping, pounds', example: 12.49 })
  amount!: number;

  @ResponseField({ description: 'Pounds', example: 3.99 })
  shippingCharge!: number;

  @ResponseField({ description: 'Pounds', example: 0.5 })
  totalVat!: number;

  @ResponseField({ description: 'Sum of unit price x quantity, pounds', example: 8 })
  goods!: number;

  @ResponseField({ type: () => DeliverySlotView })
  deliverySlot!: DeliverySlotView;

  @ResponseField({ enum: [...ORDER_STATUSES], enumName: 'OrderStatus' })
  status!: string;

  @ResponseField()
  isPaid!: boolean;

  @ResponseField({ type: String, format: 'date-time' })
  createdAt!: string;
}

export class OrderCustomerView {
  @ResponseField({ description: 'Customer name at checkout, or "Deleted customer"' })
  name!: string;

  @ResponseField({ type: String, nullable: true })
  phone!: string | null;

  @ResponseField({ type: String, nullable: true })
  email!: string | null;

  @ResponseField({ type: String, nullable: true, description: 'Delivery address as one line of text' })
  address!: string | null;
}

export class SellerOrderView extends OrderView {
  @ResponseField({ type: () => OrderCustomerView })
  customer!: OrderCustomerView;
}

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

export class UserOrdersResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ type: () => OrderView, isArray: true, description: 'Newest first' })
  orders!: OrderView[];
}

export class SellerOrdersResponse extends PageInfo {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({
    type: () => SellerOrderView,
    isArray: true,
    description: 'This page of the orders, newest first',
  })
  orders!: SellerOrderView[];
}

export class TotalsChangedResponse {
  @ResponseField({ example: false })
  success!: false;

  @ResponseField({ example: 'Prices have changed. Please review your order.' })
  message!: string;

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
