import { CATEGORY_PATHS, MESSAGES } from '@larder/shared-domain';
import { Transform } from 'class-transformer';
import { DecimalField, EnumField, MoneyField, TextField, TextListField } from '../../common/api-field';
import { AllergensField, IngredientsField, StockField } from './food-fields';

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
}

export const ADD_PRODUCT_REQUIRED_MESSAGE = MESSAGES.fillAllFields;
