import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The current time as the shop's rules see it (delivery date, slot availability, cancel window, order times).
 * Tests replace `now` to pin the time.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** One clock for every module, so a test that pins it pins the whole shop. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
