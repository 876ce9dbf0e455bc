import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ACTIVITY_MESSAGES, addCalendarDays, londonInstant, parseIsoDate } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import { ApiInvalid } from '../common/openapi-docs';
import { pageInfo, pageRequest } from '../common/pagination';
import { SellerAuth } from '../session/session.decorators';
import { ActivityQuery, ActivityResponse } from './dto/activity.dto';
import { ActivityRepository } from './activity.repository';

/** The start of a London day given as YYYY-MM-DD (`days` later), or a 400. */
function startOfLondonDay(value: string, days = 0): Date {
  const date = parseIsoDate(value);
  if (!date) throw new InvalidError(ACTIVITY_MESSAGES.dateInvalid);
  const next = parseIsoDate(addCalendarDays(date.year, date.month, date.day, days))!;
  return londonInstant(next.year, next.month, next.day);
}

@ApiTags('seller')
@Controller('api/seller/activity')
export class ActivityController {
  constructor(private readonly activity: ActivityRepository) {}

  @Get()
  @SellerAuth('owner', 'manager')
  @ApiOperation({
    summary:
      'The activity log, newest first: who changed what in the seller area and when, by person, kind and London dates (owner and managers)',
  })
  @ApiOkResponse({ type: ActivityResponse })
  @ApiInvalid('A filter is not valid')
  async listActivity(@Query() query: ActivityQuery): Promise<ActivityResponse> {
    const page = pageRequest(query);
    const filter = {
      actor: query.actor?.toLowerCase(),
      kind: query.kind,
      from: query.from ? startOfLondonDay(query.from) : undefined,
      before: query.to ? startOfLondonDay(query.to, 1) : undefined,
    };
    const { rows, total } = await this.activity.page(filter, page.limit, page.offset);
    const people = await this.activity.people();
    return {
      success: true,
      ...pageInfo(page, total),
      entries: rows.map((r) => ({
        at: new Date(r.at).toISOString(),
        actor: { _id: r.actorId, name: r.actorName, role: r.actorRole },
        action: r.action,
        kind: r.kind,
        id: r.subjectId,
        summary: r.summary,
      })),
      people: people.map((p) => ({ _id: p.id, name: p.name, role: p.role })),
    };
  }
}
