import { Body, Controller, Headers, HttpCode, Post, Put, Req } from '@nestjs/common';
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
import { MESSAGES } from '@larder/shared-domain';
import { CurrentCustomer, CustomerAuth } from '../session/session.decorators';
import { ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { ErrorResponse } from '../common/responses';
import { CustomerRateLimited } from '../common/throttling';
import { IdParam } from '../common/uuid-param';
import { IdempotencyKeyHeader, OrderIdParam } from '../orders/order-request';
import { toOrderView } from '../orders/order-views';
import { ChangeOrderDto, PlaceOrderDto } from './dto/place-order.dto';
import {
  ChangeOrderResponse,
  PlaceOrderResponse,
  StripeCheckoutResponse,
  TotalsChangedResponse,
  WebhookResponse,
} from './dto/checkout.response';
import { CardPaymentsService } from './card-payments.service';
import { CheckoutService } from './checkout.service';
import { CheckoutFastPath } from './checkout-fast-path';
import { OrderChangeService } from './order-change.service';
import { StripeWebhookService } from './stripe-webhook.service';

const CheckoutKeyHeader = () =>
  IdempotencyKeyHeader(
    'Any unique string per checkout attempt: repeating it answers the first order instead of placing another',
  );

/** Placing an order (cash on delivery or card), Stripe's reports, and the customer's change of an order. */
@ApiTags('order')
@Controller('api/order')
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly cardPayments: CardPaymentsService,
    private readonly change: OrderChangeService,
    private readonly stripeEvents: StripeWebhookService,
  ) {}

  @Post('cod')
  @HttpCode(201)
  // Answered before Nest's handler by ./checkout-fast-path.ts, with the same guards, checks and service call.
  @CheckoutFastPath()
  // Above @CustomerAuth(): decorators apply bottom-up, so the customer guard runs first and the limit counts per customer.
  @CustomerRateLimited('order')
  @CustomerAuth()
  @CheckoutKeyHeader()
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
    return this.checkout.placeCod(customer.userId, body, idempotencyKey);
  }

  @Post('stripe')
  @HttpCode(201)
  // Above @CustomerAuth(): decorators apply bottom-up, so the customer guard runs first and the limit counts per customer.
  @CustomerRateLimited('order')
  @CustomerAuth()
  @CheckoutKeyHeader()
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
    const { orderId, url } = await this.cardPayments.placeStripeOrder(customer.userId, body, idempotencyKey);
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

  @Put(':id')
  @CustomerRateLimited('order')
  @CustomerAuth()
  @OrderIdParam()
  @IdempotencyKeyHeader(
    'Any unique string per change: the change sent again with the same key changes nothing and answers with the order',
  )
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
    const order = await this.change.changeOrder(customer.userId, id, body, idempotencyKey);
    return { success: true, message: MESSAGES.orderChanged, order: toOrderView(order) };
  }
}
