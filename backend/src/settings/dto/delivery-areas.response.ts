import { ApiProperty } from '@nestjs/swagger';
import { DeliveryAreasDto } from './delivery-areas.dto';

export class DeliveryAreasResponse {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ required: false })
  message?: string;

  @ApiProperty({ type: () => DeliveryAreasDto })
  areas: DeliveryAreasDto;
}
