import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_CITIES, MESSAGES } from '@larder/shared-domain';
import { TextField } from '../../common/api-field';

export class DeliveryCheckQuery {
  @TextField({
    maxLength: 10,
    message: MESSAGES.invalidPostcode,
    description: 'A UK postcode, in any case and spacing',
    example: 'BS8 1TL',
  })
  postcode!: string;
}

export class DeliveryCheckResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ description: 'Whether the shop delivers to this postcode', example: true })
  delivers: boolean;

  @ApiProperty({ description: 'The postcode as Royal Mail writes it', example: 'BS8 1TL' })
  postcode: string;

  @ApiProperty({
    required: false,
    enum: [...DELIVERY_CITIES],
    description: 'The delivery city to choose for it, when the shop delivers there',
    example: 'Bristol',
  })
  city?: string;
}
