import { toCardinal as libraryArabic, toCurrency as libraryArabicCurrency } from 'n2words/ar-SA';
import { toCurrency as libraryFrenchCurrency } from 'n2words/fr-FR';
import { describe, expect, it } from 'vitest';
import {
  arabicAmountInWords,
  closingSentence,
  frenchAmountInWords,
} from '../../../../shared/domain/quotes/amount-in-words.ts';
import { dinars } from '../../../../shared/domain/quotes/money.ts';

describe('the total in words, in French', () => {
  it.each([
    [0, 'zéro dinar algérien'],
    [1, 'un dinar algérien'],
    [2, 'deux dinars algériens'],
    [3, 'trois dinars algériens'],
    [11, 'onze dinars algériens'],
    [71, 'soixante et onze dinars algériens'],
    [80, 'quatre-vingts dinars algériens'],
    [81, 'quatre-vingt-un dinars algériens'],
    [100, 'cent dinars algériens'],
    [200, 'deux cents dinars algériens'],
    [1_000, 'mille dinars algériens'],
    [80_000, 'quatre-vingt mille dinars algériens'],
    [1_000_000, 'un million de dinars algériens'],
    [2_000_000, 'deux millions de dinars algériens'],
    [1_200_000, 'un million deux cent mille dinars algériens'],
    [3_000_000_000, 'trois milliards de dinars algériens'],
  ])('%i DA: « %s »', (amount, words) => {
    expect(frenchAmountInWords(dinars(amount))).toBe(words);
  });

  it.each([
    [1n, 'un centime'],
    [80n, 'quatre-vingts centimes'],
    [1_00n + 1n, 'un dinar algérien et un centime'],
    [120_000_50n, 'cent vingt mille dinars algériens et cinquante centimes'],
    [1_000_000_80n, 'un million de dinars algériens et quatre-vingts centimes'],
    [71_71n, 'soixante et onze dinars algériens et soixante et onze centimes'],
  ])('%s centimes: « %s »', (amount, words) => {
    expect(frenchAmountInWords(amount)).toBe(words);
  });

  it('closes the quote with « de », elided before « un »', () => {
    expect(closingSentence(dinars(1_000_000), 'fr')).toBe(
      'Arrêté le présent devis à la somme d’un million de dinars algériens.',
    );
    expect(closingSentence(dinars(11), 'fr')).toBe(
      'Arrêté le présent devis à la somme de onze dinars algériens.',
    );
    expect(closingSentence(dinars(80), 'fr')).toBe(
      'Arrêté le présent devis à la somme de quatre-vingts dinars algériens.',
    );
  });
});

describe('the total in words, in Arabic', () => {
  it.each([
    [0, 'صفر دينار جزائري'],
    [1, 'دينار جزائري واحد'],
    [2, 'ديناران جزائريان'],
    [3, 'ثلاثة دنانير جزائرية'],
    [10, 'عشرة دنانير جزائرية'],
    [11, 'أحد عشر ديناراً جزائرياً'],
    [71, 'واحد وسبعون ديناراً جزائرياً'],
    [80, 'ثمانون ديناراً جزائرياً'],
    [100, 'مائة دينار جزائري'],
    [103, 'مائة وثلاثة دنانير جزائرية'],
    [200, 'مئتا دينار جزائري'],
    [1_000, 'ألف دينار جزائري'],
    [2_000, 'ألفا دينار جزائري'],
    [2_500, 'ألفان وخمسمائة دينار جزائري'],
    [3_000, 'ثلاثة آلاف دينار جزائري'],
    [11_000, 'أحد عشر ألف دينار جزائري'],
    [11_500, 'أحد عشر ألفاً وخمسمائة دينار جزائري'],
    [80_000, 'ثمانون ألف دينار جزائري'],
    [120_000, 'مائة وعشرون ألف دينار جزائري'],
    [200_000, 'مئتا ألف دينار جزائري'],
    [1_000_000, 'مليون دينار جزائري'],
    [2_000_000, 'مليونا دينار جزائري'],
    [3_000_000, 'ثلاثة ملايين دينار جزائري'],
    [1_234_567, 'مليون ومئتان وأربعة وثلاثون ألفاً وخمسمائة وسبعة وستون ديناراً جزائرياً'],
    // The last group after « و » is in construct too.
    [1_200, 'ألف ومئتا دينار جزائري'],
    [5_200, 'خمسة آلاف ومئتا دينار جزائري'],
    [25_200, 'خمسة وعشرون ألفاً ومئتا دينار جزائري'],
    [1_000_200, 'مليون ومئتا دينار جزائري'],
    [1_002_000, 'مليون وألفا دينار جزائري'],
    [3_200_000, 'ثلاثة ملايين ومئتا ألف دينار جزائري'],
  ])('%i DA: « %s »', (amount, words) => {
    expect(arabicAmountInWords(dinars(amount))).toBe(words);
  });

  it.each([
    [1n, 'سنتيم واحد'],
    [2n, 'سنتيمان'],
    [5n, 'خمسة سنتيمات'],
    [50n, 'خمسون سنتيماً'],
    [120_000_50n, 'مائة وعشرون ألف دينار جزائري وخمسون سنتيماً'],
    [1_000_000_80n, 'مليون دينار جزائري وثمانون سنتيماً'],
    [3_01n, 'ثلاثة دنانير جزائرية وسنتيم واحد'],
  ])('%s centimes: « %s »', (amount, words) => {
    expect(arabicAmountInWords(amount)).toBe(words);
  });

  it('closes the quote', () => {
    expect(closingSentence(120_000_50n, 'ar')).toBe(
      'أوقف عرض الأسعار هذا على مبلغ: مائة وعشرون ألف دينار جزائري وخمسون سنتيماً.',
    );
  });
});

/**
 * What n2words 4.0.0 says alone on the cases we word ourselves (docs/quotes.md): if an upgrade
 * fixes them, these fail, and our layer on top may be made thinner.
 */
describe('n2words 4.0.0 alone, where we do not follow it', () => {
  it('misses the « de » of a round million in French', () => {
    expect(libraryFrenchCurrency(1_000_000)).toBe('un million euros');
  });

  it('keeps the ن of the dual 200 before ألف, and writes round thousands after 11 to 99 without their accusative', () => {
    expect(libraryArabic(200_000)).toBe('مئتان ألف');
    expect(libraryArabic(80_000)).toBe('ثمانون ألف');
    expect(libraryArabic(80_500)).toBe('ثمانون ألفاً وخمسمائة');
  });

  it('puts the counted noun of its currency form in the accusative after any number', () => {
    expect(libraryArabicCurrency(1_000)).toBe('ألف ريالاً');
    expect(libraryArabicCurrency(103)).toBe('مائة وثلاثة ريالاً');
    expect(libraryArabicCurrency(2_000)).toBe('ألفان ريالاً');
  });
});
