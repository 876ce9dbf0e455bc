import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { DB, Database } from '../db/database.module';
import { orderEvents, orders } from '../db/schema';
import type { OrderEventSource } from './order-event-view';

/** An order's current state with the event that announced it. */
export interface OrderEventRow extends OrderEventSource {
  eventId: number;
  /** The order's customer (null once they deleted their account). */
  userId: string | null;
}

/** The columns every event is read with. */
const EVENT_ORDER = {
  id: orders.id,
  userId: orders.userId,
  status: orders.status,
  amount: orders.amount,
  deliveryDate: orders.deliveryDate,
  fulfilment: orders.fulfilment,
};

/** The order_events table (filled by the trigger on orders, see the migration). */
@Injectable()
export class OrderEventsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** These events with their orders' state as it is now, oldest event first. */
  async read(eventIds: readonly number[]): Promise<OrderEventRow[]> {
    if (eventIds.length === 0) return [];
    return this.db
      .select({ eventId: orderEvents.id, ...EVENT_ORDER })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(inArray(orderEvents.id, [...eventIds]))
      .orderBy(asc(orderEvents.id));
  }

  /**
   * The orders changed after event `afterId` within the last `withinSeconds` (of one customer when `userId` is
   * given), each once with its latest event id and its current state, oldest first. With `inFlightSeconds`, also
   * those with a lower event id written up to that long before event `afterId` was (while that event is kept).
   */
  async changedSince(
    afterId: number,
    withinSeconds: number,
    { userId, inFlightSeconds }: { userId?: string; inFlightSeconds?: number } = {},
  ): Promise<OrderEventRow[]> {
    const latest = sql<number>`max(${orderEvents.id})`.mapWith(Number);
    const afterEvent = gt(orderEvents.id, afterId);
    const around =
      inFlightSeconds === undefined
        ? afterEvent
        : or(
            afterEvent,
            and(
              lt(orderEvents.id, afterId),
              sql`${orderEvents.createdAt} >= (select e.created_at from ${orderEvents} e where e.id = ${afterId})
                    - make_interval(secs => ${inFlightSeconds})`,
            ),
          );
    return this.db
      .select({ eventId: latest, ...EVENT_ORDER })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(
        and(
          around,
          sql`${orderEvents.createdAt} > now() - make_interval(secs => ${withinSeconds})`,
          userId === undefined ? undefined : eq(orders.userId, userId),
        ),
      )
      .groupBy(orders.id)
      .orderBy(asc(latest));
  }

  /** Removes the events older than `seconds`; returns how many. */
  async purgeOlderThan(seconds: number): Promise<number> {
    const rows = await this.db
      .delete(orderEvents)
      .where(lt(orderEvents.createdAt, sql`now() - make_interval(secs => ${seconds})`))
      .returning({ id: orderEvents.id });
    return rows.length;
  }
}
