import { describe, expect, it } from 'vitest';
import { formatFrenchDate, formatPriceDzd, telHref } from '../../src-web/content/format.ts';

describe('French formatting', () => {
  it('shows prices in DZD with French digit grouping, or ????? for a budget to choose', () => {
    expect(formatPriceDzd(28000).replace(/\s/g, ' ')).toBe('28 000 DZD');
    expect(formatPriceDzd(null)).toBe('?????');
  });

  it('writes dates the French way, whatever the time zone', () => {
    expect(formatFrenchDate('2024-03-01')).toBe('1 mars 2024');
    expect(formatFrenchDate('2024-11-30')).toBe('30 novembre 2024');
  });

  it('makes tel: links from international numbers', () => {
    expect(telHref('+213 550 12 34 56')).toBe('tel:+213550123456');
  });
});
