import { Injectable } from '@nestjs/common';

/**
 * The current time as the order rules see it (delivery date, cancel window, order timestamps).
 * Tests replace `now` to pin the time.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
