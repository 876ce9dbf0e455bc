/**
 * Alcohol under the shop's premises licence (Licensing Act 2003): the sale of alcohol takes place when the
 * picker sets it aside for an order, so 18+ products may be picked only within the licence's hours for the
 * sale of alcohol, read in London time. A delivery slot outside those hours cannot hold alcohol either.
 */
import { londonParts } from './london-time';

/** ISO weekday, 1 = Monday .. 7 = Sunday. */
export const LICENCE_DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type LicenceDay = (typeof LICENCE_DAYS)[number];

/** Each weekday's hours as London wall-clock "HH:MM" from and until ("24:00" for midnight at the end). */
export type LicensedHours = Record<LicenceDay, [string, string]>;

export const LICENCE_DAY_NAMES: Record<LicenceDay, string> = {
  '1': 'Monday',
  '2': 'Tuesday',
  '3': 'Wednesday',
  '4': 'Thursday',
  '5': 'Friday',
  '6': 'Saturday',
  '7': 'Sunday',
};

export const DEFAULT_LICENSED_HOURS: LicensedHours = {
  '1': ['08:00', '23:00'],
  '2': ['08:00', '23:00'],
  '3': ['08:00', '23:00'],
  '4': ['08:00', '23:00'],
  '5': ['08:00', '23:00'],
  '6': ['08:00', '23:00'],
  '7': ['08:00', '23:00'],
};

export const LICENCE_TEXTS = {
  hoursInvalid:
    'Licensed hours must give each day 1 (Monday) to 7 (Sunday) as ["HH:MM", "HH:MM"], the first before the second.',
  textTooLong: 'Premises licence and supervisor must be at most 120 characters.',
  saved: 'Licence details saved.',
  slotNotLicensed: (slot: string) =>
    `Alcohol cannot be delivered in the ${slot} slot: it is outside the shop's licensed hours. Choose another slot or remove the 18+ items.`,
} as const;

export const MAX_LICENCE_TEXT_LENGTH = 120;

/** "Alcohol can be picked between 08:00 and 23:00 under the shop's licence." (409 when picking outside). */
export function alcoholHoursMessage(hours: readonly [string, string]): string {
  return `Alcohol can be picked between ${hours[0]} and ${hours[1]} under the shop's licence.`;
}

function minutesOf(time: string): number | undefined {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return undefined;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return undefined;
  return h * 60 + min;
}

/** Whether a value is a complete, well-formed set of licensed hours (each day from before until). */
export function isLicensedHours(value: unknown): value is LicensedHours {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length !== LICENCE_DAYS.length) return false;
  return LICENCE_DAYS.every((day) => {
    const pair = record[day];
    if (!Array.isArray(pair) || pair.length !== 2) return false;
    if (typeof pair[0] !== 'string' || typeof pair[1] !== 'string') return false;
    const [from, until] = [minutesOf(pair[0]), minutesOf(pair[1])];
    return from !== undefined && until !== undefined && from < until;
  });
}

/** The ISO weekday of a London calendar date. */
export function licenceDayOfDate(year: number, month: number, day: number): LicenceDay {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return String(weekday === 0 ? 7 : weekday) as LicenceDay;
}

/** The London weekday of an instant and that day's hours. */
export function licensedHoursAt(instant: Date, hours: LicensedHours): [string, string] {
  const p = londonParts(instant);
  return hours[licenceDayOfDate(p.year, p.month, p.day)];
}

/** Whether alcohol may be sold (picked) at `instant`: London time within that weekday's hours. */
export function isWithinLicensedHours(instant: Date, hours: LicensedHours): boolean {
  const p = londonParts(instant);
  const [from, until] = hours[licenceDayOfDate(p.year, p.month, p.day)];
  const minute = p.hour * 60 + p.minute;
  return minute >= minutesOf(from)! && minute < minutesOf(until)!;
}

/**
 * Whether a delivery slot ("10:00 - 11:00") on a London date ("2026-03-29") lies wholly within that day's
 * licensed hours, so that it may hold alcohol.
 */
export function slotMayHoldAlcohol(date: string, slot: string, hours: LicensedHours): boolean {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const s = /^(\d{2}:\d{2}) - (\d{2}:\d{2})$/.exec(slot);
  if (!d || !s) return false;
  const [from, until] = hours[licenceDayOfDate(Number(d[1]), Number(d[2]), Number(d[3]))];
  return minutesOf(s[1])! >= minutesOf(from)! && minutesOf(s[2])! <= minutesOf(until)!;
}

/* ---------- The refusals log ---------- */

/** Why an 18+ sale was refused at the door, as the refusals log says it. */
export const REFUSAL_REASONS = {
  idCheckFailed: 'ID check failed (Challenge 25)',
  refusedAtDoor: '18+ products refused at the door',
} as const;

export const REFUSALS_TEXTS = {
  rangeInvalid: 'Give from and to as YYYY-MM-DD, from on or before to, at most 366 days apart',
  title: 'Refusals log',
  intro:
    'Every failed ID check and every 18+ product refused at the door, for the licensing authority (Licensing Act 2003).',
  empty: 'No refusals in these dates.',
} as const;

/** One refusal: when, which order, which driver, which products, why. */
export interface RefusalEntry {
  /** ISO instant. */
  at: string;
  order: { _id: string; reference: string };
  driver: { _id: string | null; name: string | null };
  products: string[];
  reason: string;
}

export const REFUSALS_CSV_COLUMNS = [
  'Date and time (London)',
  'Order',
  'Driver',
  'Products',
  'Reason',
] as const;

/** The log as CSV (RFC 4180, CRLF): one row a refusal, London time "YYYY-MM-DD HH:MM". */
export function refusalsCsv(entries: readonly RefusalEntry[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const two = (n: number) => String(n).padStart(2, '0');
  const rows = [
    [...REFUSALS_CSV_COLUMNS],
    ...entries.map((e) => {
      const p = londonParts(new Date(e.at));
      return [
        `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`,
        `#${e.order.reference}`,
        e.driver.name ?? '',
        e.products.join('; '),
        e.reason,
      ];
    }),
  ];
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
