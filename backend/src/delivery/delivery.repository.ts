import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, sql } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import { DEFAULT_SLOT_CAPACITY } from '@larder/shared-domain';
import { preparedStatement } from '../db/prepared';
import { deliverySlotBookings, shopSettings } from '../db/schema';

/** One place booked in one statement (see DeliveryRepository.book). */
const BOOK_SLOT = preparedStatement<{ booked: number }>(
  'book_slot',
  sql`
    insert into ${deliverySlotBookings} as b (delivery_date, delivery_time, booked)
    values (${sql.placeholder('date')}::date, ${sql.placeholder('time')}::text, 1)
    on conflict (delivery_date, delivery_time) do update set booked = b.booked + 1
    where b.booked < coalesce((select s.slot_capacity from ${shopSettings} s where s.id = 1),
                              ${sql.raw(String(DEFAULT_SLOT_CAPACITY))})
    returning b.booked`,
);

/** The one place delivery_slot_bookings is queried. */
@Injectable()
export class DeliveryRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Orders booked per slot time on a date (slots without a booking are absent). */
  async bookedOn(date: string): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ time: deliverySlotBookings.deliveryTime, booked: deliverySlotBookings.booked })
      .from(deliverySlotBookings)
      .where(eq(deliverySlotBookings.deliveryDate, date));
    return new Map(rows.map((r) => [r.time, r.booked]));
  }

  /**
   * Books one place in one statement: creates the slot's row with 1, or adds 1 while it is below the
   * capacity (the shop's setting, read in the same statement). The row lock makes concurrent bookings on any
   * number of replicas wait for each other. True when booked, false when the slot is full.
   */
  async book(date: string, time: string, tx: DbExecutor): Promise<boolean> {
    const rows = await BOOK_SLOT(tx, { date, time });
    return rows.length > 0;
  }

  /** Frees one place (never below 0). */
  async release(date: string, time: string, tx: DbExecutor): Promise<void> {
    await tx
      .update(deliverySlotBookings)
      .set({ booked: sql`${deliverySlotBookings.booked} - 1` })
      .where(
        and(
          eq(deliverySlotBookings.deliveryDate, date),
          eq(deliverySlotBookings.deliveryTime, time),
          gt(deliverySlotBookings.booked, 0),
        ),
      );
  }
}
