import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsObject } from 'class-validator';
import {
  DEFAULT_LICENSED_HOURS,
  FOOD_PROMOTION_TEXTS,
  LICENCE_TEXTS,
  MAX_LICENCE_TEXT_LENGTH,
  type LicensedHours,
} from '@larder/shared-domain';
import { BoolField, TextField } from '../../common/api-field';

/** Whether the food promotion rules (SI 2021/1368, SI 2025/395) apply: 50 or more employees. */
export class FoodPromotionSettingsDto {
  @BoolField({
    description:
      'Larder has 50 or more employees, so less healthy products are kept out of volume promotions and prime places',
    example: true,
    message: FOOD_PROMOTION_TEXTS.invalid,
  })
  qualifyingBusiness: boolean;
}

export class FoodPromotionSettingsResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({
    description:
      'Whether the food promotion and placement rules apply (50 or more employees); false by default, when nothing changes',
  })
  qualifyingBusiness: boolean;
}

const HOURS_SCHEMA = {
  type: 'object',
  description:
    'Hours for the sale of alcohol, London time, by ISO weekday ("1" = Monday .. "7" = Sunday): ["HH:MM", "HH:MM"], from before until ("24:00" for midnight)',
  additionalProperties: {
    type: 'array',
    items: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
    minItems: 2,
    maxItems: 2,
  },
  example: DEFAULT_LICENSED_HOURS,
} as const;

/** The premises licence (Licensing Act 2003): its number, the designated premises supervisor, the hours. */
export class LicenceSettingsDto {
  @TextField({
    description: "The premises licence's number; null or blank for none recorded",
    maxLength: MAX_LICENCE_TEXT_LENGTH,
    required: false,
    nullable: true,
    example: 'BCC/PL/01234',
    message: LICENCE_TEXTS.textTooLong,
  })
  premisesLicence?: string | null;

  @TextField({
    description: 'The designated premises supervisor; null or blank for none recorded',
    maxLength: MAX_LICENCE_TEXT_LENGTH,
    required: false,
    nullable: true,
    example: 'Sam Patel',
    message: LICENCE_TEXTS.textTooLong,
  })
  supervisor?: string | null;

  @ApiProperty(HOURS_SCHEMA)
  @IsDefined({ message: LICENCE_TEXTS.hoursInvalid })
  @IsObject({ message: LICENCE_TEXTS.hoursInvalid })
  hours: LicensedHours;
}

export class LicenceSettingsResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({ type: String, nullable: true, description: "The premises licence's number" })
  premisesLicence: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The designated premises supervisor' })
  supervisor: string | null;

  @ApiProperty(HOURS_SCHEMA)
  hours: LicensedHours;
}
