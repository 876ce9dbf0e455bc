import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ADDRESS_FIELD_MAX_LENGTH, DELIVERY_CITIES, DELIVERY_COUNTRY, MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';

/**
 * An address field as posted. Presence and the delivery rules (city, country, postcode) are checked by the
 * service with the shop's own messages ("Please fill all fields", ...), so blank values pass the pipe.
 */
function AddressTextField(options: {
  description: string;
  example: string;
  enum?: readonly string[];
}): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: String,
      required: true,
      description: options.description,
      example: options.example,
      maxLength: ADDRESS_FIELD_MAX_LENGTH,
      ...(options.enum ? { enum: [...options.enum] } : {}),
    }),
    IsOptional(),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    // A field that is not text is as unusable as a blank one: the same message.
    IsString({ message: MESSAGES.fillAllFields }),
    MaxLength(ADDRESS_FIELD_MAX_LENGTH, {
      message: `$property must be at most ${ADDRESS_FIELD_MAX_LENGTH} characters`,
    }),
  );
}

export class AddressInputDto {
  @AddressTextField({ description: 'House number and street', example: '12 Park Street' })
  street: string;

  @AddressTextField({ description: 'One of the delivery cities', example: 'Bristol', enum: DELIVERY_CITIES })
  city: string;

  @AddressTextField({ description: 'County or region', example: 'City of Bristol' })
  state: string;

  @AddressTextField({ description: 'A UK postcode', example: 'BS1 5TR' })
  postalCode: string;

  @AddressTextField({ description: 'Delivery country', example: DELIVERY_COUNTRY, enum: [DELIVERY_COUNTRY] })
  country: string;
}

export class AddressDto {
  @ResponseField({ format: 'uuid' })
  _id: string;

  @ResponseField({ example: '12 Park Street' })
  street: string;

  @ResponseField({ example: 'Bristol' })
  city: string;

  @ResponseField({ example: 'City of Bristol' })
  state: string;

  @ResponseField({ example: 'BS1 5TR' })
  postalCode: string;

  @ResponseField({ example: DELIVERY_COUNTRY })
  country: string;
}
