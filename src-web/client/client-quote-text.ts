import { FRENCH_CONTACT_MESSAGES } from '../../shared/domain/contact.ts';
import { ANSWER_COMMENT_LABEL, QUOTE_MESSAGES } from '../../shared/domain/quotes/record.ts';
import type { QuoteLanguage } from '../../shared/domain/quotes/quote.ts';
import type { QuoteDecision } from '../../shared/domain/quotes/record.ts';

/** The client's page's words, in each language a quote is written in. */
export interface ClientQuoteText {
  loading: string;
  /** The tab's title. */
  heading: (number: string) => string;
  /** Above the answer's form (the quote itself is the page's first heading). */
  answerHeading: string;
  intro: (agency: string) => string;
  comment: string;
  commentHelp: string;
  accept: string;
  refuse: string;
  sending: string;
  /** Opens the browser's print window, whose « Enregistrer au format PDF » makes the file. */
  pdf: string;
  pdfHelp: string;
  /** The confirmation asked before an answer is sent (its question: answer-text.ts). */
  confirmNote: string;
  confirm: Record<QuoteDecision, string>;
  cancel: string;
  /** Under « Accepté en ligne le … » (answer-text.ts), once answered. */
  thanks: Record<QuoteDecision, string>;
  yourComment: string;
  /** When the quote is no longer open to an answer, though the link still shows it. */
  closed: string;
  /** A failure the server said in French and we know in this language, else the general one. */
  failure: (french: string) => string;
  /** The same, when the quote could not be loaded: nothing was sent. */
  loadFailure: (french: string) => string;
}

/**
 * The backend's failures are worded to follow « … : » (« le serveur est injoignable, … »);
 * alone on the client's page, they start a sentence.
 */
export function asSentence(french: string): string {
  return french.charAt(0).toLocaleUpperCase('fr') + french.slice(1);
}

/** The server's refusals, said in Arabic too (the server answers in French). */
const ARABIC_REFUSALS: Record<string, string> = {
  [QUOTE_MESSAGES.linkDead]:
    'هذا الرابط لم يعد يؤدي إلى عرض أسعار: إما انتهت صلاحيته، أو حلّت محله نسخة أحدث، أو لم يوجد أصلاً. اطلبوا من الوكالة إعادة إرسال العرض.',
  [QUOTE_MESSAGES.alreadyAnswered]: 'تلقّى هذا العرض رداً من قبل: لا يمكن تغييره.',
  [QUOTE_MESSAGES.commentTooLong]: 'يجب ألا يتجاوز التعليق 2000 حرف.',
  // The contact form's refusals of the comment (typedText), as its Arabic form words them.
  [FRENCH_CONTACT_MESSAGES.forbiddenCharacters(ANSWER_COMMENT_LABEL)]:
    'يحتوي التعليق على أحرف غير مسموح بها.',
  [FRENCH_CONTACT_MESSAGES.bidiControls(ANSWER_COMMENT_LABEL)]:
    'يحتوي التعليق على أحرف تعكس اتجاه الكتابة: احذفوها.',
  [FRENCH_CONTACT_MESSAGES.invisibleMarks(ANSWER_COMMENT_LABEL)]:
    'يحتوي التعليق على أحرف غير مرئية (علامات اتجاه أو فراغات بلا عرض أو حروف فارغة): احذفوها.',
  [FRENCH_CONTACT_MESSAGES.invisibleOnly(ANSWER_COMMENT_LABEL)]:
    'لا يحتوي التعليق إلا على أحرف غير مرئية: اكتبوه بحروف أو أرقام.',
};

/**
 * « trop de tentatives en peu de temps, réessayez dans 9 minutes. » (rateLimitedMessage, the
 * client's address refused a while: too many dead links) said in Arabic, with its wait.
 */
export function arabicRateLimited(french: string): string | null {
  if (!french.startsWith('trop de tentatives en peu de temps')) return null;
  const wait = /dans (\d+) (minute|seconde)/u.exec(french);
  if (!wait) return 'محاولات كثيرة في وقت قصير: انتظروا قليلاً ثم أعيدوا المحاولة.';
  const count = Number(wait[1]);
  const [one, two, few, other] =
    wait[2] === 'seconde'
      ? ['ثانية واحدة', 'ثانيتين', 'ثوانٍ', 'ثانية']
      : ['دقيقة واحدة', 'دقيقتين', 'دقائق', 'دقيقة'];
  const rule = new Intl.PluralRules('ar').select(count);
  const after =
    rule === 'one' ? one : rule === 'two' ? two : `${count} ${rule === 'few' ? few : other}`;
  return `محاولات كثيرة في وقت قصير: أعيدوا المحاولة بعد ${after}.`;
}

/** A failure of the server in Arabic, if we know it. */
function arabicRefusal(french: string): string | undefined {
  return ARABIC_REFUSALS[french] ?? arabicRateLimited(french) ?? undefined;
}

export const CLIENT_QUOTE_TEXT: Record<QuoteLanguage, ClientQuoteText> = {
  fr: {
    loading: 'Chargement du devis…',
    heading: (number) => `Devis ${number}`,
    answerHeading: 'Votre réponse',
    intro: (agency) =>
      `${agency} vous adresse ce devis. Lisez-le, puis acceptez-le ou refusez-le ci-dessous ; vous pouvez ajouter un commentaire.`,
    comment: 'Commentaire (facultatif)',
    commentHelp: 'Une question, une précision : l’agence le lira avec votre réponse.',
    accept: 'Accepter le devis',
    refuse: 'Refuser',
    sending: 'Envoi de votre réponse…',
    pdf: 'Télécharger en PDF',
    // No-break spaces inside the guillemets and before the semicolon: never alone at a line's start.
    pdfHelp: 'Dans la fenêtre d’impression, choisissez «\u00a0Enregistrer au format PDF\u00a0».',
    confirmNote: 'Votre réponse sera transmise à l’agence\u202f; elle ne pourra plus être changée.',
    confirm: { accepte: 'Oui, accepter le devis', refuse: 'Oui, refuser le devis' },
    cancel: 'Annuler',
    thanks: {
      accepte: 'Merci : l’agence est prévenue de votre accord.',
      refuse: 'L’agence est prévenue de votre réponse.',
    },
    yourComment: 'Votre commentaire :',
    closed: 'Ce devis n’attend plus de réponse.',
    failure: asSentence,
    loadFailure: asSentence,
  },
  ar: {
    loading: 'جارٍ تحميل عرض الأسعار…',
    heading: (number) => `عرض أسعار رقم ${number}`,
    answerHeading: 'ردّكم على العرض',
    intro: (agency) =>
      `ترسل إليكم ${agency} عرض الأسعار هذا. اطّلعوا عليه، ثم اقبلوه أو ارفضوه أدناه؛ ويمكنكم إضافة تعليق.`,
    comment: 'تعليق (اختياري)',
    commentHelp: 'سؤال أو توضيح: ستقرؤه الوكالة مع ردّكم.',
    accept: 'قبول عرض الأسعار',
    refuse: 'رفض',
    sending: 'جارٍ إرسال ردّكم…',
    pdf: 'تنزيل بصيغة PDF',
    pdfHelp: 'في نافذة الطباعة، اختاروا «حفظ بتنسيق PDF».',
    confirmNote: 'سيُرسَل ردّكم إلى الوكالة، ولا يمكن تغييره بعد ذلك.',
    confirm: { accepte: 'نعم، أقبل العرض', refuse: 'نعم، أرفض العرض' },
    cancel: 'إلغاء',
    thanks: {
      accepte: 'شكراً لكم: أُبلغت الوكالة بموافقتكم.',
      refuse: 'أُبلغت الوكالة بردّكم.',
    },
    yourComment: 'تعليقكم:',
    closed: 'لم يعد هذا العرض ينتظر رداً.',
    failure: (french) =>
      arabicRefusal(french) ?? 'تعذّر إرسال ردّكم. تحقّقوا من اتصالكم بالإنترنت ثم أعيدوا المحاولة.',
    loadFailure: (french) =>
      arabicRefusal(french) ??
      'تعذّر تحميل عرض الأسعار. تحقّقوا من اتصالكم بالإنترنت ثم أعيدوا تحميل الصفحة.',
  },
};
