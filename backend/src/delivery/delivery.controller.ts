import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiInvalid } from '../common/openapi-docs';
import { DeliveryService } from './delivery.service';
import { DeliveryCheckQuery, DeliveryCheckResponse } from './dto/delivery-check.dto';
import { DeliverySlotsResponse } from './dto/delivery-slots.response';

@ApiTags('delivery')
@Controller('api/delivery')
export class DeliveryController {
  constructor(private readonly delivery: DeliveryService) {}

  /** The selectable delivery date and, for each of its three slots, the capacity and the places left. */
  @Get('slots')
  @ApiOperation({ summary: 'The selectable delivery date and the places left in each of its slots' })
  @ApiOkResponse({ type: DeliverySlotsResponse })
  async listDeliverySlots(): Promise<DeliverySlotsResponse> {
    return { success: true, ...(await this.delivery.listSlots()) };
  }

  /** Whether the shop delivers to a postcode, and as which city (anyone may ask). */
  @Get('check')
  @ApiOperation({ summary: 'Whether the shop delivers to a postcode, and as which city' })
  @ApiOkResponse({ type: DeliveryCheckResponse })
  @ApiInvalid('"Please enter a valid UK postcode"')
  async checkDelivery(@Query() query: DeliveryCheckQuery): Promise<DeliveryCheckResponse> {
    return { success: true, ...(await this.delivery.checkPostcode(query.postcode)) };
  }
}
