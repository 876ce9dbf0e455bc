import { Injectable } from '@nestjs/common';

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
