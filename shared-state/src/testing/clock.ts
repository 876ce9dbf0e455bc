/**
 * Pins the wall clock (`Date`) of the current test at `iso`, leaving the timers real, so that what depends
 * on the date (the selectable delivery date changes at 15:00 London time) does not depend on when the
 * tests run. Undone with jest.useRealTimers().
 */
export function pinClock(iso: string): Date {
  const now = new Date(iso);
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  return now;
}
