import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeliveryService } from './delivery.service';
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
}
