import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsUUID } from 'class-validator';
import {
  MAX_DEAL_UNITS,
  MAX_PROMOTION_PRODUCTS,
  PROMOTION_KINDS,
  PROMOTION_TEXTS,
} from '@larder/shared-domain';
import { EnumField, IntField, MoneyField, TextField } from '../../common/api-field';

const TIME_DESCRIPTION =
  'Europe/London: a date ("2026-03-29": from the start of that day; as an end, to the end of it), a London ' +
  'wall-clock time ("2026-03-29T09:00") or an instant with its offset ("2026-03-29T09:00:00+01:00")';

/** What a seller posts to create a promotion, or puts to replace its terms. */
export class PromotionInputDto {
  @EnumField(PROMOTION_KINDS, {
    enumName: 'PromotionKind',
    message: PROMOTION_TEXTS.invalidKind,
    description:
      'multibuy: any `quantity` of the products for `price` ("3 for £5"); buy_get_free: buy `quantity`, get ' +
      '`free` more, the cheapest free ("3 for 2"); reduction: the one product costs `price` ("Was £2.50, now £1.80")',
  })
  kind: (typeof PROMOTION_KINDS)[number];

  @ApiProperty({
    type: String,
    format: 'uuid',
    isArray: true,
    minItems: 1,
    maxItems: MAX_PROMOTION_PRODUCTS,
    description: 'Product ids (mixed and matched in a multibuy or buy_get_free; one for a reduction)',
  })
  @IsArray({ message: PROMOTION_TEXTS.invalidProducts })
  @ArrayMinSize(1, { message: PROMOTION_TEXTS.invalidProducts })
  @ArrayMaxSize(MAX_PROMOTION_PRODUCTS, { message: PROMOTION_TEXTS.invalidProducts })
  @ArrayUnique({ message: PROMOTION_TEXTS.invalidProducts })
  @IsUUID('all', { each: true, message: PROMOTION_TEXTS.invalidProducts })
  products: string[];

  @IntField({
    required: false,
    min: 1,
    max: MAX_DEAL_UNITS,
    message: PROMOTION_TEXTS.invalidDealQuantity,
    description: 'multibuy: units in one deal (2 or more); buy_get_free: units paid for in one deal',
  })
  quantity?: number;

  @MoneyField({
    required: false,
    message: PROMOTION_TEXTS.invalidPrice,
    description: "Pounds with VAT, as shoppers pay: multibuy: one deal's price; reduction: one unit's price",
    example: 5,
  })
  price?: number;

  @IntField({
    required: false,
    min: 1,
    max: MAX_DEAL_UNITS,
    message: PROMOTION_TEXTS.invalidFree,
    description: 'buy_get_free: units free in one deal',
  })
  free?: number;

  @TextField({
    maxLength: 40,
    message: PROMOTION_TEXTS.invalidDates,
    description: `Start: ${TIME_DESCRIPTION}`,
  })
  startsAt: string;

  @TextField({
    maxLength: 40,
    message: PROMOTION_TEXTS.invalidDates,
    description: `End: ${TIME_DESCRIPTION}`,
  })
  endsAt: string;
}

export class PromotionDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ enum: [...PROMOTION_KINDS], enumName: 'PromotionKind' })
  kind: string;

  @ApiProperty({
    description: 'What shoppers read: "3 for £5", "Any 3 for £10", "3 for 2", "Was £2.50, now £1.80"',
  })
  label: string;

  @ApiProperty({ type: String, format: 'uuid', isArray: true })
  products: string[];

  @ApiProperty({
    type: 'integer',
    description: 'multibuy: units in a deal; buy_get_free: units paid for; reduction: 1',
  })
  quantity: number;

  @ApiProperty({
    description: "Pounds with VAT: a multibuy deal's price, a reduction's unit price; 0 for buy_get_free",
  })
  price: number;

  @ApiProperty({ type: 'integer', description: 'buy_get_free: units free in a deal; otherwise 0' })
  free: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'A reduction\'s "was" price in pounds with VAT (its price for the 28 days before); else null',
  })
  wasPrice: number | null;

  @ApiProperty({
    description: 'Start, ISO 8601 in London time with its offset',
    example: '2026-03-29T00:00:00+00:00',
  })
  startsAt: string;

  @ApiProperty({
    description: 'End (the first moment it no longer runs), ISO 8601 in London time with its offset',
  })
  endsAt: string;

  @ApiProperty({ description: 'Whether it runs now' })
  active: boolean;
}

export class SellerPromotionDto extends PromotionDto {
  @ApiProperty({ enum: ['running', 'scheduled', 'ended'], enumName: 'PromotionState' })
  state: string;

  @ApiProperty({ type: 'integer', description: 'Units sold in its deals, in orders not cancelled' })
  unitsSold: number;

  @ApiProperty({ description: 'What its deals saved customers, pounds with VAT, in orders not cancelled' })
  saving: number;

  @ApiProperty({
    type: [String],
    description:
      'Names of its less healthy (HFSS) products it is not applied to while the food promotion rules apply (a multi-buy or free offer); empty otherwise',
  })
  notApplied: string[];
}

export class PromotionResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({ type: PromotionDto })
  promotion: PromotionDto;
}

export class PromotionListResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ type: [PromotionDto], description: 'The promotions running now' })
  promotions: PromotionDto[];
}

export class SellerPromotionListResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({
    type: [SellerPromotionDto],
    description: 'Running and scheduled first (soonest end first), then ended',
  })
  promotions: SellerPromotionDto[];
}
