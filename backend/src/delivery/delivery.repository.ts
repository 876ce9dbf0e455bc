import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, type Placeholder, SQL, sql } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import { DEFAULT_SLOT_CAPACITY } from '@larder/shared-domain';
import { preparedStatement } from '../db/prepared';
import { deliverySlotBookings, shopSettings } from '../db/schema';

/**
 * One place booked in a slot, as one insert: the one way a place is booked, run alone by book below and composed
 * by checkout into the statement that also takes the order's units (so checkout stays one round trip). It creates
 * the slot's row with 1, or adds 1 while the row is below the capacity (the shop's setting, read by the same
 * statement); the row lock makes concurrent bookings on any number of replicas wait for each other. `date`
 * (date) and `time` (text) name the slot; `when`, a condition, may hold the booking back (checkout: until no
 * product was short). It returns the new count when booked, no row when the slot is full or `when` is false.
 */
export function slotBooking(date: Placeholder, time: Placeholder, when: SQL = sql`true`): SQL {
  return sql`
    insert into ${deliverySlotBookings} as b (delivery_date, delivery_time, booked)
    select ${date}::date, ${time}::text, 1 where ${when}
    on conflict (delivery_date, delivery_time) do update set booked = b.booked + 1
    where b.booked < coalesce((select s.slot_capacity from ${shopSettings} s where s.id = 1),
                              ${sql.raw(String(DEFAULT_SLOT_CAPACITY))})
    returning b.booked`;
}

/** One place booked alone (see DeliveryRepository.book). */
const BOOK_SLOT = preparedStatement<{ booked: number }>(
  'book_slot',
  slotBooking(sql.placeholder('date'), sql.placeholder('time')),
);

/** The one place delivery_slot_bookings is queried (checkout books through slotBooking, above). */
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

  /** Books one place in one statement (see slotBooking). True when booked, false when the slot is full. */
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
