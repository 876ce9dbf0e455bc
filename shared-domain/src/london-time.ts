/** Wall-clock arithmetic in the shop's time zone (Europe/London), independent of the host's zone. */
export const SHOP_TIME_ZONE = 'Europe/London';

export interface LondonParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The London wall-clock reading of an instant. */
export function londonParts(instant: Date): LondonParts {
  const parts = partsFormatter.formatToParts(instant);
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
