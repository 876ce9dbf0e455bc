import { IsIn } from 'class-validator';
import {
  DELIVERY_FAILURE_REASONS,
  DELIVERY_SLOTS,
  DeliveryFailureReason,
  FULFILMENT_STATES,
  FulfilmentState,
  ID_CHECK_OUTCOMES,
  IdCheckOutcome,
  MAX_CART_LINES,
  MAX_DELIVERY_NOTE_LENGTH,
  MAX_QUANTITY,
  MESSAGES,
} from '@larder/shared-domain';
import {
  BoolField,
  EnumField,
  IntField,
  MoneyField,
  NestedField,
  NestedListField,
  TextField,
  UuidField,
} from '../../common/api-field';
import { DeliverySlotDto } from '../../delivery/dto/delivery-slot.dto';

export class SubstituteDto {
  @UuidField({ description: 'The product sent instead (another live product)' })
  product!: string;

  @IntField({ min: 1, max: MAX_QUANTITY, description: 'Units sent, at most the units missing', example: 1 })
  quantity!: number;
}

/** One line of the order as picked (stage picked) or as the customer took it at the door (stage delivered). */
export class FulfilmentLineDto {
  @UuidField({ description: "The order line's product" })
  product!: string;

  @IntField({
    required: false,
    min: 0,
    max: MAX_QUANTITY,
    description: 'Stage picked: units found, 0 to the quantity ordered',
    example: 2,
  })
  picked?: number;

  @NestedField(() => SubstituteDto, {
    required: false,
    description: 'Stage picked: a substitute for missing units, where the line allows substitutes',
  })
  substitute?: SubstituteDto;

  @BoolField({ required: false, description: 'Stage delivered: the customer refused the line at the door' })
  refused?: boolean;
}

/** What the driver was handed at the door, pounds. */
export class CollectedDto {
  @MoneyField({
    message: MESSAGES.collectedInvalid,
    description: 'Cash taken at the door, pounds',
    example: 12.5,
  })
  cash!: number;

  @MoneyField({
    message: MESSAGES.collectedInvalid,
    description: 'Paid by card at the door, pounds',
    example: 0,
  })
  card!: number;
}

export class UpdateFulfilmentDto {
  @EnumField(FULFILMENT_STATES, {
    enumName: 'FulfilmentStage',
    message: MESSAGES.invalidFulfilmentStage,
    description:
      'The next stage: placed → picking → picked → out_for_delivery → delivered; or, for an order out for ' +
      'delivery that could not be handed over, failed_delivery (with a reason); then placed with a deliverySlot ' +
      're-books it',
    example: 'picking',
  })
  stage!: FulfilmentState;

  @NestedListField(() => FulfilmentLineDto, {
    required: false,
    maxItems: MAX_CART_LINES,
    description:
      'Stage picked: every line of the order once. Stage delivered: the lines refused at the door (optional).',
  })
  lines?: FulfilmentLineDto[];

  @NestedField(() => CollectedDto, {
    required: false,
    description:
      'Stage delivered: what the customer handed over (may differ from what was due, never below 0)',
  })
  collected?: CollectedDto;

  @EnumField(ID_CHECK_OUTCOMES, {
    required: false,
    enumName: 'IdCheckOutcome',
    description:
      'Stage delivered: the ID check at the door (Challenge 25); failed takes every 18+ line out of the order',
    example: 'passed',
  })
  idCheck?: IdCheckOutcome;

  @EnumField(DELIVERY_FAILURE_REASONS, {
    required: false,
    enumName: 'DeliveryFailureReason',
    message: MESSAGES.deliveryReasonRequired,
    description: 'Stage failed_delivery: why the order could not be handed over',
    example: 'not_at_home',
  })
  reason?: DeliveryFailureReason;

  @TextField({
    required: false,
    maxLength: MAX_DELIVERY_NOTE_LENGTH,
    description: "Stage failed_delivery: the driver's note (required with reason other)",
    example: 'Gate locked',
  })
  note?: string;

  @NestedField(() => DeliverySlotDto, {
    required: false,
    description:
      'Re-booking a failed delivery (stage placed): a slot of the delivery date customers can book now',
  })
  deliverySlot?: DeliverySlotDto;
}

export class PickingQuery {
  @TextField({
    maxLength: 10,
    pattern: /^\d{4}-\d{2}-\d{2}$/,
    message: MESSAGES.pickingDateInvalid,
    description: 'Delivery date, YYYY-MM-DD',
    example: '2026-11-24',
  })
  date!: string;
}

/** GET /api/seller/picking: a date, or none for the next date that has orders. */
export class PickingDayQuery {
  @TextField({
    maxLength: 10,
    pattern: /^\d{4}-\d{2}-\d{2}$/,
    required: false,
    message: MESSAGES.pickingDateInvalid,
    description:
      'Delivery date, YYYY-MM-DD; absent for the earliest date from the next picking date on that has ' +
      'non-cancelled orders (the next picking date itself when none has)',
    example: '2026-11-24',
  })
  date?: string;
}

export class RunSheetQuery extends PickingQuery {
  // Listed above TextField so that it is checked after it.
  @IsIn(DELIVERY_SLOTS, { message: MESSAGES.deliveryTimeInvalid })
  @TextField({
    maxLength: 32,
    description: `One of: ${DELIVERY_SLOTS.join(', ')}`,
    example: DELIVERY_SLOTS[0],
  })
  time!: string;
}
