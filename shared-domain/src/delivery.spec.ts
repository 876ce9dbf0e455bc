import {
  DELIVERY_SLOTS,
  deliveryCountdown,
  formatChangeDeadline,
  nextPickingDate,
  formatDeliveryDate,
  isDeliveryCity,
  isDeliverySlot,
  changeableUntil,
  orderChangeDeadline,
  orderCutoff,
  selectableDeliveryDate,
} from './delivery';

// Instants are written in UTC; comments give the London wall-clock reading.
describe('selectableDeliveryDate', () => {
  it('is the next day before 15:00 in winter (GMT = UTC)', () => {
    expect(selectableDeliveryDate(new Date('2026-01-15T14:59:59Z'))).toBe('2026-01-16'); // 14:59:59 GMT
  });

  it('is two days ahead from 15:00 in winter', () => {
    expect(selectableDeliveryDate(new Date('2026-01-15T15:00:00Z'))).toBe('2026-01-17'); // 15:00 GMT
  });

  it('uses London time in summer (BST = UTC+1)', () => {
    expect(selectableDeliveryDate(new Date('2026-07-10T13:59:00Z'))).toBe('2026-07-11'); // 14:59 BST
    expect(selectableDeliveryDate(new Date('2026-07-10T14:00:00Z'))).toBe('2026-07-12'); // 15:00 BST
  });

  it('counts the London calendar day, not the UTC one, just after midnight in BST', () => {
    // 23:30 UTC on 9 July is 00:30 on 10 July in London.
    expect(selectableDeliveryDate(new Date('2026-07-09T23:30:00Z'))).toBe('2026-07-11');
  });

  it('handles the day the clocks go forward (29 March 2026)', () => {
    expect(selectableDeliveryDate(new Date('2026-03-29T13:59:00Z'))).toBe('2026-03-30'); // 14:59 BST
    expect(selectableDeliveryDate(new Date('2026-03-29T14:00:00Z'))).toBe('2026-03-31'); // 15:00 BST
  });

  it('handles the day the clocks go back (25 October 2026)', () => {
    expect(selectableDeliveryDate(new Date('2026-10-25T14:59:00Z'))).toBe('2026-10-26'); // 14:59 GMT
    expect(selectableDeliveryDate(new Date('2026-10-25T15:00:00Z'))).toBe('2026-10-27'); // 15:00 GMT
  });

  it('rolls over month and year ends', () => {
    expect(selectableDeliveryDate(new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
    expect(selectableDeliveryDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-02');
    expect(selectableDeliveryDate(new Date('2028-02-28T16:00:00Z'))).toBe('2028-03-01');
  });
});

describe('orderCutoff', () => {
  it('is 15:00 London today before the cut-off and tomorrow after it', () => {
    expect(orderCutoff(new Date('2026-07-10T08:00:00Z')).toISOString()).toBe('2026-07-10T14:00:00.000Z');
    expect(orderCutoff(new Date('2026-07-10T14:30:00Z')).toISOString()).toBe('2026-07-11T14:00:00.000Z');
  });

  it('crosses the clocks going back: 15:00 BST today, then 15:00 GMT the next day', () => {
    expect(orderCutoff(new Date('2026-10-24T15:00:00Z')).toISOString()).toBe('2026-10-25T15:00:00.000Z');
  });
});

describe('deliveryCountdown', () => {
  it('reads "Deliver by {date} if order within Xh Ym"', () => {
    const c = deliveryCountdown(new Date('2026-11-23T10:15:00Z')); // Monday 10:15 GMT
    expect(c).toMatchObject({ date: '2026-11-24', hours: 4, minutes: 45 });
    expect(c.text).toBe('Deliver by Tue, 24 Nov 2026 if order within 4h 45m');
  });

  it('counts to tomorrow 15:00 after the cut-off', () => {
    const c = deliveryCountdown(new Date('2026-11-23T15:00:00Z'));
    expect(c.text).toBe('Deliver by Wed, 25 Nov 2026 if order within 24h 0m');
  });

  it('counts real elapsed time across the clocks going back (a 25-hour day)', () => {
    // 16:00 BST on Saturday 24 October; the next cut-off is 15:00 GMT on Sunday: 24 hours away.
    const c = deliveryCountdown(new Date('2026-10-24T15:00:00Z'));
    expect(c.hours).toBe(24);
    expect(c.minutes).toBe(0);
  });

  it('rounds partial minutes up so the window never reads 0m while still open', () => {
    const c = deliveryCountdown(new Date('2026-11-23T14:59:30Z'));
    expect([c.hours, c.minutes]).toEqual([0, 1]);
  });
});

describe('slots, cities and formatting', () => {
  it('offers the three morning slots', () => {
    expect(DELIVERY_SLOTS).toEqual(['10:00 - 11:00', '11:00 - 12:00', '12:00 - 13:00']);
    expect(isDeliverySlot('11:00 - 12:00')).toBe(true);
    expect(isDeliverySlot('13:00 - 14:00')).toBe(false);
  });

  it('delivers to the four cities only', () => {
    expect(['Bristol', 'Cardiff', 'Somerset', 'Swindon'].every(isDeliveryCity)).toBe(true);
    expect(isDeliveryCity('London')).toBe(false);
    expect(isDeliveryCity('bristol')).toBe(false);
  });

  it('formats delivery dates for shoppers', () => {
    expect(formatDeliveryDate('2027-01-01')).toBe('Fri, 1 Jan 2027');
  });
});

describe('changeableUntil', () => {
  it('is 15:00 GMT on the day before a winter delivery', () => {
    expect(changeableUntil('2026-11-24')).toBe('2026-11-23T15:00:00+00:00');
    expect(orderChangeDeadline('2026-11-24').toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });

  it('is 15:00 BST on the day before a summer delivery', () => {
    expect(changeableUntil('2026-07-10')).toBe('2026-07-09T15:00:00+01:00');
    expect(orderChangeDeadline('2026-07-10').toISOString()).toBe('2026-07-09T14:00:00.000Z');
  });

  it('follows the clock of the day before when the clocks change in between', () => {
    // Clocks go back at 02:00 BST on Sunday 25 October 2026: the day before is still BST.
    expect(changeableUntil('2026-10-25')).toBe('2026-10-24T15:00:00+01:00');
    expect(changeableUntil('2026-10-26')).toBe('2026-10-25T15:00:00+00:00');
    // Clocks go forward at 01:00 GMT on Sunday 29 March 2026.
    expect(changeableUntil('2026-03-29')).toBe('2026-03-28T15:00:00+00:00');
    expect(changeableUntil('2026-03-30')).toBe('2026-03-29T15:00:00+01:00');
  });

  it('crosses month and year ends', () => {
    expect(changeableUntil('2027-01-01')).toBe('2026-12-31T15:00:00+00:00');
    expect(changeableUntil('2026-03-01')).toBe('2026-02-28T15:00:00+00:00');
  });

  it('is the moment ordering for the same date closes', () => {
    for (const now of ['2026-11-23T10:00:00Z', '2026-07-09T13:59:59Z', '2026-10-24T14:30:00Z']) {
      const date = selectableDeliveryDate(new Date(now));
      expect(orderChangeDeadline(date).getTime()).toBe(orderCutoff(new Date(now)).getTime());
    }
  });

  it('refuses what is not a date', () => {
    expect(() => orderChangeDeadline('2026-02-30')).toThrow(RangeError);
  });
});

describe('formatChangeDeadline', () => {
  it('shows the London weekday and time of the deadline in winter and in summer', () => {
    expect(formatChangeDeadline('2026-11-23T15:00:00+00:00')).toBe('Mon 15:00');
    expect(formatChangeDeadline('2026-07-08T15:00:00+01:00')).toBe('Wed 15:00');
    // 14:00 UTC is 15:00 in London during summer time.
    expect(formatChangeDeadline(new Date('2026-07-08T14:00:00Z'))).toBe('Wed 15:00');
    expect(formatChangeDeadline(changeableUntil('2026-11-25'))).toBe('Tue 15:00');
  });
});

describe('nextPickingDate', () => {
  it("is today's date until the cut-off and tomorrow's from it, in London", () => {
    expect(nextPickingDate(new Date('2026-11-23T08:00:00Z'))).toBe('2026-11-23');
    expect(nextPickingDate(new Date('2026-11-23T14:59:00Z'))).toBe('2026-11-23');
    expect(nextPickingDate(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
    // 14:30 UTC is 15:30 in London in summer: tomorrow's orders have closed.
    expect(nextPickingDate(new Date('2026-07-08T14:30:00Z'))).toBe('2026-07-09');
    expect(nextPickingDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
