import { Global, Injectable, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

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
 * The shop's clock: the real time, or in development and test the configured start (a production configuration
 * refuses CLOCK_START, and a production app would not honour one either).
 */
export function clockFor(config: Pick<AppConfig, 'isProduction' | 'clockStartsAt'>): Clock {
  return new Clock(config.isProduction ? undefined : config.clockStartsAt);
}

/** One clock for every module, so a test that pins it pins the whole shop. */
@Global()
@Module({
  providers: [{ provide: Clock, inject: [APP_CONFIG], useFactory: clockFor }],
  exports: [Clock],
})
export class ClockModule {}
