/**
 * What the client's answer says (issue 44): the confirmation's question with the quote's number
 * and net to pay, and « Accepté en ligne le 28/11/2026 à 20:14 » in Algiers time, in French and
 * in Arabic (Latin digits, left-to-right isolates in the Arabic sentences).
 */
import { describe, expect, it } from 'vitest';
import {
  answeredAtParts,
  answeredText,
  answerQuestion,
  netToPayText,
} from '../../../../shared/domain/quotes/answer-text.ts';
import type { QuoteLanguage } from '../../../../shared/domain/quotes/quote.ts';
import { stampDutyScaleFor } from '../../../../shared/domain/quotes/stamp-duty.ts';
import { A_REAL_SELLER } from '../../backend/quotes-contract.ts';

const quote = (language: QuoteLanguage) => ({
  number: 'DEV-2026-0001',
  language,
  // 361 956,00 DA at 0 %: the net to pay of the example.
  lines: [
    {
      designation: 'Site dynamique',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 36_195_600n,
      discountBasisPoints: 0n,
      vatRate: 0 as const,
    },
  ],
  paidInCash: false,
  seller: A_REAL_SELLER,
  stampDutyScale: stampDutyScaleFor('2026-11-28'),
});

/** 20:14 in Algiers on 28 November 2026 (UTC+1): 19:14 UTC. */
const AT = Date.UTC(2026, 10, 28, 19, 14, 30);
const LRI = '\u2066';
const PDI = '\u2069';

describe('the client’s answer, said', () => {
  it('asks to confirm with the number and the net to pay, in French and in Arabic', () => {
    expect(answerQuestion(quote('fr'), 'accepte')).toBe(
      'Accepter le devis DEV-2026-0001 pour 361\u202f956,00\u00a0DA\u202f?',
    );
    expect(answerQuestion(quote('fr'), 'refuse')).toBe(
      'Refuser le devis DEV-2026-0001 pour 361\u202f956,00\u00a0DA\u202f?',
    );
    expect(answerQuestion(quote('ar'), 'accepte')).toBe(
      `هل تقبلون عرض الأسعار ${LRI}DEV-2026-0001${PDI} بمبلغ ${LRI}361\u202f956,00${PDI}\u00a0دج؟`,
    );
    expect(answerQuestion(quote('ar'), 'refuse')).toBe(
      `هل ترفضون عرض الأسعار ${LRI}DEV-2026-0001${PDI} بمبلغ ${LRI}361\u202f956,00${PDI}\u00a0دج؟`,
    );
    expect(netToPayText(quote('fr'))).toBe('361\u202f956,00\u00a0DA');
  });

  it('dates the answer in Algiers time, day first, whatever the device’s zone', () => {
    expect(answeredAtParts(AT)).toEqual({ day: '28/11/2026', time: '20:14' });
    // 23:30 UTC on the 28th is already the 29th in Algiers.
    expect(answeredAtParts(Date.UTC(2026, 10, 28, 23, 30))).toEqual({
      day: '29/11/2026',
      time: '00:30',
    });
  });

  it('says « Accepté en ligne le … » or « Refusé en ligne le … », with the comment', () => {
    expect(answeredText({ decision: 'accepte', comment: ' D’accord. ', at: AT }, 'fr')).toEqual({
      sentence: 'Accepté en ligne le 28/11/2026 à 20:14',
      comment: { label: 'Commentaire du client :', text: 'D’accord.' },
    });
    expect(answeredText({ decision: 'refuse', comment: null, at: AT }, 'fr')).toEqual({
      sentence: 'Refusé en ligne le 28/11/2026 à 20:14',
      comment: null,
    });
    expect(answeredText({ decision: 'accepte', comment: 'موافق', at: AT }, 'ar')).toEqual({
      sentence: `قُبِل عبر الإنترنت يوم ${LRI}28/11/2026${PDI} على الساعة ${LRI}20:14${PDI}`,
      comment: { label: 'تعليق الزبون:', text: 'موافق' },
    });
    expect(answeredText({ decision: 'refuse', comment: '  ', at: AT }, 'ar')).toEqual({
      sentence: `رُفِض عبر الإنترنت يوم ${LRI}28/11/2026${PDI} على الساعة ${LRI}20:14${PDI}`,
      comment: null,
    });
  });
});
