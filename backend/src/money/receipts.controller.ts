import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { CurrentStaff, SellerAuth, type StaffIdentity } from '../session/session.decorators';
import { SessionService } from '../session/session.service';
import { CUSTOMER_AUTH, SELLER_AUTH, ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { ErrorResponse } from '../common/responses';
import { ForbiddenError, UnauthorizedError } from '../common/errors';
import { ApiIdParam, IdParam } from '../common/uuid-param';
import { ReceiptResponse, RefundDto, RefundResponse } from './dto/money.dto';
import { ReceiptsService } from './receipts.service';
import { RefundsService } from './refunds.service';

@ApiTags('order')
@Controller('api/order')
export class ReceiptsController {
  constructor(
    private readonly receipts: ReceiptsService,
    private readonly refunds: RefundsService,
    private readonly sessions: SessionService,
  ) {}

  @Get(':id/receipt')
  @ApiIdParam('Order id')
  @ApiCookieAuth(CUSTOMER_AUTH)
  @ApiCookieAuth(SELLER_AUTH)
  @ApiOperation({
    summary: "A delivered order's receipt (its customer, or any member of staff)",
    description:
      "With the shop's VAT number: a simplified VAT invoice up to £250.00, a full VAT invoice above (numbered " +
      "from an unbroken sequence, with the customer's name and address); without one, a plain receipt. Lines " +
      'are what was delivered (substitutes at their charged price, refused and missing units gone).',
  })
  @ApiOkResponse({ type: ReceiptResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse, description: 'Neither the customer nor staff signed in' })
  @ApiForbiddenResponse({
    type: ErrorResponse,
    description: 'A member of staff who must first choose a new password or turn on two-factor sign-in',
  })
  @ApiNotFound('No such order (of this customer)')
  @ApiConflict('Not delivered yet')
  async getReceipt(
    @IdParam(MESSAGES.orderNotFound) id: string,
    @Req() request: FastifyRequest,
  ): Promise<ReceiptResponse> {
    // Staff first: a member of staff who is also signed in as a customer sees any order's receipt. A member the
    // seller routes would refuse (first password, two-factor sign-in to turn on) is refused here too, before any
    // invoice number is given, unless they are also the customer signed in.
    const staff = await this.sessions.staffAdmission(request);
    if (staff?.member) return { success: true, receipt: await this.receipts.receipt(id, { staff: true }) };
    const customer = await this.sessions.customerOf(request);
    if (customer) return { success: true, receipt: await this.receipts.receipt(id, { customer }) };
    if (staff?.refusal) throw new ForbiddenError(staff.refusal);
    throw new UnauthorizedError(MESSAGES.notSignedIn);
  }

  @Post(':id/refunds')
  @HttpCode(201)
  @SellerAuth()
  @ApiIdParam('Order id')
  @ApiOperation({
    summary: 'Give money back on a paid order (owner and managers)',
    description:
      'Never more than can be given back: a cash-on-delivery order, what was handed over at the door less what ' +
      'was refunded; a card order, what it is owed. The refund settles refundDue as far as it covers it, gets a ' +
      'credit note number from its own unbroken sequence, appears on the receipt and in the takings, and is ' +
      'written to the activity log and e-mailed to the customer.',
  })
  @ApiCreatedResponse({ type: RefundResponse })
  @ApiInvalid('Amount not above 0 or not in pence, unknown method, lines not of the order')
  @ApiNotFound()
  @ApiConflict('Not paid, or more than can be given back')
  async refundOrder(
    @IdParam(MESSAGES.orderNotFound) id: string,
    @Body() body: RefundDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<RefundResponse> {
    return { success: true, refund: await this.refunds.refund(id, body, staff) };
  }
}
