import { IsIn } from 'class-validator';
import {
  DELIVERY_SLOTS,
  MAX_CART_LINES,
  MESSAGES,
  REGULARS_MESSAGES,
  STANDING_ORDER_INTERVALS,
} from '@larder/shared-domain';
import { BoolField, IntField, NestedListField, TextField, UuidField } from '../../common/api-field';
import { OrderLineDto } from '../../checkout/dto/place-order.dto';

/** A regular delivery as the customer sets it up: the lines of an order, an address, a slot and a weekday. */
export class CreateStandingOrderDto {
  @NestedListField(() => OrderLineDto, {
    minItems: 1,
    maxItems: MAX_CART_LINES,
    tooFewMessage: MESSAGES.cartEmpty,
    description: 'The lines delivered each time',
  })
  items!: OrderLineDto[];

  @UuidField({ description: "One of the customer's saved addresses", message: MESSAGES.addressNotFound })
  address!: string;

  @IsIn(DELIVERY_SLOTS, { message: MESSAGES.deliveryTimeInvalid })
  @TextField({
    maxLength: 32,
    message: MESSAGES.deliveryTimeInvalid,
    description: `One of: ${DELIVERY_SLOTS.join(', ')}`,
    example: DELIVERY_SLOTS[0],
  })
  time!: string;

  @IntField({
    min: 1,
    max: 7,
    message: REGULARS_MESSAGES.weekdayInvalid,
    description: 'Day of delivery in London: 1 (Monday) to 7 (Sunday)',
    example: 2,
  })
  weekday!: number;

  @IntField({
    min: Math.min(...STANDING_ORDER_INTERVALS),
    max: Math.max(...STANDING_ORDER_INTERVALS),
    message: REGULARS_MESSAGES.everyInvalid,
    description: 'Every 1 or 2 weeks',
    example: 1,
  })
  every!: number;

  @BoolField({
    required: false,
    description: 'The customer confirms they are 18 or over (needed when a line is age-restricted)',
  })
  ageConfirmed?: boolean;

  @UuidField({
    required: false,
    description:
      "The customer's own order this plan is made from: it counts as the plan's first delivery, so nothing is " +
      'placed for its date and nextDelivery is the one after it',
    message: MESSAGES.orderNotFound,
  })
  fromOrder?: string;
}

/** A change of a regular delivery: only what is given changes. */
export class UpdateStandingOrderDto {
  @NestedListField(() => OrderLineDto, {
    required: false,
    minItems: 1,
    maxItems: MAX_CART_LINES,
    tooFewMessage: MESSAGES.cartEmpty,
    description: 'The lines delivered each time',
  })
  items?: OrderLineDto[];

  @UuidField({
    required: false,
    description: "One of the customer's saved addresses",
    message: MESSAGES.addressNotFound,
  })
  address?: string;

  @IsIn(DELIVERY_SLOTS, { message: MESSAGES.deliveryTimeInvalid })
  @TextField({
    required: false,
    maxLength: 32,
    message: MESSAGES.deliveryTimeInvalid,
    description: `One of: ${DELIVERY_SLOTS.join(', ')}`,
  })
  time?: string;

  @IntField({ required: false, min: 1, max: 7, message: REGULARS_MESSAGES.weekdayInvalid })
  weekday?: number;

  @IntField({ required: false, min: 1, max: 2, message: REGULARS_MESSAGES.everyInvalid })
  every?: number;

  @BoolField({ required: false, description: 'False pauses the plan; true resumes it' })
  active?: boolean;

  @BoolField({ required: false, description: 'True skips the next delivery; false takes the skip back' })
  skipNext?: boolean;

  @BoolField({ required: false, description: 'The customer confirms they are 18 or over' })
  ageConfirmed?: boolean;
}
