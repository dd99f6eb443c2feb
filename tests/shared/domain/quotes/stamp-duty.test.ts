import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dinars } from '../../../../shared/domain/quotes/money.ts';
import {
  CURRENT_STAMP_DUTY_SCALE,
  STAMP_DUTY_SCALE_LF_2025,
  STAMP_DUTY_SCALES,
  stampDuty,
  stampDutyScaleFor,
  type StampDutyScale,
} from '../../../../shared/domain/quotes/stamp-duty.ts';

describe('droit de timbre on a payment in cash (loi de finances 2025)', () => {
  it('is one dated table with its source, the one quotes use', () => {
    expect(CURRENT_STAMP_DUTY_SCALE).toBe(STAMP_DUTY_SCALE_LF_2025);
    expect(STAMP_DUTY_SCALE_LF_2025.inForceFrom).toBe('2025-01-01');
    expect(STAMP_DUTY_SCALE_LF_2025.source).toMatch(/Loi de finances pour 2025/u);
    expect(STAMP_DUTY_SCALE_LF_2025.source).toMatch(/circulaire n° 14\/MF\/DGI\/LF\.2025/u);
    // Issue 49: the 10 000 DA ceiling is gone from 2025.
    expect(STAMP_DUTY_SCALE_LF_2025.maximum).toBeNull();
  });

  it.each([
    // amount (centimes), duty (centimes), why
    [0n, 0n, 'nothing paid'],
    [dinars(300), 0n, '300 DA: none up to 300 DA'],
    [dinars(300) + 1n, dinars(5), '300,01 DA: 4 tranches × 1 DA, at least 5 DA'],
    [dinars(500), dinars(5), '500 DA: 5 tranches × 1 DA'],
    [dinars(10_000), dinars(100), '10 000 DA: 1 %'],
    [dinars(10_000) + 1n, dinars(101), '10 000,01 DA: a started tranche counts whole'],
    [dinars(30_000), dinars(300), '30 000 DA: still 1 %'],
    [dinars(30_000) + 1n, 451_50n, '30 000,01 DA: 301 tranches × 1,5 DA'],
    [dinars(100_000), dinars(1_500), '100 000 DA: 1,5 %'],
    [dinars(100_000) + 1n, dinars(2_002), '100 000,01 DA: 1 001 tranches × 2 DA'],
    [dinars(500_000), dinars(10_000), '500 000 DA: 2 %'],
    [dinars(950_000), dinars(19_000), '950 000 DA: 19 000 DA, the published example (no ceiling)'],
    [dinars(2_000_000), dinars(40_000), '2 000 000 DA: 40 000 DA, past the former ceiling'],
  ])('on %s centimes is %s centimes (%s)', (amount, duty) => {
    expect(stampDuty(amount)).toBe(duty);
  });

  it('is the whole amount at its bracket’s rate, rounded up to the tranche, at least 5 DA, with no ceiling (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: dinars(2_000_000) }), (amount) => {
        const duty = stampDuty(amount);
        const percentTimes10 =
          amount <= dinars(300)
            ? 0n
            : amount <= dinars(30_000)
              ? 10n
              : amount <= dinars(100_000)
                ? 15n
                : 20n;
        // Rate × the amount rounded up to the next 100 DA (1 000 tenths of a percent).
        const tranches = (amount + dinars(100) - 1n) / dinars(100);
        const raw = (tranches * dinars(100) * percentTimes10) / 1000n;
        const expected = percentTimes10 === 0n ? 0n : raw < dinars(5) ? dinars(5) : raw;
        expect(duty).toBe(expected);
        if (amount > dinars(300)) expect(duty >= dinars(5)).toBe(true);
        // Never less for a larger amount.
        expect(stampDuty(amount + 1n) >= duty).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('follows another table when given one: a finance law changes one place', () => {
    const next: StampDutyScale = {
      ...STAMP_DUTY_SCALE_LF_2025,
      inForceFrom: '2027-01-01',
      minimum: dinars(30),
      maximum: null,
    };
    expect(stampDuty(dinars(400), next)).toBe(dinars(30));
    expect(stampDuty(dinars(950_000), next)).toBe(dinars(19_000));
  });

  it('gives each date of issue the scale in force that day (the one a sent quote keeps)', () => {
    expect(stampDutyScaleFor('2026-11-26')).toBe(STAMP_DUTY_SCALE_LF_2025);
    expect(stampDutyScaleFor('2025-01-01')).toBe(STAMP_DUTY_SCALE_LF_2025);
    // Each scale from its first day, the next one after: in date order.
    const days = STAMP_DUTY_SCALES.map((scale) => scale.inForceFrom);
    expect(days).toEqual([...days].sort());
    for (const scale of STAMP_DUTY_SCALES) expect(stampDutyScaleFor(scale.inForceFrom)).toBe(scale);
  });
});
