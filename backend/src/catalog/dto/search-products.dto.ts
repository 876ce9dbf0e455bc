import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsString, MaxLength, MinLength } from 'class-validator';
import { MESSAGES, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@larder/shared-domain';

export class SearchProductsQuery {
  @ApiProperty({
    description: `What to look for in names, categories and descriptions (typos forgiven), ${SEARCH_MIN_LENGTH}-${SEARCH_MAX_LENGTH} characters`,
    minLength: SEARCH_MIN_LENGTH,
    maxLength: SEARCH_MAX_LENGTH,
    example: 'carots',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsDefined({ message: MESSAGES.invalidSearch })
  @IsString({ message: MESSAGES.invalidSearch })
  @MinLength(SEARCH_MIN_LENGTH, { message: MESSAGES.invalidSearch })
  @MaxLength(SEARCH_MAX_LENGTH, { message: MESSAGES.invalidSearch })
  q: string;
}
