import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  countdownParts,
  easternWallTimeToIso,
  eventTimes,
  formatCents,
  formatDateTime,
  formatEventDate,
  formatPrice,
  formatShortDate,
  isoDate,
  isoToEasternWallTime,
  zoneOffsetMinutes,
} from '../src/index';

describe('money (integer cents, shown in dollars)', () => {
  it('formats registrations with two decimals', () => {
    expect(formatCents(9900)).toBe('$99.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(centsToDollars(9950)).toBe(99.5);
  });

  it('formats marketing prices without cents when whole', () => {
    expect(formatPrice(9900)).toBe('$99');
    expect(formatPrice(9950)).toBe('$99.50');
    expect(formatPrice(19900)).toBe('$199');
  });

  it('writes every amount as Intl.NumberFormat would in en-US dollars', () => {
    const intl = (minimumFractionDigits: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits, maximumFractionDigits: 2 });
    const cents = fc.oneof(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: -(2 ** 50), max: 2 ** 50 }));
    fc.assert(
      fc.property(cents, (c) => {
        expect(formatCents(c)).toBe(intl(2).format(centsToDollars(c)));
        expect(formatPrice(c)).toBe(intl(c % 100 === 0 ? 0 : 2).format(centsToDollars(c)));
      }),
      { numRuns: 2000 },
    );
    // A fraction of a cent rounds to the nearest cent first, as centsToDollars does.
    for (const c of [99.5, 150.4, 9_999.6]) expect(formatPrice(c)).toBe(intl(Math.round(c) % 100 === 0 ? 0 : 2).format(centsToDollars(c)));
  });
});

const eventDate = (weekdayDate: string, time: string) => `${weekdayDate}, ${time}`;

describe('dates in America/New_York', () => {
  it('shows event dates as Weekday, Month d, yyyy, h:mm a with the zone, across DST', () => {
    expect(formatEventDate('2026-07-04T18:00:00Z')).toBe(eventDate('Saturday, July 4, 2026', '2:00 PM EDT'));
    expect(formatEventDate('2026-12-05T19:00:00Z')).toBe(eventDate('Saturday, December 5, 2026', '2:00 PM EST'));
    // The marketing workshop: 27 Sep 2025 14:00 IST is 4:30 AM Eastern.
    expect(formatEventDate('2025-09-27T14:00:00+05:30')).toBe(eventDate('Saturday, September 27, 2025', '4:30 AM EDT'));
  });

  it('puts a late-evening UTC instant on the Eastern calendar day', () => {
    expect(formatShortDate('2026-12-05T03:00:00Z')).toBe('Dec 4, 2026');
    expect(formatDateTime('2026-12-05T03:00:00Z')).toBe('Dec 4, 2026, 10:00 PM EST');
  });

  it('knows the Eastern offset either side of both 2026 DST switches', () => {
    expect(zoneOffsetMinutes(new Date('2026-03-08T06:59:00Z'))).toBe(-300);
    expect(zoneOffsetMinutes(new Date('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2026-11-01T05:59:00Z'))).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2026-11-01T06:00:00Z'))).toBe(-300);
  });

  it('turns Eastern wall-clock input into the right instant, summer and winter', () => {
    expect(easternWallTimeToIso('2026-07-04T14:00')).toBe('2026-07-04T18:00:00.000Z');
    expect(easternWallTimeToIso('2026-12-05T14:00')).toBe('2026-12-05T19:00:00.000Z');
    expect(easternWallTimeToIso('2026-03-08T03:00')).toBe('2026-03-08T07:00:00.000Z');
    expect(easternWallTimeToIso('2026-03-08T01:59')).toBe('2026-03-08T06:59:00.000Z');
    // 1:30 AM happens twice on the fall-back night: the first (EDT) is taken.
    expect(easternWallTimeToIso('2026-11-01T01:30')).toBe('2026-11-01T05:30:00.000Z');
    // 02:30 does not exist on the spring-forward day: the clock reads 03:30 EDT then.
    expect(easternWallTimeToIso('2026-03-08T02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(() => easternWallTimeToIso('next week')).toThrow(/Invalid local date-time/);
  });

  it('round-trips every hour of a year, DST switch days included', () => {
    // Every 5 hours all year (coprime with 24, so every hour of the day comes up), hourly on the switch days.
    const start = Date.UTC(2026, 0, 1);
    const instants = [];
    for (let t = start; t < start + 366 * 86_400_000; t += 5 * 3_600_000) instants.push(t);
    for (const day of [Date.UTC(2026, 2, 8), Date.UTC(2026, 10, 1)]) for (let h = 0; h < 30; h++) instants.push(day + h * 3_600_000);
    for (const t of instants) {
      const iso = new Date(t).toISOString();
      const wall = isoToEasternWallTime(iso);
      // The repeated hour on the fall-back night maps back to its first occurrence.
      const back = easternWallTimeToIso(wall);
      if (back !== iso) expect({ iso, wall, back, diff: new Date(iso).getTime() - new Date(back).getTime() }).toMatchObject({ diff: 3_600_000 });
      expect(isoToEasternWallTime(back)).toBe(wall);
    }
  });

  it('uses the UTC date for ISO file-name dates', () => {
    expect(isoDate(new Date('2026-03-01T02:00:00Z'))).toBe('2026-03-01');
  });

  it('counts down zero-padded and stops once passed', () => {
    expect(countdownParts('2026-01-02T03:04:05Z', new Date('2026-01-01T00:00:00Z'))).toEqual({ days: '01', hours: '03', minutes: '04', seconds: '05', done: false });
    expect(countdownParts('2026-01-01T00:00:00Z', new Date('2026-01-02T00:00:00Z'))).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '00', done: true });
  });
});

describe("workshop times in the visitor's zone, with Eastern time beside them", () => {
  it('names the visitor zone and gives Eastern, with its own date when that is another day', () => {
    // 2:00 PM EST on Saturday 5 December is 12:30 AM on Sunday in India.
    expect(eventTimes('2026-12-05T19:00:00Z', 'Asia/Kolkata')).toEqual({
      localDate: 'Sunday, December 6, 2026',
      localTime: '12:30 AM India Standard Time',
      local: 'Sunday, December 6, 2026, 12:30 AM India Standard Time',
      eastern: 'Saturday, December 5, 2:00 PM EST (Eastern Time)',
    });
    expect(eventTimes('2026-07-04T18:00:00Z', 'Europe/London').eastern).toBe('2:00 PM EDT (Eastern Time)');
    expect(eventTimes('2026-07-04T18:00:00Z', 'Europe/London').local).toBe('Saturday, July 4, 2026, 7:00 PM British Summer Time');
  });

  it('gives one time for a visitor on Eastern time, and falls back to Eastern for an unknown zone', () => {
    expect(eventTimes('2026-12-05T19:00:00Z', 'America/New_York')).toMatchObject({ local: 'Saturday, December 5, 2026, 2:00 PM Eastern Standard Time', eastern: null });
    expect(eventTimes('2026-12-05T19:00:00Z', 'Mars/Olympus')).toMatchObject({ localTime: '2:00 PM Eastern Standard Time', eastern: null });
  });
});
