import { IsIn } from 'class-validator';
import {
  DELIVERY_SLOTS,
  FULFILMENT_STAGES,
  FulfilmentStage,
  MAX_CART_LINES,
  MAX_QUANTITY,
  MESSAGES,
} from '@larder/shared-domain';
import {
  BoolField,
  EnumField,
  IntField,
  NestedField,
  NestedListField,
  TextField,
  UuidField,
} from '../../common/api-field';

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

export class UpdateFulfilmentDto {
  @EnumField(FULFILMENT_STAGES, {
    enumName: 'FulfilmentStage',
    message: MESSAGES.invalidFulfilmentStage,
    description: 'The next stage: placed → picking → picked → out_for_delivery → delivered',
    example: 'picking',
  })
  stage!: FulfilmentStage;

  @NestedListField(() => FulfilmentLineDto, {
    required: false,
    maxItems: MAX_CART_LINES,
    description:
      'Stage picked: every line of the order once. Stage delivered: the lines refused at the door (optional).',
  })
  lines?: FulfilmentLineDto[];
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
