import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SellerAuth } from '../session/session.decorators';
import { ApiInvalid } from '../common/openapi-docs';
import { PickingResponse, RunResponse } from './dto/fulfilment.response';
import { PickingDayQuery, RunSheetQuery } from './dto/update-fulfilment.dto';
import { PickingService } from './picking.service';

@ApiTags('seller')
@Controller('api/seller')
export class PickingController {
  constructor(private readonly picking: PickingService) {}

  @Get('picking')
  @SellerAuth('owner', 'manager', 'picker')
  @ApiOperation({
    summary: 'The pick list and the orders per slot of a delivery date (owner, managers, pickers)',
    description:
      "Every live product's units across the date's non-cancelled orders, by category then name, and the " +
      'orders of each delivery slot. Without a date, the earliest date from the next picking date on that has ' +
      'orders, so the seller opens on work to do.',
  })
  @ApiOkResponse({ type: PickingResponse })
  @ApiInvalid('date is not a YYYY-MM-DD calendar date')
  async getPicking(@Query() query: PickingDayQuery): Promise<PickingResponse> {
    return { success: true, ...(await this.picking.pickingDay(query.date)) };
  }

  @Get('run')
  @SellerAuth('owner', 'manager', 'driver')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      "A delivery slot's orders in run-sheet order, for the driver's Run page (owner, managers, drivers)",
    description:
      'The non-cancelled orders of the slot by postcode, as the seller sees them (customer, phone, due).',
  })
  @ApiOkResponse({ type: RunResponse })
  @ApiInvalid('date or time missing or not valid')
  async getRun(@Query() query: RunSheetQuery): Promise<RunResponse> {
    return {
      success: true,
      date: query.date,
      time: query.time,
      orders: await this.picking.run(query.date, query.time),
    };
  }

  @Get('run-sheet')
  @SellerAuth('owner', 'manager', 'driver')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "A delivery slot's run sheet as CSV (owner, managers, drivers)",
    description:
      'Columns: reference, customer, phone, address, postcode, items, amount to collect, notes; one row per ' +
      'non-cancelled order of the slot, ordered by postcode.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The run sheet', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiInvalid('date or time missing or not valid')
  async getRunSheet(
    @Query() query: RunSheetQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = await this.picking.runSheet(query.date, query.time);
    const slot = query.time.replace(/\D+/g, '');
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="run-sheet-${query.date}-${slot}.csv"`);
    return csv;
  }
}
