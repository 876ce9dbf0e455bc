import { Body, Controller, Get, Headers, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotImplementedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FULFILMENT_ROLES, MESSAGES } from '@larder/shared-domain';
import {
  CurrentCustomer,
  CurrentStaff,
  CustomerAuth,
  SellerAuth,
  type StaffIdentity,
} from '../session/session.decorators';
import { ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { ErrorResponse, SuccessResponse } from '../common/responses';
import { PageQuery, pageInfo, pageRequest } from '../common/pagination';
import { CustomerRateLimited } from '../common/throttling';
import { ApiIdParam, IdParam } from '../common/uuid-param';
import { ChangeOrderDto, PlaceOrderDto } from './dto/place-order.dto';
import {
  ChangeOrderResponse,
  FulfilmentResponse,
  PlaceOrderResponse,
  SellerOrdersResponse,
  StripeCheckoutResponse,
  TotalsChangedResponse,
  UserOrdersResponse,
  WebhookResponse,
} from './dto/order.response';
import { UpdateOrderStatusDto } from './dto/update-order-status.dto';
import { UpdateFulfilmentDto } from './dto/update-fulfilment.dto';
import { CheckoutService } from './checkout.service';
import { OrderStatusService } from './order-status.service';
import { toOrderView, toSellerOrderView } from './order-views';
import { StripeWebhookService } from './stripe-webhook.service';

const IdempotencyKeyHeader = () =>
  ApiHeader({
    name: 'idempotency-key',
    required: false,
    description:
      'Any unique string per checkout attempt: repeating it answers the first order instead of placing another',
  });

const OrderIdParam = () => ApiIdParam('Order id');

@ApiTags('order')
@Controller('api/order')
export class OrdersController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly orders: OrderStatusService,
    private readonly stripeEvents: StripeWebhookService,
  ) {}

  @Post('cod')
  @HttpCode(201)
  // Above @CustomerAuth(): decorators apply bottom-up, so the customer guard runs first and the limit counts per customer.
  @CustomerRateLimited('order')
  @CustomerAuth()
  @IdempotencyKeyHeader()
  @ApiOperation({
    summary: 'Place a cash-on-delivery order',
    description:
      'Checks the address, the delivery slot, stock and the totals (recomputed on the server), then stores the order ' +
      "and empties the customer's cart in one transaction. The posted userId is ignored.",
  })
  @ApiCreatedResponse({ type: PlaceOrderResponse })
  @ApiInvalid('Missing address or delivery slot, empty order, bad quantities')
  @ApiConflictResponse({
    type: TotalsChangedResponse,
    description:
      'Totals changed (current figures included), an item is out of stock, a quantity is above the ' +
      "product's maxPerOrder, the customer already has the seller's maxOpenOrders open orders, or the delivery " +
      'date is gone',
  })
  async placeCodOrder(
    @CurrentCustomer() customer: { userId: string },
    @Body() body: PlaceOrderDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<PlaceOrderResponse> {
    const orderId = await this.checkout.placeCodOrder(customer.userId, body, idempotencyKey);
    return { success: true, message: MESSAGES.orderPlaced, orderId };
  }

  @Post('stripe')
  @HttpCode(201)
  // Above @CustomerAuth(): decorators apply bottom-up, so the customer guard runs first and the limit counts per customer.
  @CustomerRateLimited('order')
  @CustomerAuth()
  @IdempotencyKeyHeader()
  @ApiOperation({
    summary: 'Start a card payment with Stripe Checkout',
    description:
      'Same checks as the COD call; stores the order unpaid and answers the Stripe Checkout URL to redirect to. ' +
      'The order is marked paid (and the cart emptied) when Stripe reports the payment.',
  })
  @ApiCreatedResponse({ type: StripeCheckoutResponse })
  @ApiInvalid()
  @ApiConflictResponse({ type: TotalsChangedResponse, description: 'As for the COD call' })
  @ApiNotImplementedResponse({ type: ErrorResponse, description: 'Card payments are not configured' })
  async placeStripeOrder(
    @CurrentCustomer() customer: { userId: string },
    @Body() body: PlaceOrderDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<StripeCheckoutResponse> {
    const { orderId, url } = await this.checkout.placeStripeOrder(customer.userId, body, idempotencyKey);
    return { success: true, url, orderId };
  }

  @Post('stripe/webhook')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stripe webhook',
    description: 'Called by Stripe; the Stripe-Signature header is verified against the raw body.',
  })
  @ApiHeader({
    name: 'stripe-signature',
    required: true,
    description: 'Signature of the raw body, from Stripe',
  })
  @ApiBody({ schema: { type: 'object', description: 'A Stripe event', additionalProperties: true } })
  @ApiOkResponse({ type: WebhookResponse })
  @ApiInvalid('Missing or invalid signature')
  @ApiNotImplementedResponse({ type: ErrorResponse, description: 'Card payments are not configured' })
  async stripeWebhook(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature?: string,
  ): Promise<WebhookResponse> {
    await this.stripeEvents.handle(req.rawBody, signature);
    return { success: true, received: true };
  }

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

  @Put(':id')
  @CustomerRateLimited('order')
  @CustomerAuth()
  @OrderIdParam()
  @ApiHeader({
    name: 'idempotency-key',
    required: false,
    description:
      'Any unique string per change: the change sent again with the same key changes nothing and answers with the order',
  })
  @ApiOperation({
    summary: 'Change an own order until the cut-off',
    description:
      "Replaces the order's lines (and its slot or address when given), re-priced as of now, while the order is " +
      'Pending, not yet being picked and before changeableUntil (15:00 London on the day before delivery). ' +
      'Checked as placing is; only the difference in stock moves. Cash-on-delivery orders only.',
  })
  @ApiOkResponse({ type: ChangeOrderResponse })
  @ApiInvalid("Empty order, bad quantities, an address that is not the customer's")
  @ApiNotFound('No such order of this customer')
  @ApiConflict(
    "The order can no longer be changed, an item is out of stock, a quantity is above the product's maxPerOrder " +
      '(beyond what the order had), the slot is full',
  )
  async changeOrder(
    @CurrentCustomer() customer: { userId: string },
    @IdParam(MESSAGES.orderNotFound) id: string,
    @Body() body: ChangeOrderDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<ChangeOrderResponse> {
    const order = await this.checkout.changeOrder(customer.userId, id, body, idempotencyKey);
    return { success: true, message: MESSAGES.orderChanged, order: toOrderView(order) };
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

  @Put(':id/fulfilment')
  @SellerAuth(...FULFILMENT_ROLES)
  @OrderIdParam()
  @ApiHeader({
    name: 'idempotency-key',
    required: false,
    description:
      "Any unique string per step (a driver's phone gives each outcome its own): the step sent again with the " +
      'same key changes nothing and answers with the order',
  })
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
    const order = await this.orders.changeFulfilment(id, body, idempotencyKey, staff);
    return { success: true, message: MESSAGES.fulfilmentUpdated, order: toSellerOrderView(order) };
  }
}
