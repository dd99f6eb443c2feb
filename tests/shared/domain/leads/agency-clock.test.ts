import { describe, expect, it } from 'vitest';
import {
  agencyDayEnd,
  agencyDayStart,
  formatAgencyDateTime,
  fromAgencyInput,
  toAgencyInput,
} from '../../../../shared/domain/leads/agency-clock.ts';

// The suite runs in the machine's time zone (UTC here, anything on a laptop): every value below
// is an instant written in UTC and its wall-clock time in Algiers (UTC+1 all year), so that a
// conversion through the device's zone fails here.
describe('the dashboard’s dates in Algiers time', () => {
  it('writes and reads « Relancer le » as Algiers wall-clock time', () => {
    expect(fromAgencyInput('2027-07-15T09:00')).toBe(Date.UTC(2027, 6, 15, 8, 0));
    expect(toAgencyInput(Date.UTC(2027, 6, 15, 8, 0))).toBe('2027-07-15T09:00');
    // Late in the UTC evening, it is already tomorrow in Oran.
    expect(toAgencyInput(Date.UTC(2026, 11, 31, 23, 30))).toBe('2027-01-01T00:30');
    expect(fromAgencyInput('2027-01-01T00:30')).toBe(Date.UTC(2026, 11, 31, 23, 30));
    // Seconds, as some browsers give them.
    expect(fromAgencyInput('2027-07-15T09:00:30')).toBe(Date.UTC(2027, 6, 15, 8, 0, 30));
  });

  it('refuses what is not a date and a time', () => {
    for (const value of ['', '2027-07-15', '2027-02-30T09:00', '2027-13-01T09:00', 'demain 9h']) {
      expect(fromAgencyInput(value), value).toBeNaN();
    }
  });

  it('says a date and time as the pipeline writes them', () => {
    expect(formatAgencyDateTime(Date.UTC(2026, 10, 28, 16, 40))).toBe('28 nov. 2026, 17:40');
    expect(formatAgencyDateTime(Date.UTC(2026, 11, 31, 23, 30))).toBe('1 janv. 2027, 00:30');
  });

  it('bounds a day of the Algiers calendar', () => {
    expect(agencyDayStart('2026-01-16')).toBe(Date.UTC(2026, 0, 15, 23));
    expect(agencyDayEnd('2026-01-16')).toBe(Date.UTC(2026, 0, 16, 23));
    expect(agencyDayEnd('2026-01-31')).toBe(Date.UTC(2026, 0, 31, 23));
    expect(agencyDayStart('2026-02-31')).toBeNaN();
  });
});
