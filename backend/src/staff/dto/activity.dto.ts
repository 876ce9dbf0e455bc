import {
  ACTIVITY_KINDS,
  ACTIVITY_MESSAGES,
  STAFF_ROLES,
  type ActivityKind,
  type StaffRole,
} from '@larder/shared-domain';
import { EnumField, ResponseField, TextField, UuidField } from '../../common/api-field';
import { PageInfo, PageQuery } from '../../common/pagination';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/seller/activity: a page of entries, newest first, narrowed by person, kind and London dates. */
export class ActivityQuery extends PageQuery {
  @UuidField({
    required: false,
    description: 'Only what this member did',
    message: ACTIVITY_MESSAGES.actorInvalid,
  })
  actor?: string;

  @EnumField(ACTIVITY_KINDS, {
    enumName: 'ActivityKind',
    required: false,
    description: 'Only entries about this kind of thing',
    message: ACTIVITY_MESSAGES.kindInvalid,
  })
  kind?: ActivityKind;

  @TextField({
    required: false,
    maxLength: 10,
    pattern: ISO_DATE,
    description: 'From this day (London), YYYY-MM-DD',
    example: '2026-11-01',
    message: ACTIVITY_MESSAGES.dateInvalid,
  })
  from?: string;

  @TextField({
    required: false,
    maxLength: 10,
    pattern: ISO_DATE,
    description: 'Up to and including this day (London), YYYY-MM-DD',
    example: '2026-11-30',
    message: ACTIVITY_MESSAGES.dateInvalid,
  })
  to?: string;
}

export class ActivityActorDto {
  @ResponseField({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'Null for a sign-in by nobody on the staff',
  })
  _id: string | null;

  @ResponseField({ example: 'Pat Picker', description: 'As they were named at the time' })
  name: string;

  @ResponseField({
    enum: STAFF_ROLES,
    enumName: 'StaffRole',
    nullable: true,
    description: 'Their role at the time',
  })
  role: StaffRole | null;
}

export class ActivityEntryDto {
  @ResponseField({ format: 'date-time' })
  at: string;

  @ResponseField({ type: ActivityActorDto })
  actor: ActivityActorDto;

  @ResponseField({ example: 'order.fulfilment' })
  action: string;

  @ResponseField({ enum: ACTIVITY_KINDS, enumName: 'ActivityKind' })
  kind: ActivityKind;

  @ResponseField({
    type: String,
    nullable: true,
    description: 'What it touched (a product, order or member id)',
  })
  id: string | null;

  @ResponseField({ example: 'Price £2.00 → £1.80' })
  summary: string;
}

export class ActivityPersonDto {
  @ResponseField({ format: 'uuid' })
  _id: string;

  @ResponseField({ example: 'Pat Picker' })
  name: string;

  @ResponseField({ enum: STAFF_ROLES, enumName: 'StaffRole' })
  role: StaffRole;
}

export class ActivityResponse extends PageInfo {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ type: [ActivityEntryDto], description: 'Newest first' })
  entries: ActivityEntryDto[];

  @ResponseField({ type: [ActivityPersonDto], description: 'The members of staff now, to filter by person' })
  people: ActivityPersonDto[];
}
