import type { Centimes } from './money.ts';
import { divideRoundUp } from './money.ts';

/**
 * The droit de timbre on a payment in cash (« droit de timbre de quittance »), as the law in
 * force sets it: ONE dated table, so that the next finance law changes this place only (add a
 * new table, keep the old one for quotes dated before it, and point CURRENT_STAMP_DUTY_SCALE
 * at the new one).
 *
 * The scale is the one issue #34 gives for the loi de finances 2025 (article 46, which
 * rewrites article 100-I of the code du timbre; circulaire n° 14/MF/DGI/LF.2025 of 5 March
 * 2025): nothing up to 300 DA; above, the whole amount at its bracket's rate — 1 % up to
 * 30 000 DA, 1.5 % up to 100 000 DA, 2 % above — counted « par tranche de 100 DA ou fraction de
 * tranche » (the amount rounded up to the next 100 DA: 1 DA, 1.5 DA or 2 DA per started
 * tranche); at least 5 DA, and NO ceiling: the 10 000 DA ceiling of the former article 100 is
 * gone from 2025 as two public commentaries of the circulaire read it, and as a published
 * example shows (950 000 DA in cash → 19 000 DA). Issue 49 applies that reading;
 * docs/quotes.md says what stays uncertain (the 30 DA minimum of circulaire n° 73).
 */
export interface StampDutyScale {
  /** The text that sets the scale. */
  source: string;
  /** First day the scale applies (ISO date). */
  inForceFrom: string;
  /** The size of a tranche: a started tranche counts whole. */
  tranche: Centimes;
  /**
   * Brackets in increasing order: an amount up to `upTo` (inclusive; null for the last one)
   * pays `perTranche` for each tranche of its whole amount.
   */
  brackets: readonly { upTo: Centimes | null; perTranche: Centimes; label: string }[];
  /** The least duty due once any is due. */
  minimum: Centimes;
  /** The most duty due, whatever the amount (null: no ceiling). */
  maximum: Centimes | null;
}

export const STAMP_DUTY_SCALE_LF_2025: StampDutyScale = {
  source:
    'Loi de finances pour 2025, article 46 (code du timbre, article 100-I) ; circulaire n° 14/MF/DGI/LF.2025 du 5 mars 2025 ; sans plafond, selon deux commentaires publics de cette circulaire et un exemple publié (950 000 DA en espèces : 19 000 DA)',
  inForceFrom: '2025-01-01',
  tranche: 100_00n,
  brackets: [
    { upTo: 300_00n, perTranche: 0n, label: 'jusqu’à 300 DA : exonéré' },
    { upTo: 30_000_00n, perTranche: 1_00n, label: 'jusqu’à 30 000 DA : 1 %' },
    { upTo: 100_000_00n, perTranche: 1_50n, label: 'jusqu’à 100 000 DA : 1,5 %' },
    { upTo: null, perTranche: 2_00n, label: 'au-delà de 100 000 DA : 2 %' },
  ],
  minimum: 5_00n,
  maximum: null,
};

/** The scale quotes use today. */
export const CURRENT_STAMP_DUTY_SCALE = STAMP_DUTY_SCALE_LF_2025;

/** Every scale, oldest first: a finance law adds its own after the last one. */
export const STAMP_DUTY_SCALES: readonly StampDutyScale[] = [STAMP_DUTY_SCALE_LF_2025];

/**
 * The scale in force on `issueDate` (ISO date): the latest whose `inForceFrom` is not after
 * it. A quote sent keeps the scale of its date of issue (the store freezes it). A date before
 * the first scale gets the first one: no quote of this product predates it.
 */
export function stampDutyScaleFor(issueDate: string): StampDutyScale {
  let found = STAMP_DUTY_SCALES[0] ?? CURRENT_STAMP_DUTY_SCALE;
  for (const scale of STAMP_DUTY_SCALES) if (scale.inForceFrom <= issueDate) found = scale;
  return found;
}

/** The duty on a payment of `amount` in cash, by `scale`. */
export function stampDuty(
  amount: Centimes,
  scale: StampDutyScale = CURRENT_STAMP_DUTY_SCALE,
): Centimes {
  if (amount < 0n) throw new RangeError('Le montant payé ne peut pas être négatif.');
  const bracket = scale.brackets.find((b) => b.upTo === null || amount <= b.upTo);
  if (bracket === undefined) throw new RangeError('Le barème n’a pas de dernière tranche.');
  if (bracket.perTranche === 0n) return 0n;
  const duty = divideRoundUp(amount, scale.tranche) * bracket.perTranche;
  const atLeast = duty < scale.minimum ? scale.minimum : duty;
  return scale.maximum !== null && atLeast > scale.maximum ? scale.maximum : atLeast;
}
