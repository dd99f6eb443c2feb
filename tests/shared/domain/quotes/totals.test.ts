import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dinars } from '../../../../shared/domain/quotes/money.ts';
import type { TaxRegime } from '../../../../shared/domain/quotes/seller.ts';
import { VAT_RATES } from '../../../../shared/domain/quotes/seller.ts';
import { stampDuty } from '../../../../shared/domain/quotes/stamp-duty.ts';
import type { PricedLine } from '../../../../shared/domain/quotes/totals.ts';
import { computeQuoteTotals, lineTotalHT } from '../../../../shared/domain/quotes/totals.ts';

const REEL: TaxRegime = { kind: 'reel' };
const IFU: TaxRegime = { kind: 'ifu', mention: { fr: 'IFU', ar: 'IFU' } };

/** Lines as the schema lets them through: up to 999 999 999,99 DA, 1 000 000 units, 0–100 %. */
const line = (rates: readonly (19 | 9 | 0)[]) =>
  fc.record({
    quantityMilli: fc.bigInt({ min: 1n, max: 1_000_000_000n }),
    unitPrice: fc.oneof(
      fc.bigInt({ min: 0n, max: 100_000_00n }),
      fc.bigInt({ min: 0n, max: 99_999_999_999n }),
    ),
    discountBasisPoints: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10_000n })),
    vatRate: fc.constantFrom(...rates),
  }) satisfies fc.Arbitrary<PricedLine>;

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);

/**
 * `rounded` is numerator / denominator to the nearest integer, a half rounded up: checked
 * here by multiplication only, independently of the code's division.
 */
function isRoundedHalfUp(rounded: bigint, numerator: bigint, denominator: bigint): boolean {
  // rounded − ½ ≤ n/d < rounded + ½  ⇔  (2·rounded − 1)·d ≤ 2n < (2·rounded + 1)·d
  return (
    (2n * rounded - 1n) * denominator <= 2n * numerator &&
    2n * numerator < (2n * rounded + 1n) * denominator
  );
}

describe('quote totals, in whole centimes', () => {
  it('a worked example: two lines at 19 %, one at 9 %, a discount, cash', () => {
    const lines: PricedLine[] = [
      // Site vitrine: 1 × 120 000 DA, 10 % off → 108 000 DA
      { quantityMilli: 1000n, unitPrice: dinars(120_000), discountBasisPoints: 1000n, vatRate: 19 },
      // Hébergement: 12 mois × 1 500,50 DA → 18 006 DA
      { quantityMilli: 12_000n, unitPrice: 1_500_50n, discountBasisPoints: 0n, vatRate: 19 },
      // Formation: 1,5 jour × 9 999,99 DA → 14 999,985 → 14 999,99 DA
      { quantityMilli: 1500n, unitPrice: 9_999_99n, discountBasisPoints: 0n, vatRate: 9 },
    ];
    const totals = computeQuoteTotals(lines, { regime: REEL, paidInCash: true });
    expect(totals.lines).toEqual([108_000_00n, 18_006_00n, 14_999_99n]);
    expect(totals.totalHT).toBe(141_005_99n);
    expect(totals.vat).toEqual([
      // 126 006 × 19 % = 23 941,14
      { rate: 19, base: 126_006_00n, vat: 23_941_14n },
      // 14 999,99 × 9 % = 1 349,9991 DA → 1 350,00 DA
      { rate: 9, base: 14_999_99n, vat: 1_350_00n },
    ]);
    expect(totals.totalTTC).toBe(166_297_13n);
    // 166 297,13 DA: 1 663 tranches of 100 DA × 2 DA = 3 326 DA
    expect(totals.stampDuty).toBe(3_326_00n);
    expect(totals.netToPay).toBe(169_623_13n);
  });

  it('pays no droit de timbre when not in cash', () => {
    const totals = computeQuoteTotals(
      [{ quantityMilli: 1000n, unitPrice: dinars(50_000), discountBasisPoints: 0n, vatRate: 19 }],
      { regime: REEL, paidInCash: false },
    );
    expect(totals.stampDuty).toBe(0n);
    expect(totals.netToPay).toBe(totals.totalTTC);
  });

  it('adds up, for many generated quotes under the réel (property)', () => {
    fc.assert(
      fc.property(
        fc.array(line(VAT_RATES), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (lines, cash) => {
          const totals = computeQuoteTotals(lines, { regime: REEL, paidInCash: cash });
          // Each line rounded once, to the nearest centime, halves up.
          lines.forEach((l, i) => {
            const numerator = l.unitPrice * l.quantityMilli * (10_000n - l.discountBasisPoints);
            expect(isRoundedHalfUp(totals.lines[i] ?? -1n, numerator, 10_000_000n)).toBe(true);
            expect(totals.lines[i]).toBe(lineTotalHT(l));
          });
          expect(totals.totalHT).toBe(sum(totals.lines));
          // One TVA entry per rate used, bases adding up to the HT, each TVA rounded once.
          expect(totals.vat.map((v) => v.rate)).toEqual(
            [...new Set(lines.map((l) => l.vatRate))].sort((a, b) => b - a),
          );
          expect(sum(totals.vat.map((v) => v.base))).toBe(totals.totalHT);
          for (const entry of totals.vat) {
            const base = sum(totals.lines.filter((_, i) => lines[i]?.vatRate === entry.rate));
            expect(entry.base).toBe(base);
            expect(isRoundedHalfUp(entry.vat, base * BigInt(entry.rate), 100n)).toBe(true);
          }
          expect(totals.totalTTC).toBe(totals.totalHT + sum(totals.vat.map((v) => v.vat)));
          expect(totals.stampDuty).toBe(cash ? stampDuty(totals.totalTTC) : 0n);
          expect(totals.netToPay).toBe(totals.totalTTC + totals.stampDuty);
          expect(totals.totalTTC >= totals.totalHT).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('has no TVA under the IFU: TTC is HT (property)', () => {
    fc.assert(
      fc.property(
        fc.array(line([0]), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (lines, cash) => {
          const totals = computeQuoteTotals(lines, { regime: IFU, paidInCash: cash });
          expect(totals.vat).toEqual([]);
          expect(totals.totalHT).toBe(sum(totals.lines));
          expect(totals.totalTTC).toBe(totals.totalHT);
          expect(totals.netToPay).toBe(totals.totalTTC + (cash ? stampDuty(totals.totalTTC) : 0n));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a TVA rate under the IFU', () => {
    expect(() =>
      computeQuoteTotals(
        [{ quantityMilli: 1000n, unitPrice: dinars(100), discountBasisPoints: 0n, vatRate: 19 }],
        { regime: IFU, paidInCash: false },
      ),
    ).toThrow('Au régime de l’IFU, un devis ne porte pas de TVA.');
  });

  it('rounds a line’s half centime up, once (not per step)', () => {
    // 3 × 0,05 DA at 50 % off: 0,075 DA → 0,08 DA; 1,005 × 0,01 DA → 0,01 DA; 1,5 × 0,01 DA → 0,02 DA
    expect(
      lineTotalHT({ quantityMilli: 3000n, unitPrice: 5n, discountBasisPoints: 5000n, vatRate: 0 }),
    ).toBe(8n);
    expect(
      lineTotalHT({ quantityMilli: 1005n, unitPrice: 1n, discountBasisPoints: 0n, vatRate: 0 }),
    ).toBe(1n);
    expect(
      lineTotalHT({ quantityMilli: 1500n, unitPrice: 1n, discountBasisPoints: 0n, vatRate: 0 }),
    ).toBe(2n);
  });
});
