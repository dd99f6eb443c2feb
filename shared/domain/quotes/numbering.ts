/**
 * Quote numbers: `DEV-2026-0001`, one unbroken chronological series per calendar year, never
 * reused (even after a deletion: the store keeps the last number given, not a count of the
 * quotes it holds). A quote changed after it was sent becomes a new version that keeps its
 * number with a suffix: `DEV-2026-0001-V2`. These functions are pure; where the counter is
 * kept and how two quotes never get the same number is the store's part (docs/quotes.md).
 */

export const QUOTE_NUMBER_PREFIX = 'DEV';

/** The last number given in a year (its `sequence`), as the store keeps it. */
export interface QuoteCounter {
  year: number;
  sequence: number;
}

const NUMBER_PATTERN = /^DEV-(\d{4})-(\d{4,})(?:-V(\d+))?$/u;

/** `DEV-2026-0001`, `DEV-2026-0001-V2` (version 1 has no suffix). */
export function formatQuoteNumber(year: number, sequence: number, version = 1): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw new RangeError(`Année de devis invalide : ${year}.`);
  }
  if (!Number.isInteger(sequence) || sequence < 1) {
    throw new RangeError(`Numéro d’ordre invalide : ${sequence}.`);
  }
  if (!Number.isInteger(version) || version < 1) {
    throw new RangeError(`Version invalide : ${version}.`);
  }
  const base = `${QUOTE_NUMBER_PREFIX}-${year}-${String(sequence).padStart(4, '0')}`;
  return version === 1 ? base : `${base}-V${version}`;
}

/** The parts of a quote number, or null when the text is not one. */
export function parseQuoteNumber(
  text: string,
): { year: number; sequence: number; version: number } | null {
  const match = NUMBER_PATTERN.exec(text);
  if (match === null) return null;
  const version = match[3] === undefined ? 1 : Number(match[3]);
  const sequence = Number(match[2]);
  // « -V1 » is not written (the first version has no suffix), nor is a sequence 0000.
  if (sequence < 1 || (match[3] !== undefined && version < 2)) return null;
  return { year: Number(match[1]), sequence, version };
}

/**
 * The number of the next quote issued in `year`, after `last` (the last number given, in
 * whatever year; null when none was ever given), and the counter to keep. A new year starts
 * again at 0001; a year earlier than the last one is refused, since the series is
 * chronological.
 */
export function nextQuoteNumber(
  last: QuoteCounter | null,
  year: number,
): { number: string; counter: QuoteCounter } {
  if (last !== null && year < last.year) {
    throw new RangeError(
      `Un devis de ${year} ne peut pas suivre un devis de ${last.year} : la numérotation suit l’ordre des dates.`,
    );
  }
  const sequence = last !== null && last.year === year ? last.sequence + 1 : 1;
  return { number: formatQuoteNumber(year, sequence), counter: { year, sequence } };
}

/** The number of the version after `number`: DEV-2026-0001 → DEV-2026-0001-V2 → …-V3. */
export function nextVersionNumber(number: string): string {
  const parts = parseQuoteNumber(number);
  if (parts === null) throw new RangeError(`Numéro de devis invalide : ${number}.`);
  return formatQuoteNumber(parts.year, parts.sequence, parts.version + 1);
}
