import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import { orders } from '../db/schema';
import { BOOKING, type OrderBooking, type OrderRow } from '../orders/orders.repository';

/** Orders paid by card, through their Stripe Checkout Session: paid, expired, still open. */
@Injectable()
export class CardSessionsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * Marks the unpaid order of a Checkout Session paid; returns it, or undefined when there is no such order or it
   * is paid already (a repeated event). An order cancelled meanwhile (by its customer, the seller, or the
   * customer deleting their account) is marked refund due by the same statement.
   */
  async markPaidBySession(
    sessionId: string,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<Pick<OrderRow, 'id' | 'userId' | 'status'> | undefined> {
    const [row] = await tx
      .update(orders)
      .set({
        isPaid: true,
        // What the payment captured: the order's total, which a card order keeps until it is picked.
        cardCaptured: sql`${orders.amount}`,
        refundDue: sql`case when ${orders.status} = 'Cancelled' then ${orders.amount} else 0 end`,
        refundDueAt: sql`case when ${orders.status} = 'Cancelled' then ${now.toISOString()}::timestamptz end`,
        updatedAt: now,
      })
      .where(and(eq(orders.stripeSessionId, sessionId), eq(orders.isPaid, false)))
      .returning({ id: orders.id, userId: orders.userId, status: orders.status });
    return row;
  }

  async hasSession(sessionId: string, tx: DbExecutor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.stripeSessionId, sessionId))
      .limit(1);
    return row !== undefined;
  }

  async cancelUnpaidBySession(
    sessionId: string,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<OrderBooking | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'Cancelled', updatedAt: now })
      .where(
        and(eq(orders.stripeSessionId, sessionId), eq(orders.status, 'Pending'), eq(orders.isPaid, false)),
      )
      .returning(BOOKING);
    return row;
  }

  /**
   * The customer's card orders that are Pending and unpaid, with the Checkout Session each could still be paid
   * through.
   */
  async unpaidCardSessions(
    userId: string,
    tx: DbExecutor = this.db,
  ): Promise<{ id: string; stripeSessionId: string }[]> {
    const rows = await tx
      .select({ id: orders.id, stripeSessionId: orders.stripeSessionId })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, 'Pending'),
          eq(orders.paymentType, 'Online'),
          eq(orders.isPaid, false),
          isNotNull(orders.stripeSessionId),
        ),
      );
    return rows.flatMap((row) =>
      row.stripeSessionId ? [{ id: row.id, stripeSessionId: row.stripeSessionId }] : [],
    );
  }
}
