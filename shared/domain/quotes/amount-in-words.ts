import { toCardinal as arabicCardinal } from 'n2words/ar-SA';
import { toCardinal as frenchCardinal } from 'n2words/fr-FR';
import type { Centimes } from './money.ts';
import { splitDinars } from './money.ts';
import type { QuoteLanguage } from './quote.ts';

/**
 * The total in words, as a quote closes: « Arrêté le présent devis à la somme de cent vingt
 * mille dinars algériens et cinquante centimes. » and its Arabic twin. The numbers' words come
 * from n2words (fr-FR, ar-SA); the counted nouns and their agreement are ours, since the
 * library gets them wrong (docs/quotes.md lists its cases):
 * - French: « un million euros » for « un million d’euros »: a round million or milliard
 *   takes « de » before the noun;
 * - Arabic: « أحد عشر ألف » and « ثمانون ألف » (the thousands after 11 to 99 take the
 *   accusative singular, « ألفاً »), « مئتان ألف » (« مئتا ألف »: the dual loses its ن before
 *   the noun it counts), and its currency form puts every noun in the accusative
 *   (« ألف ريالاً », « مائة وثلاثة ريالاً »). So only groups of three digits are asked of the
 *   library, and the thousands, millions, milliards and the dinars agree with their number
 *   here, by the rules of the counted noun (تمييز العدد).
 */

// ---------------------------------------------------------------- French

function frenchDinars(amount: bigint): string {
  const words = frenchCardinal(amount);
  const noun = amount <= 1n ? 'dinar algérien' : 'dinars algériens';
  // « un million de dinars », « deux milliards de dinars », but « un million cent dinars ».
  const roundMillions = amount >= 1_000_000n && amount % 1_000_000n === 0n;
  return `${words} ${roundMillions ? 'de ' : ''}${noun}`;
}

function frenchCentimes(centimes: bigint): string {
  return `${frenchCardinal(centimes)} ${centimes === 1n ? 'centime' : 'centimes'}`;
}

/** « cent vingt mille dinars algériens et cinquante centimes » */
export function frenchAmountInWords(amount: Centimes): string {
  const { dinars, centimes } = splitDinars(amount);
  if (dinars === 0n && centimes > 0n) return frenchCentimes(centimes);
  const main = frenchDinars(dinars);
  return centimes === 0n ? main : `${main} et ${frenchCentimes(centimes)}`;
}

// ---------------------------------------------------------------- Arabic

/** A counted noun's forms: after 1, after 2, after 3 to 10, after 11 to 99. */
interface CountedNoun {
  /** After 1, and in the construct after 100, 1 000… (« مائة ألف », « ألف دينار »). */
  singular: string;
  dual: string;
  /** The dual before the noun it counts (« ألفا دينار »), its ن dropped. */
  dualConstruct: string;
  /** After 3 to 10 (genitive plural). */
  plural: string;
  /** After 11 to 99 (accusative singular, tanwīn). */
  accusative: string;
}

const THOUSAND: CountedNoun = {
  singular: 'ألف',
  dual: 'ألفان',
  dualConstruct: 'ألفا',
  plural: 'آلاف',
  accusative: 'ألفاً',
};
const MILLION: CountedNoun = {
  singular: 'مليون',
  dual: 'مليونان',
  dualConstruct: 'مليونا',
  plural: 'ملايين',
  accusative: 'مليوناً',
};
const MILLIARD: CountedNoun = {
  singular: 'مليار',
  dual: 'ملياران',
  dualConstruct: 'مليارا',
  plural: 'مليارات',
  accusative: 'ملياراً',
};
/** Powers of 1 000 from the highest, the units last (no noun). */
const SCALES: readonly [bigint, CountedNoun][] = [
  [1_000_000_000n, MILLIARD],
  [1_000_000n, MILLION],
  [1_000n, THOUSAND],
];

/**
 * What the last word of a number becomes before the noun it counts, in construct (إضافة): a
 * dual loses its ن (« مئتان » → « مئتا ألف », « ألفان » → « ألفا دينار »), an accusative its
 * tanwīn (« أحد عشر ألفاً » → « أحد عشر ألف دينار »).
 */
const CONSTRUCT_FORMS = new Map<string, string>([
  ['مئتان', 'مئتا'],
  ...[THOUSAND, MILLION, MILLIARD].flatMap((noun) => [
    [noun.dual, noun.dualConstruct] as [string, string],
    [noun.accusative, noun.singular] as [string, string],
  ]),
]);

/**
 * A number followed by the noun it counts, its last word in construct. That word may carry the
 * conjunction « و » (« ألف ومئتان » → « ألف ومئتا دينار »): it is read without it, and keeps it.
 */
function construct(words: string): string {
  const last = words.split(' ').at(-1) ?? '';
  const conjunction = last.startsWith('و') && !CONSTRUCT_FORMS.has(last) ? 'و' : '';
  const shortened = CONSTRUCT_FORMS.get(last.slice(conjunction.length));
  return shortened === undefined
    ? words
    : `${words.slice(0, -last.length)}${conjunction}${shortened}`;
}

/** `count` (1 to 999) of `noun`, without the number 1 or 2 (« ألف », « ألفان »). */
function countedGroup(count: bigint, noun: CountedNoun): string {
  if (count === 1n) return noun.singular;
  if (count === 2n) return noun.dual;
  const words = arabicCardinal(count);
  const lastTwo = count % 100n;
  if (lastTwo >= 11n) return `${words} ${noun.accusative}`;
  if (lastTwo >= 3n) return `${words} ${noun.plural}`;
  // 100, 200… and 101, 102…: the noun in the genitive singular (« مئتا ألف », « مائة وواحد ألف »).
  return `${construct(words)} ${noun.singular}`;
}

/** The number alone, its thousands, millions and milliards agreeing with their count. */
function arabicNumber(amount: bigint): string {
  if (amount === 0n) return arabicCardinal(0n);
  const parts: string[] = [];
  let rest = amount;
  for (const [size, noun] of SCALES) {
    const count = rest / size;
    rest %= size;
    if (count > 0n) parts.push(countedGroup(count, noun));
  }
  if (rest > 0n) parts.push(arabicCardinal(rest));
  return parts.join(' و');
}

const DINAR: CountedNoun = {
  singular: 'دينار جزائري',
  dual: 'ديناران جزائريان',
  dualConstruct: 'ديناران جزائريان',
  plural: 'دنانير جزائرية',
  accusative: 'ديناراً جزائرياً',
};
const CENTIME: CountedNoun = {
  singular: 'سنتيم',
  dual: 'سنتيمان',
  dualConstruct: 'سنتيمان',
  plural: 'سنتيمات',
  accusative: 'سنتيماً',
};

/** `amount` of `noun` as Arabic counts it: « دينار جزائري واحد », « ثلاثة دنانير جزائرية »… */
function arabicCounted(amount: bigint, noun: CountedNoun): string {
  if (amount === 0n) return `${arabicCardinal(0n)} ${noun.singular}`;
  if (amount === 1n) return `${noun.singular} واحد`;
  if (amount === 2n) return noun.dual;
  const words = arabicNumber(amount);
  const lastTwo = amount % 100n;
  if (lastTwo >= 11n) return `${words} ${noun.accusative}`;
  if (lastTwo >= 3n) return `${words} ${noun.plural}`;
  return `${construct(words)} ${noun.singular}`;
}

/** « مائة وعشرون ألف دينار جزائري وخمسون سنتيماً » */
export function arabicAmountInWords(amount: Centimes): string {
  const { dinars, centimes } = splitDinars(amount);
  if (dinars === 0n && centimes > 0n) return arabicCounted(centimes, CENTIME);
  const main = arabicCounted(dinars, DINAR);
  return centimes === 0n ? main : `${main} و${arabicCounted(centimes, CENTIME)}`;
}

// ---------------------------------------------------------------- The sentence

/** Each language's words for an amount and the closing sentence: a new language adds its own. */
const IN_WORDS: Record<
  QuoteLanguage,
  { amount(amount: Centimes): string; closing(words: string): string }
> = {
  fr: {
    amount: frenchAmountInWords,
    // « de » elides before « un » (« d’un million »), as before any vowel but the « h » of
    // « huit » and the « o » of « onze », which keep it (« de huit », « de onze »).
    closing: (words) =>
      `Arrêté le présent devis à la somme ${/^(?:un\b|une\b)/u.test(words) ? `d’${words}` : `de ${words}`}.`,
  },
  ar: {
    amount: arabicAmountInWords,
    closing: (words) => `أوقف عرض الأسعار هذا على مبلغ: ${words}.`,
  },
};

/** The amount in words in `language`. */
export function amountInWords(amount: Centimes, language: QuoteLanguage): string {
  return IN_WORDS[language].amount(amount);
}

/**
 * The sentence that closes a quote: « Arrêté le présent devis à la somme d’un million de
 * dinars algériens. », « أوقف عرض الأسعار هذا على مبلغ: مليون دينار جزائري. »
 */
export function closingSentence(amount: Centimes, language: QuoteLanguage): string {
  return IN_WORDS[language].closing(amountInWords(amount, language));
}

/**
 * The sentence that closes an invoice (« Arrêtée la présente facture à la somme de … ») or a
 * credit note (« Arrêté le présent avoir à la somme de … »), in French or Arabic (issue 46).
 */
export function invoiceClosingSentence(
  amount: Centimes,
  language: QuoteLanguage,
  creditNote = false,
): string {
  const words = amountInWords(amount, language);
  if (language === 'ar') {
    return creditNote
      ? `أوقف هذا التخفيض على مبلغ: ${words}.`
      : `أوقفت هذه الفاتورة على مبلغ: ${words}.`;
  }
  const of = /^(?:un\b|une\b)/u.test(words) ? `d’${words}` : `de ${words}`;
  return creditNote
    ? `Arrêté le présent avoir à la somme ${of}.`
    : `Arrêtée la présente facture à la somme ${of}.`;
}
