import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import {
  ALLERGEN_IDS,
  DIETS,
  MESSAGES,
  PROMOTION_TEXTS,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  type Diet,
} from '@larder/shared-domain';

export class SearchProductsQuery {
  @ApiProperty({
    description: `What to look for in names, categories and descriptions (typos forgiven), ${SEARCH_MIN_LENGTH}-${SEARCH_MAX_LENGTH} characters; optional when freeFrom, diet or onOffer is given`,
    minLength: SEARCH_MIN_LENGTH,
    maxLength: SEARCH_MAX_LENGTH,
    required: false,
    example: 'carots',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  // Without a filter the text is what is searched for, so it must be there.
  @ValidateIf((o: SearchProductsQuery) => o.q !== undefined || (!o.freeFrom?.length && !o.diet && !o.onOffer))
  @IsDefined({ message: MESSAGES.invalidSearch })
  @IsString({ message: MESSAGES.invalidSearch })
  @MinLength(SEARCH_MIN_LENGTH, { message: MESSAGES.invalidSearch })
  @MaxLength(SEARCH_MAX_LENGTH, { message: MESSAGES.invalidSearch })
  q?: string;

  @ApiProperty({
    type: String,
    required: false,
    description:
      'Allergen ids separated by commas: products containing any of them are left out, and so are products ' +
      'whose allergens the seller has not confirmed',
    example: 'milk,gluten',
  })
  @Transform(({ value }) =>
    typeof value === 'string'
      ? [
          ...new Set(
            value
              .split(',')
              .map((v) => v.trim())
              .filter((v) => v !== ''),
          ),
        ]
      : value,
  )
  @IsOptional()
  @IsArray({ message: MESSAGES.invalidFreeFrom })
  @IsIn([...ALLERGEN_IDS], { each: true, message: MESSAGES.invalidFreeFrom })
  freeFrom?: string[];

  @ApiProperty({
    enum: [...DIETS],
    enumName: 'Diet',
    required: false,
    description: 'Only products suiting this diet',
  })
  @IsOptional()
  @IsIn([...DIETS], { message: MESSAGES.invalidDietFilter })
  diet?: Diet;

  @ApiProperty({
    type: Boolean,
    required: false,
    description: 'true: only products in a promotion running now ("On offer")',
  })
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsOptional()
  @IsBoolean({ message: PROMOTION_TEXTS.invalidOnOffer })
  onOffer?: boolean;
}
