import { Body, Controller, Headers, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FULFILMENT_ROLES, MESSAGES } from '@larder/shared-domain';
import { CurrentStaff, SellerAuth, type StaffIdentity } from '../session/session.decorators';
import { ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { IdParam } from '../common/uuid-param';
import { IdempotencyKeyHeader, OrderIdParam } from '../orders/order-request';
import { toSellerOrderView } from '../orders/order-views';
import { FulfilmentResponse } from './dto/fulfilment.response';
import { UpdateFulfilmentDto } from './dto/update-fulfilment.dto';
import { FulfilmentService } from './fulfilment.service';

/** An order's steps on the floor and at the door. */
@ApiTags('order')
@Controller('api/order')
export class FulfilmentController {
  constructor(private readonly fulfilment: FulfilmentService) {}

  @Put(':id/fulfilment')
  @SellerAuth(...FULFILMENT_ROLES)
  @OrderIdParam()
  @IdempotencyKeyHeader(
    "Any unique string per step (a driver's phone gives each outcome its own): the step sent again with the " +
      'same key changes nothing and answers with the order',
  )
  @ApiOperation({
    summary: 'Move an order to its next fulfilment stage, or record what happened at the door (seller only)',
    description:
      'placed → picking → picked → out_for_delivery → delivered, one step at a time. picking ends changes by the ' +
      'customer. picked needs every line with the units found and any substitute (charged at the lower unit ' +
      'price, with its own VAT); the order is re-priced, never higher. delivered sets the status Completed and ' +
      'the order paid, with what was collected (cash and card) and the ID check: lines refused at the door, and ' +
      'every 18+ line when the ID check failed, leave the total. failed_delivery (with a reason; a note for ' +
      'other) keeps the order Pending in its slot and tells the customer; such an order is then re-booked with ' +
      'stage placed and a deliverySlot of the delivery date on offer (it waits as picked, its goods packed) or ' +
      'cancelled through the status call. Pickers pick, drivers take orders out and record the door; ' +
      're-booking is for the owner and managers (403 otherwise).',
  })
  @ApiOkResponse({ type: FulfilmentResponse })
  @ApiInvalid(
    'Unknown stage, lines missing or not matching the order, a substitute where none is allowed, a negative ' +
      'amount collected, a failed delivery without a reason, a re-booking without a slot, a field of another stage',
  )
  @ApiNotFound()
  @ApiConflict(
    'Not the next stage, a cancelled or completed order, a substitute without enough stock, a re-booking to ' +
      'another date or to a full slot',
  )
  async updateFulfilment(
    @IdParam(MESSAGES.orderNotFound) id: string,
    @Body() body: UpdateFulfilmentDto,
    @CurrentStaff() staff: StaffIdentity,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<FulfilmentResponse> {
    const order = await this.fulfilment.changeFulfilment(id, body, idempotencyKey, staff);
    return { success: true, message: MESSAGES.fulfilmentUpdated, order: toSellerOrderView(order) };
  }
}
