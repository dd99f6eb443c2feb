import { describe, expect, it } from 'vitest';
import {
  formatListDate,
  formatReceivedAt,
  messageExcerpt,
} from '../../../../src-web/admin/features/inbox/format-message.ts';

describe('dates of the inbox', () => {
  const now = new Date(2026, 6, 16, 18, 5).getTime();

  it('in a list item: the time today, the day this year, the whole date before', () => {
    expect(formatListDate(new Date(2026, 6, 16, 9, 7).getTime(), now)).toBe('09:07');
    expect(formatListDate(new Date(2026, 6, 3, 9, 7).getTime(), now)).toBe('3 juil.');
    expect(formatListDate(new Date(2026, 5, 16, 9, 7).getTime(), now)).toBe('16 juin');
    expect(formatListDate(new Date(2025, 11, 28, 9, 7).getTime(), now)).toBe('28/12/2025');
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
