import { describe, expect, it } from 'vitest';
import {
  formatCentimes,
  formatQuoteDate,
  formatScaled,
} from '../../../src-web/quotes/quote-format.ts';

describe('the printed quote’s numbers', () => {
  it.each([
    [0n, '0,00'],
    [5n, '0,05'],
    [12_000_050n, '120\u202f000,50'],
    [100_000_000_00n, '100\u202f000\u202f000,00'],
    // Beyond what a float holds exactly: 90 071 992 547 409,93 DA.
    [9_007_199_254_740_993n, '90\u202f071\u202f992\u202f547\u202f409,93'],
  ])('writes %s centimes as « %s », grouped by narrow no-break spaces', (amount, text) => {
    expect(formatCentimes(amount)).toBe(text);
  });

  it('writes quantities and discounts with their decimals only', () => {
    expect(formatScaled(1500n, 3)).toBe('1,5');
    expect(formatScaled(12_000n, 3)).toBe('12');
    expect(formatScaled(1250n, 2)).toBe('12,5');
  });

  it('writes dates in the quote’s language, with Latin digits', () => {
    expect(formatQuoteDate('2026-12-26', 'fr-DZ')).toBe('26 décembre 2026');
    expect(formatQuoteDate('2026-12-26', 'ar-DZ')).toBe('26 ديسمبر 2026');
  });
});
