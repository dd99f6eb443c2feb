import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessTime,
  businessTimeBetween,
  isBusinessTime,
  localDay,
  stillNewReminderAt,
  zonedDate,
} from '../../../../shared/domain/leads/business-hours.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Algiers wall-clock time as an instant: Algeria keeps UTC+1 all year (no summer time). */
function algiers(day: string, time: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, (hour ?? 0) - 1, minute ?? 0);
}

/** An instant as Algiers wall-clock « YYYY-MM-DD HH:MM ». */
function shown(instant: number): string {
  const { hour, minute } = zonedDate(instant);
  return `${localDay(instant)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

describe('the « still Nouveau » reminder: 2 hours counted from 08:00 to 20:00 Algiers time', () => {
  // 2026-11-27 is a Friday, 2026-11-28 a Saturday: weekends count like any day.
  it.each([
    ['a message at 10:00 is due at 12:00 the same day', '2026-11-26', '10:00', '2026-11-26 12:00'],
    ['one at 07:00 waits for the opening: 10:00', '2026-11-26', '07:00', '2026-11-26 10:00'],
    ['one at 00:30 (after midnight) too: 10:00', '2026-11-26', '00:30', '2026-11-26 10:00'],
    ['one at 18:00 is due at 20:00 exactly', '2026-11-26', '18:00', '2026-11-26 20:00'],
    [
      'one at 19:00 has 1 h left the next morning: 09:00',
      '2026-11-26',
      '19:00',
      '2026-11-27 09:00',
    ],
    ['one at 19:59 has 1 h 59 left: 09:59', '2026-11-26', '19:59', '2026-11-27 09:59'],
    ['one at 20:00 counts from the next opening: 10:00', '2026-11-26', '20:00', '2026-11-27 10:00'],
    ['one at 23:45 too', '2026-11-26', '23:45', '2026-11-27 10:00'],
    [
      'Friday 19:30 is due Saturday 09:30 (weekends count)',
      '2026-11-27',
      '19:30',
      '2026-11-28 09:30',
    ],
    ['across a month and a year: 31 December 21:00', '2026-12-31', '21:00', '2027-01-01 10:00'],
    [
      'in summer (no summer time in Algeria): 15 July 19:15',
      '2026-07-15',
      '19:15',
      '2026-07-16 09:15',
    ],
  ])('%s', (_what, day, time, expected) => {
    expect(shown(stillNewReminderAt(algiers(day, time)))).toBe(expected);
  });

  it('counts seconds too: 08:00:30 gives 10:00:30', () => {
    const start = algiers('2026-11-26', '08:00') + 30_000;
    expect(stillNewReminderAt(start) - start).toBe(2 * HOUR);
  });

  it('reads days in Algiers time, not UTC: 00:30 Algiers is still the previous day in UTC', () => {
    const instant = algiers('2026-11-26', '00:30');
    expect(new Date(instant).toISOString().slice(0, 10)).toBe('2026-11-25');
    expect(localDay(instant)).toBe('2026-11-26');
  });
});

describe('in a zone with summer time (if the agency ever moves, or Algeria changes its rule)', () => {
  it('Paris, the night clocks go forward: Saturday 19:30 CET is due Sunday 09:30 CEST', () => {
    // 2026-03-28 19:30 in Paris is 18:30 UTC; the next morning 09:30 is 07:30 UTC (UTC+2).
    const start = Date.UTC(2026, 2, 28, 18, 30);
    expect(new Date(stillNewReminderAt(start, 'Europe/Paris')).toISOString()).toBe(
      '2026-03-29T07:30:00.000Z',
    );
  });

  it('Paris, the night clocks go back: Saturday 19:30 CEST is due Sunday 09:30 CET', () => {
    // 2026-10-24 19:30 in Paris is 17:30 UTC; the next morning 09:30 is 08:30 UTC (UTC+1).
    const start = Date.UTC(2026, 9, 24, 17, 30);
    expect(new Date(stillNewReminderAt(start, 'Europe/Paris')).toISOString()).toBe(
      '2026-10-25T08:30:00.000Z',
    );
  });
});

describe('business-time arithmetic, on any instant and duration (property tests)', () => {
  // Any minute of the years 2020–2035, and durations up to three working days.
  const instants = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
  const durations = fc.integer({ min: 0, max: 36 * HOUR });

  it('the working time between the start and the result is the duration asked', () => {
    fc.assert(
      fc.property(instants, durations, (start, duration) => {
        expect(businessTimeBetween(start, addBusinessTime(start, duration))).toBe(duration);
      }),
    );
  });

  it('a positive duration ends within working hours (20:00 itself included), never before start + duration', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 36 * HOUR }), (start, duration) => {
        const end = addBusinessTime(start, duration);
        expect(end).toBeGreaterThanOrEqual(start + duration);
        const { hour, minute, second } = zonedDate(end);
        const atClosing = hour === 20 && minute === 0 && second === 0;
        expect(isBusinessTime(end) || atClosing).toBe(true);
      }),
    );
  });

  it('a longer duration never ends earlier', () => {
    fc.assert(
      fc.property(instants, durations, durations, (start, a, b) => {
        const [shorter, longer] = a <= b ? [a, b] : [b, a];
        expect(addBusinessTime(start, shorter)).toBeLessThanOrEqual(addBusinessTime(start, longer));
      }),
    );
  });

  it('a full day holds exactly 12 working hours, whatever the day', () => {
    fc.assert(
      fc.property(instants, (start) => {
        expect(businessTimeBetween(start, start + 24 * HOUR)).toBe(12 * HOUR);
      }),
    );
  });
});
