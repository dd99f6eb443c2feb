/**
 * Amounts of a quote, in whole centimes of a dinar (1 DA = 100 centimes), as bigint: never a
 * floating-point number, so that 0.1 + 0.2 never costs a centime (docs/quotes.md). Quantities
 * are counted in thousandths of a unit and discounts in hundredths of a percent, both as
 * integers too; every division rounds once, in the one way its function names.
 */

/** An amount in centimes (1 DA = 100n). */
export type Centimes = bigint;

export const CENTIMES_PER_DINAR = 100n;

/** `dinars(120_000)` is 120 000 DA in centimes. */
export function dinars(amount: number | bigint): Centimes {
  return BigInt(amount) * CENTIMES_PER_DINAR;
}

/** numerator / denominator, halves rounded away from zero (« arrondi au centime le plus proche »). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('Le diviseur doit être positif.');
  const sign = numerator < 0n ? -1n : 1n;
  const magnitude = numerator * sign;
  return sign * ((2n * magnitude + denominator) / (2n * denominator));
}

/** numerator / denominator rounded up (towards +∞), for a non-negative numerator. */
export function divideRoundUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('Le diviseur doit être positif.');
  if (numerator < 0n) throw new RangeError('Le dividende doit être positif ou nul.');
  return (numerator + denominator - 1n) / denominator;
}

/** The whole dinars and the centimes of a non-negative amount: 12_345_67n → [12345n, 67n]. */
export function splitDinars(amount: Centimes): { dinars: bigint; centimes: bigint } {
  if (amount < 0n) throw new RangeError('Un montant négatif n’a pas de forme en lettres.');
  return { dinars: amount / CENTIMES_PER_DINAR, centimes: amount % CENTIMES_PER_DINAR };
}

/**
 * A decimal the owner typed (« 1 250,50 », « 1250.5 », « 12,5 ») as an integer scaled by
 * 10^decimals, read digit by digit (no floating point). Spaces of any kind group thousands;
 * the comma or the dot separates the decimals. Returns null when the text is not such a
 * number or has more decimals than allowed.
 */
export function parseScaledDecimal(text: string, decimals: number): bigint | null {
  const compact = text.replace(/[\s\u00a0\u202f]/gu, '');
  const match = /^(\d+)(?:[.,](\d*))?$/u.exec(compact);
  if (match === null) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}
