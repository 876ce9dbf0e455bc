import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import { activityLog, emailOutbox } from '../db/schema';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = Pick<
  typeof emailOutbox.$inferInsert,
  'kind' | 'orderId' | 'recipient' | 'subject' | 'textBody' | 'htmlBody'
>;

/**
 * The e-mail outbox's writes and the sender's reads (metrics/metrics.ts only counts the backlog for its gauges).
 * Times come from the database's clock, shared by replicas.
 */
@Injectable()
export class OutboxRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Adds a message, in the caller's transaction: it exists exactly when that transaction commits. */
  async insert(row: NewOutboxRow, tx: DbExecutor = this.db): Promise<void> {
    await tx.insert(emailOutbox).values(row);
  }

  /**
   * Claims up to `limit` unsent messages that are due and have attempts left: counts the attempt and moves
   * next_attempt_at `leaseMs` ahead, so no other process picks them up while this one sends. Rows another
   * process is claiming at the same moment are skipped, never waited for.
   */
  async claimDue(limit: number, leaseMs: number, maxAttempts: number): Promise<OutboxRow[]> {
    // Two statements in one transaction: the locks of the SELECT hold until the UPDATE commits. (An UPDATE
    // with `id IN (SELECT ... LIMIT n FOR UPDATE SKIP LOCKED)` may run the subquery more than once and claim
    // more than n rows.)
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            isNull(emailOutbox.sentAt),
            lt(emailOutbox.attempts, maxAttempts),
            lte(emailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        })
        .where(
          inArray(
            emailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  /** Records that the SMTP server accepted the message. */
  async markSent(id: string): Promise<void> {
    await this.db
      .update(emailOutbox)
      .set({ sentAt: sql`now()` })
      .where(eq(emailOutbox.id, id));
  }

  /** Records a failed attempt; the message is due again after `retryInMs`. */
  async markFailed(id: string, error: string, retryInMs: number): Promise<void> {
    await this.db
      .update(emailOutbox)
      .set({
        lastError: error.slice(0, 1000),
        nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
      })
      .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)));
  }

  /** Removes every message to this address (an account being deleted), sent or not. */
  async eraseRecipient(email: string, tx: DbExecutor = this.db): Promise<void> {
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.recipient}) = lower(${email})`);
  }

  /**
   * Removes messages sent before `cutoff`, and unsent ones that used their `maxAttempts` with the last before
   * it (its retry time is at most an hour after that attempt); answers how many.
   */
  async purgeBefore(cutoff: Date, maxAttempts: number): Promise<number> {
    const rows = await this.db
      .delete(emailOutbox)
      .where(
        or(
          lt(emailOutbox.sentAt, cutoff),
          and(
            isNull(emailOutbox.sentAt),
            gte(emailOutbox.attempts, maxAttempts),
            lt(emailOutbox.nextAttemptAt, cutoff),
          ),
        ),
      )
      .returning({ id: emailOutbox.id });
    return rows.length;
  }

  /**
   * Deletes the activity log's entries over two years old (the database's own clock: its trigger refuses to
   * delete a younger one); returns how many.
   */
  async purgeOldActivity(): Promise<number> {
    const rows = await this.db
      .delete(activityLog)
      .where(sql`${activityLog.at} < now() - interval '2 years'`)
      .returning({ id: activityLog.id });
    return rows.length;
  }
}
