import type { Language } from '../routes.ts';
import type { TaxRegime, VatRate } from './seller.ts';

/**
 * The TVA exemption of websites (docs/quotes.md, « L’exonération de TVA des sites web »): the
 * design and development of websites, their hosting in Algeria (.dz) and their maintenance are
 * exempt since the LFC 2010 (art. 32), extended several times, lastly by the LF 2024 (art. 70).
 * Until when is not certain: the sources read differently. One dated table, with its sources:
 * the earliest end they give is the one the editor holds to, until the agency's accountant
 * confirms an extension, recorded in « Réglages » (`exemption.extendedUntil`).
 */
export const WEBSITE_VAT_EXEMPTION = {
  grantedBy: 'Loi de finances complémentaire pour 2010, article 32',
  lastExtendedBy: 'Loi de finances pour 2024, article 70',
  /** Each reading of the end date, with its source; none is the official text itself. */
  endReadings: [
    {
      until: '2025-12-31',
      source: 'LF 2024, art. 70, selon la presse algérienne',
    },
    {
      until: '2026-12-31',
      source: 'résumé fiscal de PwC (Worldwide Tax Summaries, Algérie)',
    },
  ],
  /** The earliest end the sources give: the one held to without a confirmed extension. */
  end: '2025-12-31',
  /** Printed on a quote with an exempt line, in the quote's language. */
  mention: {
    fr: 'Exonération de TVA : conception, développement et hébergement de sites web en Algérie (.dz) et leur maintenance, article 32 de la loi de finances complémentaire pour 2010, prorogé par l’article 70 de la loi de finances pour 2024.',
    ar: 'إعفاء من الرسم على القيمة المضافة: تصميم المواقع الإلكترونية وتطويرها واستضافتها في الجزائر (.dz) وصيانتها، المادة 32 من قانون المالية التكميلي لسنة 2010، الممددة بالمادة 70 من قانون المالية لسنة 2024.',
  } satisfies Record<Language, string>,
} as const;

/**
 * Whether a line's rate is « Exonéré »: under the régime du réel, a line without TVA is an
 * exempt operation (Algeria's TVA has no 0 % rate: 19 % and 9 %); under the IFU or as an
 * auto-entrepreneur no line carries TVA at all, and the regime's mention says why.
 */
export function isExemptRate(regime: TaxRegime, rate: VatRate): boolean {
  return regime.kind === 'reel' && rate === 0;
}

/** « 2025-12-31 » → « 31/12/2025 ». */
export function frenchDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

export interface ExemptionState {
  /** The last exempt day: the accountant's extension when recorded, else the table's end. */
  until: string;
  /** Whether « Réglages » records an extension. */
  extended: boolean;
  /** Whether `day` comes after it. */
  lapsed: boolean;
}

/**
 * The exemption on `day` (YYYY-MM-DD, Algiers), given what « Réglages » records: lapsed past
 * the table's end, unless the accountant confirmed an extension that still runs.
 */
export function exemptionState(
  day: string,
  recorded: { extendedUntil: string; confirmedOn: string },
): ExemptionState {
  const extended =
    recorded.extendedUntil !== '' &&
    recorded.confirmedOn !== '' &&
    recorded.extendedUntil > WEBSITE_VAT_EXEMPTION.end;
  const until = extended ? recorded.extendedUntil : WEBSITE_VAT_EXEMPTION.end;
  return { until, extended, lapsed: day > until };
}

export const EXEMPTION_MESSAGES = {
  lapsed: (state: ExemptionState) =>
    state.extended
      ? `L’exonération de TVA des sites web a pris fin le ${frenchDay(state.until)}, fin de la prolongation notée dans « Réglages » : appliquez la TVA, ou notez une nouvelle prolongation confirmée par votre comptable.`
      : `L’exonération de TVA des sites web a pris fin le ${frenchDay(state.until)} selon les sources connues : appliquez la TVA, sauf prolongation confirmée par votre comptable et notée dans « Réglages ».`,
  both: 'Indiquez les deux dates : jusqu’où va la prolongation, et le jour où votre comptable l’a confirmée.',
  afterEnd: `La prolongation va au-delà du ${frenchDay(WEBSITE_VAT_EXEMPTION.end)}, la fin connue de l’exonération.`,
  confirmedBefore:
    'Le comptable confirme une prolongation avant qu’elle ne se termine : la date de confirmation vient avant sa fin.',
} as const;
