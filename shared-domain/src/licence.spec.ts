import {
  alcoholHoursMessage,
  DEFAULT_LICENSED_HOURS,
  isLicensedHours,
  isWithinLicensedHours,
  REFUSAL_REASONS,
  refusalsCsv,
  slotMayHoldAlcohol,
} from './licence';

describe('licensed hours (London time)', () => {
  it('allows 08:00 up to (not including) 23:00 London by default, in summer and winter time', () => {
    // 2026-07-01 is a Wednesday, London is UTC+1.
    expect(isWithinLicensedHours(new Date('2026-07-01T06:59:00Z'), DEFAULT_LICENSED_HOURS)).toBe(false);
    expect(isWithinLicensedHours(new Date('2026-07-01T07:00:00Z'), DEFAULT_LICENSED_HOURS)).toBe(true);
    expect(isWithinLicensedHours(new Date('2026-07-01T21:59:00Z'), DEFAULT_LICENSED_HOURS)).toBe(true);
    expect(isWithinLicensedHours(new Date('2026-07-01T22:00:00Z'), DEFAULT_LICENSED_HOURS)).toBe(false);
    // 2026-12-02, London is UTC.
    expect(isWithinLicensedHours(new Date('2026-12-02T07:30:00Z'), DEFAULT_LICENSED_HOURS)).toBe(false);
    expect(isWithinLicensedHours(new Date('2026-12-02T08:00:00Z'), DEFAULT_LICENSED_HOURS)).toBe(true);
  });

  it("reads each weekday's own hours (1 = Monday, 7 = Sunday)", () => {
    const hours = { ...DEFAULT_LICENSED_HOURS, '7': ['10:00', '22:30'] as [string, string] };
    // 2026-12-06 is a Sunday.
    expect(isWithinLicensedHours(new Date('2026-12-06T09:00:00Z'), hours)).toBe(false);
    expect(isWithinLicensedHours(new Date('2026-12-06T22:15:00Z'), hours)).toBe(true);
    expect(isWithinLicensedHours(new Date('2026-12-07T09:00:00Z'), hours)).toBe(true);
    expect(slotMayHoldAlcohol('2026-12-06', '10:00 - 11:00', hours)).toBe(true);
    expect(slotMayHoldAlcohol('2026-12-06', '10:00 - 11:00', { ...hours, '7': ['10:30', '22:00'] })).toBe(
      false,
    );
  });

  it('names the hours in its message', () => {
    expect(alcoholHoursMessage(['08:00', '23:00'])).toBe(
      "Alcohol can be picked between 08:00 and 23:00 under the shop's licence.",
    );
  });

  it('accepts only a whole week of well-formed hours', () => {
    expect(isLicensedHours(DEFAULT_LICENSED_HOURS)).toBe(true);
    expect(isLicensedHours({ ...DEFAULT_LICENSED_HOURS, '7': ['00:00', '24:00'] })).toBe(true);
    expect(isLicensedHours({ ...DEFAULT_LICENSED_HOURS, '7': ['23:00', '08:00'] })).toBe(false);
    expect(isLicensedHours({ ...DEFAULT_LICENSED_HOURS, '7': ['8:00', '23:00'] })).toBe(false);
    expect(isLicensedHours({ ...DEFAULT_LICENSED_HOURS, '8': ['08:00', '23:00'] })).toBe(false);
    const { '7': _sunday, ...sixDays } = DEFAULT_LICENSED_HOURS;
    expect(isLicensedHours(sixDays)).toBe(false);
  });
});

describe('the refusals log as CSV', () => {
  it('gives one row a refusal in London time, products joined, cells escaped', () => {
    expect(
      refusalsCsv([
        {
          at: '2026-07-01T21:30:00.000Z',
          order: { _id: 'x', reference: 'AB12CD34' },
          driver: { _id: 'd', name: 'Dee Driver' },
          products: ['Red Wine 75cl', 'Cider, 4 x 440ml'],
          reason: REFUSAL_REASONS.idCheckFailed,
        },
      ]),
    ).toBe(
      'Date and time (London),Order,Driver,Products,Reason\r\n' +
        '2026-07-01 22:30,#AB12CD34,Dee Driver,"Red Wine 75cl; Cider, 4 x 440ml",ID check failed (Challenge 25)\r\n',
    );
  });
});
