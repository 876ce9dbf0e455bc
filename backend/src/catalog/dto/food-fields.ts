import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { ALLERGEN_IDS, MAX_INGREDIENTS_LENGTH, MAX_STOCK, MESSAGES } from '@larder/shared-domain';

/** Units on hand: a whole number 0..MAX_STOCK, or null for "not counted". Optional. */
export function StockField(
  description = 'Units on hand (0-100000); null when not counted',
): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: 'integer',
      minimum: 0,
      maximum: MAX_STOCK,
      nullable: true,
      required: false,
      description,
      example: 24,
    }),
    IsOptional(),
    IsInt({ message: MESSAGES.invalidStock }),
    Min(0, { message: MESSAGES.invalidStock }),
    Max(MAX_STOCK, { message: MESSAGES.invalidStock }),
  );
}

/** Ingredients text, trimmed; blank or null clears it. Optional. */
export function IngredientsField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: String,
      nullable: true,
      required: false,
      maxLength: MAX_INGREDIENTS_LENGTH,
      description: 'Ingredients as the label prints them; null or blank for none',
      example: 'Wheat flour, butter (milk), sugar, eggs, salt',
    }),
    Transform(({ value }) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return trimmed === '' ? null : trimmed;
    }),
    IsOptional(),
    IsString({ message: 'ingredients must be text' }),
    MaxLength(MAX_INGREDIENTS_LENGTH, {
      message: MESSAGES.ingredientsTooLong,
    }),
  );
}

/** Allergen ids from the 14 UK allergens; duplicates dropped. Optional. */
export function AllergensField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      enum: [...ALLERGEN_IDS],
      enumName: 'AllergenId',
      isArray: true,
      required: false,
      maxItems: ALLERGEN_IDS.length,
      description: 'The UK allergens the product contains',
      example: ['gluten', 'milk'],
    }),
    Transform(({ value }) => (Array.isArray(value) ? [...new Set(value)] : value)),
    IsOptional(),
    IsArray({ message: MESSAGES.invalidAllergen }),
    ArrayMaxSize(ALLERGEN_IDS.length, { message: MESSAGES.invalidAllergen }),
    IsIn([...ALLERGEN_IDS], { each: true, message: MESSAGES.invalidAllergen }),
  );
}
