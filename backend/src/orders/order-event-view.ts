import {
  addCalendarDays,
  londonInstant,
  ORDER_CUTOFF_HOUR,
  parseIsoDate,
  penceToPounds,
  type OrderStatus,
} from '@larder/shared-domain';

/** What a live order-status stream sends for each change: `event: order`, this as its data. */
export interface OrderEventView {
  /** The order's id. */
  id: string;
  status: OrderStatus;
  /** Where the order is in the grocer's day. */
  fulfilment: string;
  /** Pounds. */
  amount: number;
  /** ISO 8601 with the London offset: the last moment the customer may change the order. */
  changeableUntil: string;
}

/** The columns of an order that its event shows. */
export interface OrderEventSource {
  id: string;
  status: string;
  amount: number;
  deliveryDate: string;
  fulfilment?: string | null;
}

/** The stage an order is at before picking starts. */
const FIRST_FULFILMENT_STAGE = 'placed';

/** The one place an order's event payload is made (live events and replays alike). */
export function toOrderEvent(order: OrderEventSource): OrderEventView {
  return {
    id: order.id,
    status: order.status as OrderStatus,
    fulfilment: order.fulfilment ?? FIRST_FULFILMENT_STAGE,
    amount: penceToPounds(order.amount),
    changeableUntil: changeableUntil(order.deliveryDate),
  };
}

/**
 * The order-change cut-off of a delivery date: 15:00 London on the day before, the same moment that closes
 * ordering for that date. ISO 8601 with the offset London has then (`+00:00` in GMT, `+01:00` in BST).
 */
export function changeableUntil(deliveryDate: string): string {
  const date = parseIsoDate(deliveryDate);
  if (!date) throw new Error(`Not a delivery date: ${deliveryDate}`);
  const dayBefore = addCalendarDays(date.year, date.month, date.day, -1);
  const d = parseIsoDate(dayBefore)!;
  const instant = londonInstant(d.year, d.month, d.day, ORDER_CUTOFF_HOUR);
  const offsetMinutes = Math.round(
    (Date.UTC(d.year, d.month - 1, d.day, ORDER_CUTOFF_HOUR) - instant.getTime()) / 60_000,
  );
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${dayBefore}T${String(ORDER_CUTOFF_HOUR).padStart(2, '0')}:00:00${offset}`;
}
