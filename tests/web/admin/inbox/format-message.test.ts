import { describe, expect, it } from 'vitest';
import {
  formatListDate,
  formatReceivedAt,
  messageExcerpt,
} from '../../../../src-web/admin/features/inbox/format-message.ts';

describe('dates of the inbox, in Algiers time whatever the device’s', () => {
  // Instants in UTC; Algiers is UTC+1 all year.
  const now = Date.UTC(2026, 6, 16, 17, 5);

  it('in a list item: the time today, the day this year, the whole date before', () => {
    expect(formatListDate(Date.UTC(2026, 6, 16, 8, 7), now)).toBe('09:07');
    expect(formatListDate(Date.UTC(2026, 6, 3, 8, 7), now)).toBe('3 juil.');
    expect(formatListDate(Date.UTC(2026, 5, 16, 8, 7), now)).toBe('16 juin');
    expect(formatListDate(Date.UTC(2025, 11, 28, 8, 7), now)).toBe('28/12/2025');
    // 23:30 UTC is already tomorrow in Oran: a day, not a time of today.
    expect(formatListDate(Date.UTC(2026, 6, 15, 23, 30), Date.UTC(2026, 6, 15, 22))).toBe(
      '16 juil.',
    );
    // And already this year: a day, not the whole date of last year.
    expect(formatListDate(Date.UTC(2025, 11, 31, 23, 30), now)).toBe('1 janv.');
  });

  it('in the table and the panel: the whole date and time', () => {
    expect(formatReceivedAt(Date.UTC(2026, 6, 16, 8, 7, 5))).toBe('16/07/2026 09:07:05');
  });

  it('N/A when the date is missing, in the list as in the table', () => {
    expect(formatListDate(null, now)).toBe('N/A');
    expect(formatReceivedAt(null)).toBe('N/A');
  });
});

describe('the start of a message', () => {
  it('is one line: line breaks and runs of spaces become one space', () => {
    expect(messageExcerpt('Bonjour,\n\n  nous aimerions\tun devis.\r\n')).toBe(
      'Bonjour, nous aimerions un devis.',
    );
  });

  it('keeps more than any screen shows on one line, and says it goes on', () => {
    const excerpt = messageExcerpt('mot '.repeat(500));
    expect(excerpt.length).toBeLessThanOrEqual(241);
    expect(excerpt.length).toBeGreaterThan(200);
    expect(excerpt.endsWith('mot…')).toBe(true);
  });
});
