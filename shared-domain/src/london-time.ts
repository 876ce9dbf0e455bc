/** Wall-clock arithmetic in the shop's time zone (Europe/London), independent of the host's zone. */
import { dateFormat } from './date-format';

export const SHOP_TIME_ZONE = 'Europe/London';

export interface LondonParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatter = /*#__PURE__*/ dateFormat({
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The London wall-clock reading of an instant, read by the time zone database (see londonParts). */
export function londonPartsOfZone(instant: Date): LondonParts {
  const parts = partsFormatter().formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const HOUR_MS = 3_600_000;
/** The years whose London offsets are known to change only on the hour; outside them the database is asked. */
const ARITHMETIC_FROM = Date.UTC(1900, 0, 1);
const ARITHMETIC_UNTIL = Date.UTC(2200, 0, 1);
/** London's offset from UTC (ms) through each UTC hour looked up lately, by the hour's number since 1970. */
const hourOffsets = new Map<number, number>();

/**
 * The London wall-clock reading of an instant. London's clocks change only on the hour in UTC (01:00), so its
 * offset from UTC holds for a whole UTC hour: it is read from the time zone database once an hour, and the
 * reading is then plain arithmetic (the database's formatter costs tens of microseconds a call).
 */
export function londonParts(instant: Date): LondonParts {
  const time = instant.getTime();
  if (!(time >= ARITHMETIC_FROM && time < ARITHMETIC_UNTIL)) return londonPartsOfZone(instant);
  const hour = Math.floor(time / HOUR_MS);
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * HOUR_MS);
    const p = londonPartsOfZone(start);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start.getTime();
    if (hourOffsets.size >= 64) hourOffsets.clear();
    hourOffsets.set(hour, offset);
  }
  const wall = new Date(time + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The first instant from which London has kept GMT (UTC+0) over every New Year: 1 Jan 1972, 00:00 UTC. */
const GMT_NEW_YEARS_FROM = Date.UTC(1972, 0, 1);

/**
 * The year on London's clocks at an instant. London keeps GMT over every New Year (British Summer Time runs
 * from March to October; the last winter on UTC+1 was 1970-71), so its year is UTC's, read without the time
 * zone database (a page that shows only the year then never loads it). Earlier instants ask the database.
 */
export function londonYear(instant: Date): number {
  return instant.getTime() >= GMT_NEW_YEARS_FROM ? instant.getUTCFullYear() : londonPartsOfZone(instant).year;
}

/** Offset of London from UTC at an instant, in minutes (0 in GMT, 60 in BST). */
function londonOffsetMinutes(instant: Date): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** An instant as ISO 8601 in London's wall-clock time with its offset: "2026-07-09T15:00:00+01:00". */
export function londonIsoString(instant: Date): string {
  const p = londonParts(instant);
  const offset = londonOffsetMinutes(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}` +
    `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  );
}

/** The instant at which London's clocks read the given local date and time. */
export function londonInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset even next to a clock change.
  let instant = guess - londonOffsetMinutes(new Date(guess)) * 60000;
  instant = guess - londonOffsetMinutes(new Date(instant)) * 60000;
  return new Date(instant);
}

/** Calendar date `days` after the given one, as YYYY-MM-DD. */
export function addCalendarDays(year: number, month: number, day: number, days: number): string {
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return d.toISOString().slice(0, 10);
}

/** Parses YYYY-MM-DD into numbers, or undefined when it is not a real calendar date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day)
    return undefined;
  return { year, month, day };
}
