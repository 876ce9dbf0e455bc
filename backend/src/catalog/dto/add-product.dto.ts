import { PartialType } from '@nestjs/swagger';
import {
  CATEGORY_PATHS,
  HFSS_CATEGORIES,
  MAX_NET_QUANTITY,
  MAX_ORIGIN_LENGTH,
  MAX_PER_ORDER_LIMIT,
  MAX_STORAGE_LENGTH,
  MESSAGES,
  MIN_PER_ORDER_LIMIT,
  NET_QUANTITY_DECIMALS,
  PACK_UNITS,
  type Diet,
  type HfssCategory,
  type PackUnit,
} from '@larder/shared-domain';
import { Transform } from 'class-transformer';
import {
  BoolField,
  DecimalField,
  EnumField,
  IntField,
  MoneyField,
  NestedField,
  TextField,
  TextListField,
} from '../../common/api-field';
import {
  AllergensField,
  DietaryField,
  IngredientsField,
  NutritionDto,
  OptionalTextField,
  ProducerDto,
  StockField,
} from './food-fields';

/** "3.99" and 3.99 alike (form inputs send text); anything else is left for validation to reject. */
const numeric = Transform(({ value }) =>
  typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
);

/** Description lines: a list, or one text split into lines (blank lines dropped). */
const lines = Transform(({ value }) => {
  const list = typeof value === 'string' ? value.split(/\r?\n/) : value;
  return Array.isArray(list)
    ? list.map((l) => (typeof l === 'string' ? l.trim() : l)).filter((l) => l !== '')
    : list;
});

/** The `productData` JSON part of POST /api/product/add. Prices in pounds, VAT in percent. */
export class AddProductDto {
  @TextField({ description: 'Product name', maxLength: 120, example: 'Organic Carrots 1kg' })
  name: string;

  @TextListField({
    description: 'Description bullets (a text is split into lines)',
    required: false,
    maxItems: 20,
    maxLength: 300,
  })
  @lines
  description?: string[];

  @EnumField(CATEGORY_PATHS, {
    description: 'Category path',
    enumName: 'CategoryPath',
    message: 'Please choose one of the categories',
  })
  category: string;

  @MoneyField({ description: 'Price (MRP) in pounds', max: 10_000 })
  @numeric
  price: number;

  @MoneyField({ description: 'Offer (selling) price in pounds; at most the price', max: 10_000 })
  @numeric
  offerPrice: number;

  @DecimalField({
    description: 'VAT rate in percent (0-100, at most 2 decimals)',
    min: 0,
    max: 100,
    example: 20,
  })
  @numeric
  vat: number;

  @StockField('Units on hand (0-100000); null or absent when not counted')
  stock?: number | null;

  @IngredientsField()
  ingredients?: string | null;

  @AllergensField()
  allergens?: string[] | null;

  @DecimalField({
    description:
      'Net quantity of the pack in `unit` (above 0, at most 3 decimals); absent or null, with `unit`, when the ' +
      'pack size is not given (the product then has no unit price)',
    min: 10 ** -NET_QUANTITY_DECIMALS,
    max: MAX_NET_QUANTITY,
    maxDecimals: NET_QUANTITY_DECIMALS,
    required: false,
    nullable: true,
    example: 500,
    message: MESSAGES.invalidNetQuantity,
  })
  @numeric
  netQuantity?: number | null;

  @EnumField(PACK_UNITS, {
    description: 'Unit of the net quantity; given with it or not at all',
    enumName: 'PackUnit',
    required: false,
    nullable: true,
    example: 'g',
    message: MESSAGES.invalidPackUnit,
  })
  unit?: PackUnit | null;

  @NestedField(() => NutritionDto, {
    description: 'Nutrition per 100 g (per 100 ml for drinks); null to clear',
    required: false,
    nullable: true,
  })
  nutrition?: NutritionDto | null;

  @OptionalTextField({
    description: 'Storage instructions as the label prints them; null or blank for none',
    maxLength: MAX_STORAGE_LENGTH,
    example: 'Keep refrigerated. Once opened, use within 3 days.',
    message: MESSAGES.invalidStorage,
  })
  storage?: string | null;

  @OptionalTextField({
    description: 'Country or place of origin; null or blank for none',
    maxLength: MAX_ORIGIN_LENGTH,
    example: 'United Kingdom',
    message: MESSAGES.invalidOrigin,
  })
  origin?: string | null;

  @NestedField(() => ProducerDto, {
    description: 'The business responsible for the food; null when it is the shop itself',
    required: false,
    nullable: true,
  })
  producer?: ProducerDto | null;

  @DietaryField()
  dietary?: Diet[] | null;

  @BoolField({
    description: 'Sold to adults only (ID may be requested on delivery)',
    required: false,
    message: MESSAGES.invalidAgeRestricted,
  })
  ageRestricted?: boolean;

  @IntField({
    description: `The most one order may hold (${MIN_PER_ORDER_LIMIT}-${MAX_PER_ORDER_LIMIT}); null or absent for no limit`,
    min: MIN_PER_ORDER_LIMIT,
    max: MAX_PER_ORDER_LIMIT,
    required: false,
    nullable: true,
    example: 6,
    message: MESSAGES.invalidMaxPerOrder,
  })
  maxPerOrder?: number | null;

  @IntField({
    description:
      'Fruit, vegetables and nuts, whole percent of the product (0-100) for the nutrient profiling model; null when unknown',
    min: 0,
    max: 100,
    required: false,
    nullable: true,
    example: 0,
    message: 'Fruit, vegetables and nuts must be a whole percent from 0 to 100',
  })
  fruitVegNuts?: number | null;

  @EnumField(HFSS_CATEGORIES, {
    description:
      'The category of Schedule 1 to SI 2021/1368 (food promotion and placement) the product is in; null: not in scope',
    enumName: 'HfssCategory',
    required: false,
    nullable: true,
    example: 'sweet-biscuits',
    message: `HFSS category must be one of ${HFSS_CATEGORIES.join(', ')}, or null`,
  })
  hfssCategory?: HfssCategory | null;
}

export const ADD_PRODUCT_REQUIRED_MESSAGE = MESSAGES.fillAllFields;

/** The `productData` JSON part of PUT /api/product/{id}: any of the add fields; absent ones stay as they are. */
export class UpdateProductDto extends PartialType(AddProductDto) {}
