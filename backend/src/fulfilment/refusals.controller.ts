import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  addCalendarDays,
  londonInstant,
  parseIsoDate,
  refusalsCsv,
  REFUSALS_TEXTS,
} from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import { EnumField, ResponseField, TextField } from '../common/api-field';
import { ApiInvalid } from '../common/openapi-docs';
import { SellerAuth } from '../session/session.decorators';
import { RefusalsRepository } from './refusals.repository';

/** The longest range asked at once (a year, as the takings). */
const MAX_REFUSAL_DAYS = 366;

const DATE = { maxLength: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, message: REFUSALS_TEXTS.rangeInvalid };

export class RefusalsQuery {
  @TextField({ ...DATE, description: 'First London day, YYYY-MM-DD', example: '2026-11-01' })
  from!: string;

  @TextField({ ...DATE, description: 'Last London day, YYYY-MM-DD', example: '2026-11-30' })
  to!: string;

  @EnumField(['json', 'csv'], { required: false, description: 'csv: one row a refusal', example: 'json' })
  format?: 'json' | 'csv';
}

class RefusalOrderView {
  @ResponseField() _id!: string;
  @ResponseField({ description: 'The order reference shoppers and staff read', example: 'AB12CD34' })
  reference!: string;
}

class RefusalDriverView {
  @ApiProperty({ type: String, nullable: true }) _id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Their name when they recorded it' })
  name!: string | null;
}

class RefusalView {
  @ResponseField({ description: 'When it was recorded at the door (ISO instant)' }) at!: string;
  @ResponseField({ type: () => RefusalOrderView }) order!: RefusalOrderView;
  @ResponseField({ type: () => RefusalDriverView }) driver!: RefusalDriverView;
  @ResponseField({ type: [String], description: 'The 18+ products refused' }) products!: string[];
  @ResponseField({ example: 'ID check failed (Challenge 25)' }) reason!: string;
}

export class RefusalsResponse {
  @ResponseField({ example: true }) success!: true;
  @ResponseField({ type: () => RefusalView, isArray: true, description: 'Oldest first' })
  refusals!: RefusalView[];
}

/** The range as instants: from the start of `from` to the start of the day after `to` (London), or a 400. */
function range(from: string, to: string): { from: Date; before: Date } {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new InvalidError(REFUSALS_TEXTS.rangeInvalid);
  const start = londonInstant(a.year, a.month, a.day);
  const next = parseIsoDate(addCalendarDays(b.year, b.month, b.day, 1))!;
  const before = londonInstant(next.year, next.month, next.day);
  const days = Math.round((before.getTime() - start.getTime()) / 86_400_000);
  if (days < 1 || days > MAX_REFUSAL_DAYS) throw new InvalidError(REFUSALS_TEXTS.rangeInvalid);
  return { from: start, before };
}

@ApiTags('seller')
@Controller('api/seller/refusals')
export class RefusalsController {
  constructor(private readonly refusals: RefusalsRepository) {}

  @Get()
  @SellerAuth('owner', 'manager')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'The refusals log: every failed ID check and every 18+ product refused at the door, by London dates, or as CSV (owner and managers)',
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: RefusalsResponse, description: 'JSON, or text/csv with format=csv' })
  @ApiInvalid('from or to not a date, from after to, or more than 366 days')
  async listRefusals(
    @Query() query: RefusalsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RefusalsResponse | string> {
    const { from, before } = range(query.from, query.to);
    const refusals = await this.refusals.between(from, before);
    if (query.format === 'csv') {
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="refusals-${query.from}-${query.to}.csv"`);
      return refusalsCsv(refusals);
    }
    return { success: true, refusals };
  }
}
