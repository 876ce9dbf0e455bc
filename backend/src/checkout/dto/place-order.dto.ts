import { MAX_CART_LINES, MAX_QUANTITY, MESSAGES, MIN_QUANTITY, PAYMENT_TYPES } from '@larder/shared-domain';
import {
  BoolField,
  DecimalField,
  EnumField,
  IntField,
  MoneyField,
  NestedField,
  NestedListField,
  TextField,
  UuidField,
} from '../../common/api-field';
import { compiledBodyCheck } from '../../common/body-schema';
import { registerBodyFastCheck } from '../../common/validation';
import { DeliverySlotDto } from '../../delivery/dto/delivery-slot.dto';

export class OrderLineDto {
  @UuidField({ description: 'Product id' })
  product!: string;

  @IntField({
    min: MIN_QUANTITY,
    max: MAX_QUANTITY,
    description: 'Quantity, a whole number from 1 to 99',
    example: 2,
  })
  quantity!: number;

  @DecimalField({
    required: false,
    min: 0,
    max: 100,
    description:
      "VAT rate in percent as the client saw it (informational: the product's current rate is used)",
    example: 0,
  })
  vat?: number;

  @BoolField({
    required: false,
    description: 'Whether a substitute may be sent when the product is short (default true)',
  })
  allowSubstitutes?: boolean;
}

/**
 * The checkout payload. `amount`, `shippingCharge` and `totalVat` are the figures the customer was shown (pounds);
 * the server recomputes them and refuses the order (409 with the current figures) when they differ.
 */
export class PlaceOrderDto {
  @TextField({
    required: false,
    nullable: true,
    maxLength: 100,
    description: 'Ignored: the order is placed for the signed-in customer',
  })
  userId?: string | null;

  @NestedListField(() => OrderLineDto, {
    // An order holds what a cart can.
    maxItems: MAX_CART_LINES,
    minItems: 1,
    tooFewMessage: MESSAGES.cartEmpty,
    description: 'Order lines; lines naming the same product are merged (their quantities added, at most 99)',
  })
  items!: OrderLineDto[];

  @UuidField({ message: MESSAGES.selectAddress, description: "Id of one of the customer's saved addresses" })
  address!: string;

  @EnumField(PAYMENT_TYPES, {
    required: false,
    enumName: 'PaymentType',
    description:
      'Informational: the call decides the payment type (COD for /order/cod, Online for /order/stripe)',
  })
  paymentType?: string;

  @MoneyField({
    description: 'Total to pay in pounds as shown to the customer (goods + VAT + shipping)',
    example: 12.49,
  })
  amount!: number;

  @MoneyField({ description: 'Shipping charge in pounds as shown to the customer', example: 3.99 })
  shippingCharge!: number;

  @MoneyField({ description: 'Total VAT in pounds as shown to the customer', example: 0.5 })
  totalVat!: number;

  @NestedField(() => DeliverySlotDto, {
    message: MESSAGES.selectDeliverySlot,
    description: 'Chosen delivery date and slot',
  })
  deliverySlot!: DeliverySlotDto;

  @BoolField({
    required: false,
    description:
      'The customer confirms they are 18 or over: required (true) when any line is an age-restricted product',
  })
  ageConfirmed?: boolean;
}

/**
 * The PlaceOrderDto of a body that certainly passes its decorators, undefined for any other (left to them): the
 * body checked by the JSON schema compiled from this class's contract (../../common/body-schema.ts).
 * place-order-fast-check.spec.ts runs both on the same bodies.
 */
export const fastPlaceOrder = compiledBodyCheck(PlaceOrderDto);

registerBodyFastCheck(PlaceOrderDto, fastPlaceOrder);

/** A line of a changed order. */
export class ChangeOrderLineDto {
  @UuidField({ description: 'Product id' })
  product!: string;

  @IntField({ min: MIN_QUANTITY, max: MAX_QUANTITY, description: 'Quantity, a whole number from 1 to 99' })
  quantity!: number;

  @BoolField({
    required: false,
    description: 'Whether a substitute may be sent when the product is short (default true)',
  })
  allowSubstitutes?: boolean;
}

/** A change of a placed order: its new lines, and optionally another slot or address. */
export class ChangeOrderDto {
  @NestedListField(() => ChangeOrderLineDto, {
    maxItems: MAX_CART_LINES,
    minItems: 1,
    tooFewMessage: MESSAGES.cartEmpty,
    description: "The order's new lines (replacing all of them); lines naming the same product are merged",
  })
  items!: ChangeOrderLineDto[];

  @NestedField(() => DeliverySlotDto, {
    required: false,
    message: MESSAGES.selectDeliverySlot,
    description: 'Another slot on the delivery date; the order keeps its slot when absent',
  })
  deliverySlot?: DeliverySlotDto;

  @UuidField({
    required: false,
    message: MESSAGES.selectAddress,
    description: "Id of one of the customer's saved addresses; the order keeps its address when absent",
  })
  address?: string;

  @BoolField({
    required: false,
    description:
      'The customer confirms they are 18 or over: required (true) when any line is an age-restricted product',
  })
  ageConfirmed?: boolean;
}
