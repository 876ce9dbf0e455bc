import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ActivityKind, StaffRole } from '@larder/shared-domain';
import { DB, Database } from '../db/database.module';
import { activityLog, staff } from '../db/schema';

export interface ActivityFilter {
  actor?: string;
  kind?: ActivityKind;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  before?: Date;
}

export interface ActivityRow {
  at: Date;
  actorId: string | null;
  actorName: string;
  actorRole: StaffRole | null;
  action: string;
  kind: ActivityKind;
  subjectId: string | null;
  summary: string;
}

/** Reads the activity log (the writer is ActivityLog.record, activity/activity-log.ts, in each change's transaction). */
@Injectable()
export class ActivityRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async page(
    filter: ActivityFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: ActivityRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.actor) conditions.push(eq(activityLog.actorId, filter.actor));
    if (filter.kind) conditions.push(eq(activityLog.kind, filter.kind));
    if (filter.from) conditions.push(gte(activityLog.at, filter.from));
    if (filter.before) conditions.push(lt(activityLog.at, filter.before));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.db
      .select({
        at: activityLog.at,
        actorId: activityLog.actorId,
        actorName: activityLog.actorName,
        actorRole: activityLog.actorRole,
        action: activityLog.action,
        kind: activityLog.kind,
        subjectId: activityLog.subjectId,
        summary: activityLog.summary,
      })
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.at), desc(activityLog.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(activityLog)
      .where(where);
    return {
      rows: rows.map((r) => ({
        ...r,
        actorRole: r.actorRole as StaffRole | null,
        kind: r.kind as ActivityKind,
      })),
      total,
    };
  }

  /** The members of staff now (to filter by person). */
  async people(): Promise<{ id: string; name: string; role: StaffRole }[]> {
    const rows = await this.db
      .select({ id: staff.id, name: staff.name, role: staff.role })
      .from(staff)
      .orderBy(sql`${staff.role} = 'owner' desc`, asc(sql`lower(${staff.name})`));
    return rows.map((r) => ({ ...r, role: r.role as StaffRole }));
  }
}
