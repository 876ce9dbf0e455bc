/**
 * Regulars: favourites, "your usuals" and regular deliveries (standing orders). The dates of a regular delivery
 * follow Europe/London: it delivers on one weekday (Monday = 1 ... Sunday = 7) every one or two weeks, and its
 * order is placed when the shop's delivery date moves onto that date (15:00 London two days before).
 */
import { formatDeliveryDate, ORDER_CUTOFF_HOUR, selectableDeliveryDate } from './delivery';
import { addCalendarDays, londonInstant, parseIsoDate } from './london-time';

/** How many products "Your usuals" lists at most. */
export const MAX_USUALS = 40;
/** How many favourites one customer keeps at most. */
export const MAX_FAVOURITES = 500;
/** How many regular deliveries one customer may have at once. */
export const MAX_STANDING_ORDERS = 5;
/** Every 1 or 2 weeks. */
export const STANDING_ORDER_INTERVALS = [1, 2] as const;
export type StandingOrderInterval = (typeof STANDING_ORDER_INTERVALS)[number];

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** How usuals are ranked: each order holding the product counts 1, halved for every this many days of its age. */
export const USUALS_HALF_LIFE_DAYS = 28;

/** The weekday of a calendar date (YYYY-MM-DD): Monday = 1 ... Sunday = 7. */
export function isoWeekday(isoDate: string): number {
  const d = parseIsoDate(isoDate);
  if (!d) throw new RangeError(`Not a date: ${isoDate}`);
  const day = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

function plusDays(isoDate: string, days: number): string {
  const d = parseIsoDate(isoDate)!;
  return addCalendarDays(d.year, d.month, d.day, days);
}

/**
 * The next delivery of a plan delivering on `weekday`: the first such date that can still be ordered for at `now`
 * (the shop's delivery date or later) and after `after` (the last date already placed or skipped), if given.
 */
export function nextStandingDelivery(weekday: number, now: Date, after?: string | null): string {
  let date = selectableDeliveryDate(now);
  if (after && after >= date) date = plusDays(after, 1);
  const shift = (weekday - isoWeekday(date) + 7) % 7;
  return plusDays(date, shift);
}

/** The delivery after `date` of a plan delivering every `every` weeks. */
export function followingStandingDelivery(date: string, every: number): string {
  return plusDays(date, 7 * every);
}

/**
 * The next delivery of a plan made from an order for `orderDate` ("Make this a regular delivery"): that order counts
 * as the plan's first delivery, so nothing more is placed for its date. On the order's weekday the next is `every`
 * weeks after it; on another weekday, the first such day after it; either way no earlier than the shop's delivery
 * date at `now` (a plan every other week keeps its weeks).
 */
export function nextStandingDeliveryAfterOrder(
  weekday: number,
  every: number,
  now: Date,
  orderDate: string,
): string {
  if (isoWeekday(orderDate) !== weekday) return nextStandingDelivery(weekday, now, orderDate);
  const open = selectableDeliveryDate(now);
  let next = followingStandingDelivery(orderDate, every);
  while (next < open) next = followingStandingDelivery(next, every);
  return next;
}

/**
 * When the order for `deliveryDate` is placed: 15:00 London two days before, the moment the shop's delivery date
 * becomes `deliveryDate`. Ordering for it closes a day later (orderChangeDeadline).
 */
export function standingOrderPlaceAt(deliveryDate: string): Date {
  const d = parseIsoDate(plusDays(deliveryDate, -2));
  if (!d) throw new RangeError(`Not a delivery date: ${deliveryDate}`);
  return londonInstant(d.year, d.month, d.day, ORDER_CUTOFF_HOUR);
}

/** "Every Tuesday" or "Every other Tuesday". */
export function standingOrderSchedule(weekday: number, every: number): string {
  const name = WEEKDAY_NAMES[weekday - 1] ?? '';
  return every === 2 ? `Every other ${name}` : `Every ${name}`;
}

/** Texts of favourites, usuals and regular deliveries, as shoppers read them. */
export const REGULARS_MESSAGES = {
  standingOrderNotFound: 'Regular delivery not found',
  standingOrderCreated: 'Regular delivery set up',
  standingOrderUpdated: 'Regular delivery updated',
  standingOrderCancelled: 'Regular delivery cancelled',
  tooManyStandingOrders: `You can have at most ${MAX_STANDING_ORDERS} regular deliveries`,
  tooManyFavourites: `You can keep at most ${MAX_FAVOURITES} favourites`,
  weekdayInvalid: 'Please choose a day of the week',
  everyInvalid: 'Please choose every week or every other week',
  favouriteAdded: 'Added to your favourites',
  favouriteRemoved: 'Removed from your favourites',
  noFavourites: 'You have no favourites yet. Tap the heart on a product to keep it here.',
  noUsuals: 'Your usuals appear here once you have placed an order.',
  noStandingOrders: 'You have no regular deliveries.',
  /** The e-mail's paragraph saying where an order came from. */
  placedFromPlan: (schedule: string) =>
    `This order was placed for you by your regular delivery (${schedule}). You can change or cancel it in My orders until the cut-off, like any order.`,
  notIncluded: (lines: readonly string[]) => `Not included this time: ${lines.join('; ')}.`,
  slotMoved: (from: string, to: string) => `Your usual slot ${from} was full: this delivery comes ${to}.`,
  notPlacedSubject: 'Your regular delivery could not be placed',
  notPlaced: (date: string, reason: string) =>
    `We could not place the order of your regular delivery for ${formatDeliveryDate(date)}: ${reason}`,
  reasonSlotsFull: 'every delivery slot of that day is full.',
  reasonNothingAvailable: 'none of its products is available.',
  reasonMissed: 'the shop was not able to place it before the cut-off.',
  reasonOpenOrders: (limit: number) =>
    `you already have ${limit === 1 ? '1 order' : `${limit} orders`} waiting for delivery.`,
  reasonAddress: 'its address is outside the delivery area.',
  nextDeliveryIn: (date: string) => `Next delivery: ${formatDeliveryDate(date)}`,
} as const;
