import type { Centimes } from './money.ts';
import { divideRoundHalfUp } from './money.ts';
import type { TaxRegime, VatRate } from './seller.ts';
import { stampDuty, type StampDutyScale, CURRENT_STAMP_DUTY_SCALE } from './stamp-duty.ts';

/** Quantities are counted in thousandths (1,5 heure → 1500), discounts in hundredths of a percent (12,5 % → 1250). */
export const QUANTITY_SCALE = 1000n;
export const DISCOUNT_SCALE = 10_000n;

/** What a line needs for the totals (the domain form; quote.ts reads what the owner types). */
export interface PricedLine {
  /** In thousandths of the unit. */
  quantityMilli: bigint;
  /** Prix unitaire HT. */
  unitPrice: Centimes;
  /** Remise in hundredths of a percent, 0 to 10 000. */
  discountBasisPoints: bigint;
  vatRate: VatRate;
}

export interface VatTotal {
  rate: VatRate;
  /** The HT of the lines at that rate. */
  base: Centimes;
  vat: Centimes;
}

export interface QuoteTotals {
  /** Each line's total HT, in the lines' order. */
  lines: Centimes[];
  totalHT: Centimes;
  /** One entry per rate the lines use, highest rate first; empty under the IFU. */
  vat: VatTotal[];
  totalTTC: Centimes;
  /** The droit de timbre, when the client pays in cash; 0 otherwise. */
  stampDuty: Centimes;
  /** What the client pays: TTC and, in cash, the droit de timbre. */
  netToPay: Centimes;
}

/**
 * A line's total HT: quantity × unit price × (1 − discount), rounded once, to the nearest
 * centime (halves up).
 */
export function lineTotalHT(line: PricedLine): Centimes {
  return divideRoundHalfUp(
    line.unitPrice * line.quantityMilli * (DISCOUNT_SCALE - line.discountBasisPoints),
    QUANTITY_SCALE * DISCOUNT_SCALE,
  );
}

/**
 * The quote's totals. Under the réel, the TVA of each rate is computed once on the total HT of
 * the lines at that rate (rounded to the nearest centime, halves up), not line by line: the
 * quote then shows, per rate, a base and a TVA that anyone can check. Under the IFU there is
 * no TVA (TTC = HT) and a line with a rate is refused (quote.ts). In cash, the droit de
 * timbre is due on the TTC (stamp-duty.ts).
 */
export function computeQuoteTotals(
  lines: readonly PricedLine[],
  options: { regime: TaxRegime; paidInCash: boolean; scale?: StampDutyScale },
): QuoteTotals {
  const lineTotals = lines.map(lineTotalHT);
  const totalHT = lineTotals.reduce((sum, amount) => sum + amount, 0n);
  const vat: VatTotal[] = [];
  if (options.regime.kind === 'reel') {
    const bases = new Map<VatRate, Centimes>();
    lines.forEach((line, index) => {
      bases.set(line.vatRate, (bases.get(line.vatRate) ?? 0n) + (lineTotals[index] ?? 0n));
    });
    for (const [rate, base] of [...bases].sort(([a], [b]) => b - a)) {
      vat.push({ rate, base, vat: divideRoundHalfUp(base * BigInt(rate), 100n) });
    }
  } else if (lines.some((line) => line.vatRate !== 0)) {
    throw new RangeError('Au régime de l’IFU, un devis ne porte pas de TVA.');
  }
  const totalTTC = totalHT + vat.reduce((sum, entry) => sum + entry.vat, 0n);
  const duty = options.paidInCash
    ? stampDuty(totalTTC, options.scale ?? CURRENT_STAMP_DUTY_SCALE)
    : 0n;
  return { lines: lineTotals, totalHT, vat, totalTTC, stampDuty: duty, netToPay: totalTTC + duty };
}
