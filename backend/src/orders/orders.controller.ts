import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@larder/shared-domain';
import {
  CurrentCustomer,
  CurrentStaff,
  CustomerAuth,
  SellerAuth,
  type StaffIdentity,
} from '../session/session.decorators';
import { ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { SuccessResponse } from '../common/responses';
import { PageQuery, pageInfo, pageRequest } from '../common/pagination';
import { IdParam } from '../common/uuid-param';
import { SellerOrdersResponse, UserOrdersResponse } from './dto/order.response';
import { UpdateOrderStatusDto } from './dto/update-order-status.dto';
import { OrderIdParam } from './order-request';
import { OrdersService } from './orders.service';

/** The order's own routes: the customer's list and cancel, the seller's list and status. */
@ApiTags('order')
@Controller('api/order')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get('user')
  @CustomerAuth()
  @ApiOperation({ summary: "The signed-in customer's orders, newest first" })
  @ApiOkResponse({ type: UserOrdersResponse })
  async listUserOrders(@CurrentCustomer() customer: { userId: string }): Promise<UserOrdersResponse> {
    return { success: true, orders: await this.orders.listUserOrders(customer.userId) };
  }

  @Put(':id/cancel')
  @CustomerAuth()
  @OrderIdParam()
  @ApiOperation({ summary: 'Cancel an own Pending order within 1 hour of placing it' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFound('No such order of this customer')
  @ApiConflict('Not Pending any more, or the 1-hour window has closed')
  async cancelOrder(
    @CurrentCustomer() customer: { userId: string },
    @IdParam(MESSAGES.orderNotFound) id: string,
  ): Promise<SuccessResponse> {
    await this.orders.cancelOrder(customer.userId, id);
    return { success: true, message: MESSAGES.orderCancelled };
  }

  @Get('seller')
  @SellerAuth('owner', 'manager', 'picker')
  @ApiOperation({
    summary: 'Every order, newest first, a page at a time, with the customer details (seller only)',
  })
  @ApiOkResponse({ type: SellerOrdersResponse })
  @ApiInvalid('page or limit is not a whole number in range')
  async listSellerOrders(@Query() query: PageQuery): Promise<SellerOrdersResponse> {
    const page = pageRequest(query);
    const { rows, total } = await this.orders.listSellerOrders(page);
    return { success: true, orders: rows, ...pageInfo(page, total) };
  }

  @Put(':id/status')
  @SellerAuth()
  @OrderIdParam()
  @ApiOperation({
    summary: "Set an order's status (seller only)",
    description:
      'A Pending order may become Completed (a COD order is then marked paid; a card order must be paid already) ' +
      'or Cancelled (its units and delivery slot place are given back). A Completed or Cancelled order never ' +
      'changes again. Setting the status the order already has changes nothing.',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiInvalid()
  @ApiNotFound()
  @ApiConflict('The order is Completed or Cancelled already, or it is an unpaid card order to complete')
  async updateOrderStatus(
    @IdParam(MESSAGES.orderNotFound) id: string,
    @Body() body: UpdateOrderStatusDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<SuccessResponse> {
    await this.orders.updateOrderStatus(id, body.status, staff);
    return { success: true, message: MESSAGES.orderUpdated };
  }
}
