import { londonParts, londonPartsOfZone, londonYear } from './london-time';

describe('londonParts', () => {
  const same = (time: number) => {
    const instant = new Date(time);
    const parts = londonParts(instant);
    const zone = londonPartsOfZone(instant);
    if (JSON.stringify(parts) !== JSON.stringify(zone))
      expect({ at: instant.toISOString(), parts }).toEqual({ at: instant.toISOString(), parts: zone });
  };

  it('reads what the time zone database reads, every 7 min 13.5 s over four years', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 433_500) same(t);
  });

  it('reads what the time zone database reads around every clock change, second by second', () => {
    // The changes of 2025-2027 (last Sundays of March and October, 01:00 UTC), and two of the last century.
    const changes = [
      Date.UTC(2025, 2, 30, 1),
      Date.UTC(2025, 9, 26, 1),
      Date.UTC(2026, 2, 29, 1),
      Date.UTC(2026, 9, 25, 1),
      Date.UTC(2027, 2, 28, 1),
      Date.UTC(2027, 9, 31, 1),
      Date.UTC(1971, 9, 31, 2),
      Date.UTC(1996, 9, 27, 1),
    ];
    for (const change of changes)
      for (let t = change - 2 * 3_600_000; t <= change + 2 * 3_600_000; t += 999) same(t);
  });

  it('reads instants before 1970, at odd milliseconds and far from today as the database does', () => {
    for (const t of [
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      Date.UTC(1916, 4, 21, 2, 0, 0, 1),
      Date.UTC(1899, 11, 31, 23, 59, 59),
      Date.UTC(2199, 11, 31, 23, 30),
      Date.UTC(2300, 6, 1, 12),
      Date.UTC(2026, 5, 30, 22, 59, 59, 999),
    ])
      same(t);
    expect(londonParts(new Date(Date.UTC(2026, 5, 30, 23, 0, 0, 500)))).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });
});

describe('londonYear', () => {
  it('reads the year the time zone database reads around every New Year from 1968 to 2100, minute by minute', () => {
    // 1969-1971 began on UTC+1 (British Standard Time): their first hour was still the old year in UTC.
    for (let year = 1968; year <= 2100; year += 1) {
      const newYear = Date.UTC(year, 0, 1);
      for (let t = newYear - 2 * 3_600_000; t <= newYear + 2 * 3_600_000; t += 60_000) {
        const instant = new Date(t);
        const zone = londonPartsOfZone(instant).year;
        if (londonYear(instant) !== zone)
          expect({ at: instant.toISOString(), year: londonYear(instant) }).toEqual({
            at: instant.toISOString(),
            year: zone,
          });
      }
    }
  });

  it('reads the London year, not UTC’s, where they differed: the first hour of 1970 was still 1969 in UTC', () => {
    expect(londonYear(new Date(Date.UTC(1969, 11, 31, 23, 30)))).toBe(1970);
    expect(londonYear(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBe(2026);
    expect(londonYear(new Date(Date.UTC(2027, 0, 1, 0, 0)))).toBe(2027);
  });
});
