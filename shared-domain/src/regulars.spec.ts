import {
  followingStandingDelivery,
  isoWeekday,
  nextStandingDelivery,
  nextStandingDeliveryAfterOrder,
  standingOrderPlaceAt,
  standingOrderSchedule,
} from './regulars';

describe('regular deliveries in London dates', () => {
  it('names weekdays Monday = 1 to Sunday = 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('delivers next on the first such day that can still be ordered for, after the last one handled', () => {
    // Monday 10:00: the shop delivers on Tuesday 24th.
    const monday = new Date('2026-11-23T10:00:00Z');
    expect(nextStandingDelivery(2, monday)).toBe('2026-11-24');
    expect(nextStandingDelivery(1, monday)).toBe('2026-11-30');
    expect(nextStandingDelivery(4, monday)).toBe('2026-11-26');
    // After the cut-off Tuesday can no longer be ordered for.
    expect(nextStandingDelivery(2, new Date('2026-11-23T15:00:00Z'))).toBe('2026-12-01');
    // Tuesday 24th placed already: the one after.
    expect(nextStandingDelivery(2, monday, '2026-11-24')).toBe('2026-12-01');
    expect(followingStandingDelivery('2026-11-24', 2)).toBe('2026-12-08');
  });

  it('places the order at 15:00 London two days before, across the clock changes', () => {
    expect(standingOrderPlaceAt('2026-11-26')).toEqual(new Date('2026-11-24T15:00:00Z'));
    // British Summer Time on the day of placing.
    expect(standingOrderPlaceAt('2026-10-26')).toEqual(new Date('2026-10-24T14:00:00Z'));
    expect(standingOrderPlaceAt('2026-10-27')).toEqual(new Date('2026-10-25T15:00:00Z'));
    expect(standingOrderPlaceAt('2027-03-29')).toEqual(new Date('2027-03-27T15:00:00Z'));
    expect(standingOrderPlaceAt('2027-03-30')).toEqual(new Date('2027-03-28T14:00:00Z'));
  });

  it('says the schedule in words', () => {
    expect(standingOrderSchedule(4, 1)).toBe('Every Thursday');
    expect(standingOrderSchedule(7, 2)).toBe('Every other Sunday');
  });
});

describe('a regular delivery made from an order', () => {
  const monday = new Date('2026-11-23T10:00:00Z'); // the shop delivers on Tuesday 24th

  it("counts the order as the first delivery: the next is a week, or two, after it on the order's weekday", () => {
    expect(nextStandingDeliveryAfterOrder(2, 1, monday, '2026-11-24')).toBe('2026-12-01');
    expect(nextStandingDeliveryAfterOrder(2, 2, monday, '2026-11-24')).toBe('2026-12-08');
  });

  it('takes the first such day after the order on another weekday', () => {
    expect(nextStandingDeliveryAfterOrder(3, 1, monday, '2026-11-24')).toBe('2026-11-25');
    expect(nextStandingDeliveryAfterOrder(1, 2, monday, '2026-11-24')).toBe('2026-11-30');
  });

  it('keeps the weeks of an old order but never gives a date ordering has closed for', () => {
    expect(nextStandingDeliveryAfterOrder(2, 1, monday, '2026-11-10')).toBe('2026-11-24');
    expect(nextStandingDeliveryAfterOrder(2, 2, monday, '2026-11-03')).toBe('2026-12-01');
  });
});
