import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DeliveryService } from './delivery.service';
import { DeliverySlotsResponse } from './dto/delivery-slots.response';

@ApiTags('delivery')
@Controller('api/delivery')
export class DeliveryController {
  constructor(private readonly delivery: DeliveryService) {}

  /** The selectable delivery date and, for each of its three slots, the capacity and the places left. */
  @Get('slots')
  @ApiOkResponse({ type: DeliverySlotsResponse })
  async listDeliverySlots(): Promise<DeliverySlotsResponse> {
    return { success: true, ...(await this.delivery.listSlots()) };
  }
}
