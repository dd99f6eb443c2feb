import { zonedDate } from '../leads/business-hours.ts';
import { formatCentimes } from './format.ts';
import type { QuoteLanguage } from './quote.ts';
import { quoteTotals, type PublicQuote, type QuoteAnswer, type QuoteDecision } from './record.ts';

/**
 * What the client's answer says, written once for every screen and paper that shows it (issue
 * 44, docs/quotes.md, « La réponse du client »): the question the client's page asks before it
 * sends an answer (« Accepter le devis DEV-2026-0001 pour 361 956,00 DA ? »), and, once
 * answered, the line the client's page and the printed quote carry (« Accepté en ligne le
 * 28/11/2026 à 20:14 ») with the client's comment. Pure: the time is the answer's, said in
 * Algiers time (`zonedDate`), day first with Latin digits in both languages. In the Arabic
 * sentences, what is left to right (the number, the amount, the date and the time) is a
 * left-to-right isolate (U+2066…U+2069), as in the quote's e-mail and WhatsApp message.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** « 28/11/2026 » and « 20:14 », the answer's instant in Algiers. */
export function answeredAtParts(at: number): { day: string; time: string } {
  const local = zonedDate(at);
  return {
    day: `${pad(local.day)}/${pad(local.month)}/${local.year}`,
    time: `${pad(local.hour)}:${pad(local.minute)}`,
  };
}

const ltr = (text: string) => `\u2066${text}\u2069`;

interface AnswerWords {
  currency: string;
  question: Record<QuoteDecision, (number: string, net: string) => string>;
  answered: Record<QuoteDecision, (day: string, time: string) => string>;
  /** Before the client's comment, which the screens isolate (<bdi>): it may be in any script. */
  commentLabel: string;
}

const WORDS: Record<QuoteLanguage, AnswerWords> = {
  fr: {
    currency: 'DA',
    question: {
      accepte: (number, net) => `Accepter le devis ${number} pour ${net}\u202f?`,
      refuse: (number, net) => `Refuser le devis ${number} pour ${net}\u202f?`,
    },
    answered: {
      accepte: (day, time) => `Accepté en ligne le ${day} à ${time}`,
      refuse: (day, time) => `Refusé en ligne le ${day} à ${time}`,
    },
    commentLabel: 'Commentaire du client :',
  },
  ar: {
    currency: 'دج',
    question: {
      accepte: (number, net) => `هل تقبلون عرض الأسعار ${ltr(number)} بمبلغ ${net}؟`,
      refuse: (number, net) => `هل ترفضون عرض الأسعار ${ltr(number)} بمبلغ ${net}؟`,
    },
    answered: {
      accepte: (day, time) => `قُبِل عبر الإنترنت يوم ${ltr(day)} على الساعة ${ltr(time)}`,
      refuse: (day, time) => `رُفِض عبر الإنترنت يوم ${ltr(day)} على الساعة ${ltr(time)}`,
    },
    commentLabel: 'تعليق الزبون:',
  },
};

/** The net to pay in figures with its currency: « 361 956,00 DA », « 361 956,00 دج ». */
export function netToPayText(
  quote: Pick<PublicQuote, 'lines' | 'paidInCash' | 'seller' | 'stampDutyScale' | 'language'>,
): string {
  const figures = formatCentimes(quoteTotals(quote).netToPay);
  const { currency } = WORDS[quote.language];
  // A no-break space: the currency never starts a line alone.
  return quote.language === 'ar'
    ? `${ltr(figures)}\u00a0${currency}`
    : `${figures}\u00a0${currency}`;
}

/**
 * The question the client's page asks before it sends `decision`: the quote's number and its
 * net to pay, in the quote's language.
 */
export function answerQuestion(
  quote: Pick<
    PublicQuote,
    'number' | 'lines' | 'paidInCash' | 'seller' | 'stampDutyScale' | 'language'
  >,
  decision: QuoteDecision,
): string {
  return WORDS[quote.language].question[decision](quote.number ?? '', netToPayText(quote));
}

/** What an answered quote says of its answer, in its language. */
export interface AnsweredText {
  /** « Accepté en ligne le 28/11/2026 à 20:14 ». */
  sentence: string;
  /** « Commentaire du client : » and the comment as typed (trimmed), or null without one. */
  comment: { label: string; text: string } | null;
}

export function answeredText(answer: QuoteAnswer, language: QuoteLanguage): AnsweredText {
  const words = WORDS[language];
  const { day, time } = answeredAtParts(answer.at);
  const comment = answer.comment?.trim() ? answer.comment.trim() : null;
  return {
    sentence: words.answered[answer.decision](day, time),
    comment: comment === null ? null : { label: words.commentLabel, text: comment },
  };
}
