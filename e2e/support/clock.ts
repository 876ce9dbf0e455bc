// The time of day the journeys run at. The delivery date, the 15:00 cut-off and what may still be changed depend
// on the London time; a run at 14:59 or at 16:00 would see another shop than one at 10:00. So the shop's clock
// (CLOCK_START, honoured outside production only) and every browser's clock start at today's date at
// E2E_LONDON_TIME (HH:MM London, 10:00 unless set) and run on from there at the real pace.
import type { BrowserContext } from '@playwright/test';

const LONDON = 'Europe/London';

/** The parts of `instant` on London's wall clock. */
function londonWallClock(instant: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: LONDON,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** Today's date in London at `time` (HH:MM) London time. */
export function londonTodayAt(time: string, now = new Date()): Date {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59)
    throw new Error(`E2E_LONDON_TIME must be HH:MM (got "${time}")`);
  const { year, month, day } = londonWallClock(now);
  const asIfUtc = Date.UTC(year, month - 1, day, Number(match[1]), Number(match[2]));
  // London is UTC or UTC+1: the wall clock of the guess says by how much to move it.
  const seen = londonWallClock(new Date(asIfUtc));
  const offsetMs = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - asIfUtc;
  return new Date(asIfUtc - offsetMs);
}

/**
 * Sets E2E_CLOCK_START (the moment the run's clocks start at) and E2E_CLOCK_SET_AT (the real time it was set) once
 * per run, in playwright.config.ts: the workers and the shop's process inherit them. Not for a shop that is
 * already running (E2E_BASE_URL), whose clock this run does not set, unless E2E_CLOCK_START is given.
 */
export function pinRunClock(external: boolean): void {
  if (process.env.E2E_CLOCK_START || external) return;
  process.env.E2E_CLOCK_START = londonTodayAt(process.env.E2E_LONDON_TIME ?? '10:00').toISOString();
  process.env.E2E_CLOCK_SET_AT = String(Date.now());
}

/** The run's clock now: where it started, plus the real time since. Undefined when the run keeps the real time. */
export function runClockNow(): Date | undefined {
  const start = process.env.E2E_CLOCK_START;
  if (!start) return undefined;
  const setAt = Number(process.env.E2E_CLOCK_SET_AT ?? Date.now());
  return new Date(Date.parse(start) + (Date.now() - setAt));
}

/** Starts the browser context's clock at the run's time; it runs on at the real pace (timers fire as usual). */
export async function pinBrowserClock(context: BrowserContext): Promise<void> {
  const now = runClockNow();
  if (now) await context.clock.install({ time: now });
}
