import { Body, Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentStaff, SellerAuth, type StaffIdentity } from '../session/session.decorators';
import { ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { CashUpDto, CashUpQuery, CashUpResponse, TakingsQuery, TakingsResponse } from './dto/money.dto';
import { CashUpService } from './cash-up.service';
import { TakingsService } from './takings.service';

@ApiTags('seller')
@Controller('api/seller')
export class TakingsController {
  constructor(
    private readonly takings: TakingsService,
    private readonly cashUps: CashUpService,
  ) {}

  @Get('takings')
  @SellerAuth()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Takings of delivered orders per day and VAT rate, or as CSV (owner and managers)',
    description:
      'Per London day of supply: net, VAT and gross per VAT rate, delivery charges, cash and card, refunds, and ' +
      "the savings promotions gave. Each order's rates add up to its own goods and VAT, so the figures add up to " +
      "the orders' totals to the penny. format=csv: one row per delivered order (reference, date of supply, net " +
      'and VAT per rate, delivery, gross, cash, card, refunded, savings).',
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: TakingsResponse, description: 'JSON, or text/csv with format=csv' })
  @ApiInvalid('from or to not a date, from after to, or more than 366 days')
  async getTakings(
    @Query() query: TakingsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TakingsResponse | string> {
    if (query.format === 'csv') {
      // Made before any header is set, so a refused range is answered as the error it is.
      const csv = await this.takings.takingsCsv(query.from, query.to);
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="takings-${query.from}-${query.to}.csv"`);
      return csv;
    }
    return { success: true, ...(await this.takings.takings(query.from, query.to)) };
  }

  @Get('cash-up')
  @SellerAuth()
  @ApiOperation({
    summary: "A delivery date's runs for cash-up (owner and managers)",
    description:
      'Per slot: who recorded its outcomes, how many were delivered and failed, what its delivered orders were ' +
      'due and what was collected (cash, card), and once signed off the cash handed in, the variance and why.',
  })
  @ApiOkResponse({ type: CashUpResponse })
  @ApiInvalid('date is not a YYYY-MM-DD calendar date')
  async getCashUp(@Query() query: CashUpQuery): Promise<CashUpResponse> {
    return { success: true, date: query.date, runs: await this.cashUps.cashUp(query.date) };
  }

  @Post('cash-up')
  @HttpCode(200)
  @SellerAuth()
  @ApiOperation({
    summary: "Sign off a run's cash (owner and managers)",
    description:
      'variance = handed in − cash collected; a non-zero variance needs a reason. A signed-off run is locked: a ' +
      'later entry is a correction with its reason (never an edit). Both are written to the activity log.',
  })
  @ApiOkResponse({ type: CashUpResponse })
  @ApiInvalid('A variance without a reason, a bad date, slot or amount')
  @ApiNotFound('The run has no delivered orders')
  @ApiConflict('The run is signed off already and no reason was given for the correction')
  async signOffCashUp(
    @Body() body: CashUpDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<CashUpResponse> {
    return { success: true, date: body.date, runs: [await this.cashUps.signOff(body, staff)] };
  }
}
