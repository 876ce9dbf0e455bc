import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import { SETTINGS_CHANNEL } from '../settings/settings.repository';
import { businessDetails } from '../db/schema';
import { ActivityLog, type ActivityActor } from '../activity/activity-log';

export type BusinessDetails = Omit<typeof businessDetails.$inferSelect, 'id' | 'updatedAt'>;

/** The one row of the business's details. */
@Injectable()
export class BusinessRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async get(tx: DbExecutor = this.db): Promise<BusinessDetails | undefined> {
    const [row] = await tx.select().from(businessDetails).limit(1);
    if (!row) return undefined;
    const { id: _id, updatedAt: _at, ...details } = row;
    return details;
  }

  /**
   * Saves the details and writes who changed what in the activity log, in one transaction. Like any shop setting,
   * a save notifies SETTINGS_CHANNEL at commit: every process drops the pages it keeps rendered (their footer,
   * copyright line, terms and products without a producer name the shop by these details).
   */
  async save(details: BusinessDetails, actor: ActivityActor): Promise<BusinessDetails> {
    return this.db.transaction(async (tx) => {
      const before = await this.get(tx);
      await tx
        .insert(businessDetails)
        .values({ id: 1, ...details })
        .onConflictDoUpdate({ target: businessDetails.id, set: { ...details, updatedAt: new Date() } });
      const values = Object.fromEntries(
        (Object.keys(details) as (keyof BusinessDetails)[]).map((key) => [
          key,
          [before?.[key] ?? null, details[key]] as const,
        ]),
      );
      await ActivityLog.record(tx, actor, {
        action: 'settings.business',
        kind: 'settings',
        summary: `Business details: ${ActivityLog.changes(values) || 'no change'}`,
      });
      await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
      return details;
    });
  }
}
