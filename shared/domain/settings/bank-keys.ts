/**
 * The check keys of the accounts a client pays into (docs/quotes.md, « Les réglages »):
 *
 * - **RIB / RIP** (20 digits: bank 3, branch 5, account 10, key 2): the key is
 *   97 − ((branch and account as one number) × 100 mod 97), the « modulo 97 » of the Banque
 *   d’Algérie's instruction n° 06-2004, the bank code left out. A RIP (Algérie Poste) is
 *   the RIB of a CCP: bank 007, branch 99999.
 * - **CCP** (up to 10 digits, and its 2-digit key): the account written on 10 digits, each
 *   digit weighted 13 down to 4 from the left, the key being the sum's last two digits.
 *
 * Neither rule is published by Algérie Poste or the Banque d'Algérie in a text we could read:
 * both come from public implementations (docs/quotes.md says which, and what was checked).
 */

const onlyDigits = (text: string) => text.replace(/[\s\u00a0\u202f.-]/gu, '');

/** The RIB's key from its branch and account (15 digits); two digits, « 01 » to « 97 ». */
export function ribKey(branchAndAccount: string): string {
  const remainder = (BigInt(branchAndAccount) * 100n) % 97n;
  return String(97n - remainder).padStart(2, '0');
}

/** A RIB (or RIP) of 20 digits, spaces allowed, whose key is right; null otherwise. */
export function normaliseRib(text: string): string | null {
  const digits = onlyDigits(text);
  if (!/^\d{20}$/u.test(digits)) return null;
  return ribKey(digits.slice(3, 18)) === digits.slice(18) ? digits : null;
}

/** Whether the text is 20 digits (whatever its key). */
export function hasRibLength(text: string): boolean {
  return /^\d{20}$/u.test(onlyDigits(text));
}

/** The CCP's key: its 10 digits weighted 13 down to 4, the sum's last two digits. */
export function ccpKey(account: string): string {
  const digits = onlyDigits(account).padStart(10, '0');
  let sum = 0;
  for (const [index, digit] of [...digits].entries()) sum += Number(digit) * (13 - index);
  return String(sum % 100).padStart(2, '0');
}

/**
 * What to tell the owner of a CCP key that does not match `ccpKey` (null when it matches, or
 * when the number or the key is not typed in full). Not a refusal: the rule is not confirmed
 * by Algérie Poste (docs/quotes.md, « Les clés du RIB et du CCP »), so a real key it disagrees
 * with must still be accepted; only a key that is certainly wrong (not two digits, or given
 * without its number) is refused, by the schema.
 */
export function ccpKeyDoubt(account: string, key: string): string | null {
  const ccp = normaliseCcp(account);
  if (ccp === null || !/^\d{2}$/u.test(key.trim()) || ccpKey(ccp) === key.trim()) return null;
  return `Cette clé ne correspond pas au calcul que nous connaissons (${ccpKey(ccp)}), qui n’est pas confirmé par Algérie Poste : vérifiez-la sur un chèque ou un relevé. Elle est enregistrée telle que vous la tapez.`;
}

/** A CCP account number: 1 to 10 digits, spaces allowed; null otherwise. */
export function normaliseCcp(text: string): string | null {
  const digits = onlyDigits(text);
  return /^\d{1,10}$/u.test(digits) ? digits : null;
}

/** The RIP (20 digits) of a CCP account: 007 99999, the account on 10 digits, its RIB key. */
export function ripOfCcp(account: string): string {
  const padded = onlyDigits(account).padStart(10, '0');
  return `00799999${padded}${ribKey(`99999${padded}`)}`;
}
