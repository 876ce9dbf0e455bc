import {
  DELIVERY_FAILURE_REASONS,
  DELIVERY_SLOTS,
  FULFILMENT_STATES,
  ID_CHECK_OUTCOMES,
  ORDER_STATUSES,
  PAYMENT_TYPES,
} from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { PageInfo } from '../../common/pagination';

export class OrderSubstituteView {
  @ResponseField({ format: 'uuid', description: 'Product id of the substitute' })
  product!: string;

  @ResponseField({ description: 'Name of the substitute when it was picked' })
  name!: string;

  @ResponseField({ type: 'integer', example: 1 })
  quantity!: number;

  @ResponseField({
    description: "Unit price charged, pounds: never more than the ordered product's",
    example: 1.1,
  })
  price!: number;

  @ResponseField({ description: "VAT rate in percent: the substitute's", example: 0 })
  vat!: number;

  @ResponseField({ description: 'Sold to adults only (18+): ID may be asked for at the door' })
  ageRestricted!: boolean;
}

/** The deal an order line's units were priced in. */
export class OrderLinePromotionView {
  @ResponseField({ format: 'uuid' })
  _id!: string;

  @ResponseField({ example: '3 for £5' })
  label!: string;

  @ResponseField({ description: "The line's share of the deal's saving, pounds with VAT", example: 0.34 })
  saving!: number;
}

/** A promotion that applied to an order: how many times and what it saved. */
export class OrderDealView {
  @ResponseField({ format: 'uuid' })
  promotion!: string;

  @ResponseField({ example: '3 for £5' })
  label!: string;

  @ResponseField({ type: 'integer', description: 'How many times the deal applied', example: 2 })
  times!: number;

  @ResponseField({ description: 'What it saved, pounds with VAT', example: 1 })
  saving!: number;
}

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

  @ResponseField({ description: 'Sold to adults only (18+) when ordered: ID may be asked for at the door' })
  ageRestricted!: boolean;

  @ResponseField({ description: 'Whether the customer accepts a substitute when the product is short' })
  allowSubstitutes!: boolean;

  @ResponseField({
    type: 'integer',
    nullable: true,
    description: 'Units found when the order was picked; null before picking',
    example: 2,
  })
  picked!: number | null;

  @ResponseField({
    type: () => OrderSubstituteView,
    nullable: true,
    description: 'What was sent instead of the missing units, or null',
  })
  substitute!: OrderSubstituteView | null;

  @ResponseField({ description: 'Refused at the door: the line is not part of the total' })
  refused!: boolean;

  @ResponseField({
    description:
      'What the line cost with VAT as placed, pounds: its units at their price with VAT, less its share of a deal',
    example: 3.33,
  })
  charged!: number;

  @ResponseField({
    type: () => OrderLinePromotionView,
    nullable: true,
    description: 'The deal its units were priced in, or null',
  })
  promotion!: OrderLinePromotionView | null;
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

export class CollectedView {
  @ResponseField({ description: 'Cash handed over at the door, pounds', example: 20 })
  cash!: number;

  @ResponseField({ description: 'Paid by card at the door, pounds', example: 0 })
  card!: number;

  @ResponseField({ description: 'Change given back from the cash, pounds', example: 7.5 })
  change!: number;

  @ResponseField({ description: 'What the shop kept: cash less change, and card, pounds', example: 12.5 })
  kept!: number;
}

export class FailedDeliveryView {
  @ResponseField({ enum: [...DELIVERY_FAILURE_REASONS], enumName: 'DeliveryFailureReason' })
  reason!: string;

  @ResponseField({ type: String, nullable: true, description: "The driver's note" })
  note!: string | null;
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

  @ResponseField({ description: 'What the promotions took off the order, pounds with VAT', example: 1 })
  savings!: number;

  @ResponseField({ type: () => OrderDealView, isArray: true, description: 'Each promotion that applied' })
  deals!: OrderDealView[];

  @ResponseField({ description: 'Pounds', example: 3.99 })
  shippingCharge!: number;

  @ResponseField({
    description: "The goods' VAT, pounds (amount = goods + totalVat + shippingCharge)",
    example: 0.5,
  })
  totalVat!: number;

  @ResponseField({
    description:
      "All the VAT the amount includes, pounds: the goods' VAT and the delivery charge's share (HMRC VAT Notice " +
      "700/24: the charge follows the goods' rates, shared by their value)",
    example: 1.17,
  })
  vatIncluded!: number;

  @ResponseField({ description: 'Sum of unit price x quantity, pounds', example: 8 })
  goods!: number;

  @ResponseField({ type: () => DeliverySlotView })
  deliverySlot!: DeliverySlotView;

  @ResponseField({ enum: [...ORDER_STATUSES], enumName: 'OrderStatus' })
  status!: string;

  @ResponseField({
    enum: [...FULFILMENT_STATES],
    enumName: 'FulfilmentStage',
    description:
      'How far the seller has got; moves forward only, except failed_delivery (not handed over at the door), ' +
      'after which the order is re-booked (back to picked) or cancelled',
  })
  fulfilment!: string;

  @ResponseField({
    description:
      'Until when the customer may change the order: 15:00 London on the day before delivery (ISO 8601 with offset)',
    example: '2026-11-23T15:00:00+00:00',
  })
  changeableUntil!: string;

  @ResponseField()
  isPaid!: boolean;

  @ResponseField({
    description:
      'The customer confirmed on this order that they are 18 or over, so 18+ products may go into it',
  })
  ageConfirmed!: boolean;

  @ResponseField({
    type: String,
    format: 'uuid',
    nullable: true,
    required: false,
    description:
      "The customer's regular delivery (standing order) that placed the order; null for one placed by hand",
  })
  standingOrder?: string | null;

  @ResponseField({
    description:
      'Pounds owed back to the customer: the whole amount of a paid order cancelled, or what a paid order fell by ' +
      '(short picks, substitutes, lines refused at the door); 0 when nothing is owed',
    example: 0,
  })
  refundDueAmount!: number;

  @ResponseField({
    description:
      'What the customer owes for the order, pounds: the total of a cash-on-delivery order (after lines left at ' +
      'the door), 0 for a card order paid',
    example: 12.49,
  })
  due!: number;

  @ResponseField({
    type: () => CollectedView,
    nullable: true,
    description: 'What the driver collected at the door (may differ from due); null until recorded',
  })
  collected!: CollectedView | null;

  @ResponseField({
    enum: [...ID_CHECK_OUTCOMES],
    enumName: 'IdCheckOutcome',
    nullable: true,
    description: 'The ID check at the door (Challenge 25), when one was recorded',
  })
  idCheck!: string | null;

  @ResponseField({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the order was handed over (its time of supply); null until delivered',
  })
  deliveredAt!: string | null;

  @ResponseField({
    type: () => FailedDeliveryView,
    nullable: true,
    description: 'Why the delivery failed, while fulfilment is failed_delivery; null otherwise',
  })
  failedDelivery!: FailedDeliveryView | null;

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

  @ResponseField({
    description:
      'An 18+ product goes to the door (ordered or substituted, not refused): ask for ID (Challenge 25)',
  })
  ageCheckRequired!: boolean;

  @ResponseField({
    description:
      'Money is owed back to the customer (refundDueAmount above 0): a paid order cancelled, or a paid order whose total fell',
  })
  refundDue!: boolean;
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
