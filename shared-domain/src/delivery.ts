import { dateFormat } from './date-format';
import { addCalendarDays, londonInstant, londonIsoString, londonParts, parseIsoDate } from './london-time';

/** Cities the shop delivers to; the country is the United Kingdom only. */
export const DELIVERY_CITIES = ['Bristol', 'Cardiff', 'Somerset', 'Swindon'] as const;
export type DeliveryCity = (typeof DELIVERY_CITIES)[number];

/** The only country the shop delivers to. */
export const DELIVERY_COUNTRY = 'United Kingdom';
export const DELIVERY_COUNTRIES = [DELIVERY_COUNTRY] as const;

/** The three delivery time slots, exactly as shown and stored. */
export const DELIVERY_SLOTS = ['10:00 - 11:00', '11:00 - 12:00', '12:00 - 13:00'] as const;
export type DeliverySlotTime = (typeof DELIVERY_SLOTS)[number];

/** Orders placed before this London hour are delivered the next day; later ones the day after. */
export const ORDER_CUTOFF_HOUR = 15;

export function isDeliveryCity(value: unknown): value is DeliveryCity {
  return typeof value === 'string' && (DELIVERY_CITIES as readonly string[]).includes(value);
}

export function isDeliverySlot(value: unknown): value is DeliverySlotTime {
  return typeof value === 'string' && (DELIVERY_SLOTS as readonly string[]).includes(value);
}

/**
 * The one selectable delivery date for an order placed at `now`, as YYYY-MM-DD in London:
 * the next day before 15:00 London time, otherwise two days ahead.
 */
export function selectableDeliveryDate(now: Date): string {
  const p = londonParts(now);
  const daysAhead = p.hour < ORDER_CUTOFF_HOUR ? 1 : 2;
  return addCalendarDays(p.year, p.month, p.day, daysAhead);
}

/**
 * The next delivery date to pick for, as YYYY-MM-DD in London: the latest date whose orders have closed (the
 * day before the selectable one), so the seller sees tomorrow's orders from the 15:00 cut-off on and today's
 * until then.
 */
export function nextPickingDate(now: Date): string {
  const selectable = parseIsoDate(selectableDeliveryDate(now))!;
  return addCalendarDays(selectable.year, selectable.month, selectable.day, -1);
}

/** The instant the current ordering window closes: the next 15:00 in London. */
export function orderCutoff(now: Date): Date {
  const p = londonParts(now);
  if (p.hour < ORDER_CUTOFF_HOUR) return londonInstant(p.year, p.month, p.day, ORDER_CUTOFF_HOUR);
  const next = parseIsoDate(addCalendarDays(p.year, p.month, p.day, 1))!;
  return londonInstant(next.year, next.month, next.day, ORDER_CUTOFF_HOUR);
}

/**
 * The moment an order for `deliveryDate` (YYYY-MM-DD) can no longer be changed: 15:00 London on the day
 * before, the same moment that closes ordering for that date.
 */
export function orderChangeDeadline(deliveryDate: string): Date {
  const d = parseIsoDate(deliveryDate);
  if (!d) throw new RangeError(`Not a delivery date: ${deliveryDate}`);
  const before = parseIsoDate(addCalendarDays(d.year, d.month, d.day, -1))!;
  return londonInstant(before.year, before.month, before.day, ORDER_CUTOFF_HOUR);
}

/** `orderChangeDeadline` as the API shows it: ISO 8601 with London's offset ("2026-11-23T15:00:00+00:00"). */
export function changeableUntil(deliveryDate: string): string {
  return londonIsoString(orderChangeDeadline(deliveryDate));
}

const dateFormatter = /*#__PURE__*/ dateFormat({
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A delivery date (YYYY-MM-DD) as shoppers read it: "Tue, 24 Nov 2026". */
export function formatDeliveryDate(isoDate: string): string {
  const d = parseIsoDate(isoDate);
  if (!d) return isoDate;
  return dateFormatter().format(new Date(Date.UTC(d.year, d.month - 1, d.day)));
}

const changeDeadlineFormatter = /*#__PURE__*/ dateFormat({
  timeZone: 'Europe/London',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Until when an order may be changed, as shoppers read it: "Tue 15:00" (London weekday and time). */
export function formatChangeDeadline(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  const parts = changeDeadlineFormatter().formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('hour')}:${part('minute')}`;
}

export interface DeliveryCountdown {
  /** The selectable delivery date, YYYY-MM-DD. */
  date: string;
  hours: number;
  minutes: number;
  /** "Deliver by {date} if order within Xh Ym" */
  text: string;
}

/** The countdown message "Deliver by {date} if order within Xh Ym": time left until the cut-off that keeps the date shown. */
export function deliveryCountdown(now: Date): DeliveryCountdown {
  const date = selectableDeliveryDate(now);
  const msLeft = Math.max(0, orderCutoff(now).getTime() - now.getTime());
  const totalMinutes = Math.ceil(msLeft / 60000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return {
    date,
    hours,
    minutes,
    text: `Deliver by ${formatDeliveryDate(date)} if order within ${hours}h ${minutes}m`,
  };
}
