import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The current time as the shop's rules see it (delivery date, slot availability, cancel window, order times).
 * Tests replace `now` to pin the time. Outside production a clock may also start at another moment (CLOCK_START)
 * and run on from it at the real pace: the browser journeys run at a fixed London time of day that way.
 */
@Injectable()
export class Clock {
  /** Milliseconds between this clock and the real time: 0 unless it was started at another moment. */
  private readonly offsetMs: number;

  constructor(startsAt?: Date) {
    this.offsetMs = startsAt ? startsAt.getTime() - Date.now() : 0;
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/**
 * The moment the shop's clock starts at: provided under this name by the ConfigModule (CLOCK_START, never in
 * production); by name, so that the lowest layers need not know each other.
 */
export const CLOCK_STARTS_AT = 'CLOCK_STARTS_AT';

/** One clock for every module, so a test that pins it pins the whole shop. */
@Global()
@Module({
  providers: [
    {
      provide: Clock,
      inject: [{ token: CLOCK_STARTS_AT, optional: true }],
      useFactory: (startsAt?: Date | null) => new Clock(startsAt ?? undefined),
    },
  ],
  exports: [Clock],
})
export class ClockModule {}
