import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import {
  ALLERGEN_IDS,
  DIETS,
  isLabelGrams,
  MAX_ENERGY_KCAL,
  MAX_ENERGY_KJ,
  MAX_INGREDIENTS_LENGTH,
  MAX_PRODUCER_ADDRESS_LENGTH,
  MAX_PRODUCER_NAME_LENGTH,
  MAX_NUTRIENT_GRAMS,
  MAX_STOCK,
  MESSAGES,
  NUTRIENT_NAMES,
  type NutrientGrams,
} from '@larder/shared-domain';
import { IntField, TextField } from '../../common/api-field';

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
      nullable: true,
      description:
        'The UK allergens the product contains, which confirms them ([] for none of the 14); left out (or null ' +
        'on an edit) when not confirmed',
      example: ['gluten', 'milk'],
    }),
    Transform(({ value }) => (Array.isArray(value) ? [...new Set(value)] : value)),
    IsOptional(),
    IsArray({ message: MESSAGES.invalidAllergen }),
    ArrayMaxSize(ALLERGEN_IDS.length, { message: MESSAGES.invalidAllergen }),
    IsIn([...ALLERGEN_IDS], { each: true, message: MESSAGES.invalidAllergen }),
  );
}

/** Optional free text, trimmed; blank or null clears it. */
export function OptionalTextField(options: {
  description: string;
  maxLength: number;
  example: string;
  message: string;
}): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: String,
      nullable: true,
      required: false,
      maxLength: options.maxLength,
      description: options.description,
      example: options.example,
    }),
    Transform(({ value }) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return trimmed === '' ? null : trimmed;
    }),
    IsOptional(),
    IsString({ message: options.message }),
    MaxLength(options.maxLength, { message: options.message }),
  );
}

/** Diets the product suits; duplicates dropped. Optional. */
export function DietaryField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      enum: [...DIETS],
      enumName: 'Diet',
      isArray: true,
      required: false,
      maxItems: DIETS.length,
      description: 'Diets it suits: vegetarian, vegan (a vegan product suits vegetarians too)',
      example: ['vegetarian'],
    }),
    Transform(({ value }) => (Array.isArray(value) ? [...new Set(value)] : value)),
    IsOptional(),
    IsArray({ message: MESSAGES.invalidDiet }),
    ArrayMaxSize(DIETS.length, { message: MESSAGES.invalidDiet }),
    IsIn([...DIETS], { each: true, message: MESSAGES.invalidDiet }),
  );
}

/**
 * Grams per 100 g or 100 ml as labels print them (shared-domain's isLabelGrams), refused with a message that
 * names the figure.
 */
function GramsField(nutrient: NutrientGrams, required = true): PropertyDecorator {
  const message = MESSAGES.invalidNutrientGrams(NUTRIENT_NAMES[nutrient]);
  return applyDecorators(
    ApiProperty({
      type: Number,
      minimum: 0,
      maximum: MAX_NUTRIENT_GRAMS,
      multipleOf: 0.01,
      required,
      nullable: !required || undefined,
      description:
        `${NUTRIENT_NAMES[nutrient]}${required ? '' : ' (optional)'}, grams per 100 g or 100 ml ` +
        `(0-${MAX_NUTRIENT_GRAMS}; up to two decimals below 1 g, one decimal from 1 g)`,
      example: nutrient === 'salt' ? 0.31 : 12.5,
    }),
    ...(required ? [IsDefined({ message })] : [IsOptional()]),
    ValidateBy({ name: 'isLabelGrams', validator: { validate: isLabelGrams } }, { message }),
  );
}

/** Nutrition per 100 g (or 100 ml for drinks) as UK labels declare it. */
export class NutritionDto {
  @IntField({
    description: 'Energy in kJ per 100 g or 100 ml',
    min: 0,
    max: MAX_ENERGY_KJ,
    example: 1030,
    message: MESSAGES.invalidEnergy,
  })
  energyKj: number;

  @IntField({
    description: 'Energy in kcal per 100 g or 100 ml',
    min: 0,
    max: MAX_ENERGY_KCAL,
    example: 246,
    message: MESSAGES.invalidEnergy,
  })
  energyKcal: number;

  @GramsField('fat')
  fat: number;

  @GramsField('saturates')
  saturates: number;

  @GramsField('carbohydrate')
  carbohydrate: number;

  @GramsField('sugars')
  sugars: number;

  @GramsField('fibre', false)
  fibre?: number | null;

  @GramsField('protein')
  protein: number;

  @GramsField('salt')
  salt: number;
}

/** The food business named on the label. */
export class ProducerDto {
  @TextField({
    description: 'Name of the business responsible for the food',
    maxLength: MAX_PRODUCER_NAME_LENGTH,
    example: 'Dale Farm Ltd',
    message: MESSAGES.invalidProducer,
  })
  name: string;

  @TextField({
    description: 'Its postal address',
    maxLength: MAX_PRODUCER_ADDRESS_LENGTH,
    example: '15 Dargan Road, Belfast BT3 9LS',
    message: MESSAGES.invalidProducer,
  })
  address: string;
}
