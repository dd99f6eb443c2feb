/**
 * What the contact form says, in each language of the public pages: labels, placeholders,
 * the schema's messages, the popups and the failures. The French popups are the original
 * site's, word for word (shared/domain/popups.ts); the French failures are the backends'
 * (shared/domain/messages.ts).
 */
import {
  FRENCH_CONTACT_MESSAGES,
  type ContactSchemaMessages,
  type ContactService,
} from '../../../../shared/domain/contact.ts';
import {
  FAILURES,
  rateLimitedMessage,
  type FailureCode,
} from '../../../../shared/domain/messages.ts';
import { POPUPS } from '../../../../shared/domain/popups.ts';
import type { Language } from '../../../../shared/domain/routes.ts';
import type { PluralForms } from '../../../content/types.ts';
import { formatCount } from '../../../content/format.ts';

export interface ContactFormText {
  formLabel: string;
  requiredNote: { before: string; after: string };
  fields: {
    fullName: string;
    email: string;
    phone: string;
    subject: string;
    service: string;
    message: string;
  };
  chooseService: string;
  services: Record<ContactService, string>;
  honeypot: string;
  send: string;
  sending: string;
  schema: ContactSchemaMessages;
  /**
   * Under a field the server refused for a reason the schema does not word (a server of
   * another version); null: the server's own words. Any other refusal is said in the schema's
   * words of this language (`contactFieldErrorIn`).
   */
  serverFieldError: string | null;
  popups: {
    success: { title: string; text: string; confirmButtonText: string };
    failure: { title: string; textPrefix: string; confirmButtonText: string };
  };
  failures: Record<FailureCode, string>;
  rateLimited: (retryAfterSeconds?: number) => string;
}

const FRENCH: ContactFormText = {
  formLabel: 'Formulaire de contact',
  requiredNote: {
    before: 'Les champs marqués d’un astérisque (',
    after: ') sont obligatoires.',
  },
  fields: {
    fullName: 'Nom complet',
    email: 'E-mail',
    phone: 'Numéro de téléphone',
    subject: 'Sujet',
    service: 'Service',
    message: 'Message',
  },
  chooseService: 'Choisissez un service',
  services: {
    Développement: 'Développement',
    Design: 'Design',
    Audiovisuel: 'Audiovisuel',
    'Gestion des comptes': 'Gestion des comptes',
  },
  honeypot: 'Ne pas remplir ce champ',
  send: 'Envoyer le message',
  sending: 'Envoi en cours…',
  schema: FRENCH_CONTACT_MESSAGES,
  serverFieldError: null,
  popups: { success: POPUPS.contactSuccess, failure: POPUPS.contactFailure },
  failures: FAILURES,
  rateLimited: rateLimitedMessage,
};

const CHARACTERS: PluralForms = {
  zero: '{n} حرف',
  one: 'حرف واحد',
  two: 'حرفين',
  few: '{n} أحرف',
  many: '{n} حرفًا',
  other: '{n} حرف',
};
const SECONDS: PluralForms = {
  zero: '{n} ثانية',
  one: 'ثانية واحدة',
  two: 'ثانيتين',
  few: '{n} ثوانٍ',
  many: '{n} ثانية',
  other: '{n} ثانية',
};
const MINUTES: PluralForms = {
  zero: '{n} دقيقة',
  one: 'دقيقة واحدة',
  two: 'دقيقتين',
  few: '{n} دقائق',
  many: '{n} دقيقة',
  other: '{n} دقيقة',
};
const count = (n: number, forms: PluralForms) => formatCount(n, forms, 'ar-DZ');

const ARABIC_FAILURES: Record<FailureCode, string> = {
  'invalid-input': 'بعض الحقول غير صالحة، صحّحوها ثم أعيدوا المحاولة.',
  'invalid-credentials': 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  'rate-limited': 'محاولات كثيرة في وقت قصير، انتظروا قليلًا ثم أعيدوا المحاولة.',
  unauthorized: 'انتهت جلستكم أو لم تُفتح بعد، أعيدوا تسجيل الدخول.',
  network: 'تعذّر الوصول إلى الخادم، تحقّقوا من اتصالكم ثم أعيدوا المحاولة.',
  unavailable: 'الخدمة غير متوفرة مؤقتًا، أعيدوا المحاولة بعد لحظات.',
  refused: 'رفض الخادم الطلب.',
  'not-found': 'هذه الرسالة لم تعد موجودة (ربما حُذفت).',
  'not-admin': 'هذا الحساب لا يملك صلاحية الوصول إلى لوحة التحكم.',
  unknown: 'حدث خطأ غير متوقع، أعيدوا المحاولة لاحقًا.',
};

const ARABIC: ContactFormText = {
  formLabel: 'استمارة الاتصال',
  requiredNote: { before: 'الحقول المشار إليها بنجمة (', after: ') إلزامية.' },
  fields: {
    fullName: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    phone: 'رقم الهاتف',
    subject: 'الموضوع',
    service: 'الخدمة',
    message: 'الرسالة',
  },
  chooseService: 'اختاروا خدمة',
  services: {
    Développement: 'التطوير',
    Design: 'التصميم',
    Audiovisuel: 'السمعي البصري',
    'Gestion des comptes': 'إدارة حسابات التواصل الاجتماعي',
  },
  honeypot: 'لا تملؤوا هذا الحقل',
  send: 'إرسال الرسالة',
  sending: 'جارٍ الإرسال…',
  schema: {
    required: 'هذا الحقل إلزامي.',
    labels: { fullName: 'الاسم الكامل', subject: 'الموضوع', message: 'نص الرسالة' },
    tooShort: (label, min) => `يجب أن يتكوّن ${label} من ${count(min, CHARACTERS)} على الأقل.`,
    tooLong: (label, max) => `يجب ألّا يتجاوز ${label} ${count(max, CHARACTERS)}.`,
    forbiddenCharacters: (label) => `يحتوي ${label} على أحرف غير مسموح بها.`,
    bidiControls: (label) => `يحتوي ${label} على أحرف تعكس اتجاه الكتابة: احذفوها.`,
    invisibleMarks: (label) =>
      `يحتوي ${label} على أحرف غير مرئية (علامات اتجاه أو فراغات بلا عرض أو حروف فارغة): احذفوها.`,
    invisibleOnly: (label) => `لا يحتوي ${label} إلا على أحرف غير مرئية: اكتبوه بحروف أو أرقام.`,
    service: 'اختاروا إحدى الخدمات المقترحة.',
    emailTooLong: (max) => `يجب ألّا يتجاوز البريد الإلكتروني ${count(max, CHARACTERS)}.`,
    email: 'أدخلوا بريدًا إلكترونيًا صالحًا، مثل name@example.com.',
    // Each example number after a left-to-right mark (U+200E): without it, its digit groups
    // would show in reverse order in the right-to-left line (« 56 34 12 0550 »).
    phone: 'أدخلوا رقم هاتف صالحًا، مثل ‎0550 12 34 56، أو ‎+33 6 12 34 56 78 من الخارج.',
  },
  serverFieldError: 'رفض الخادم قيمة هذا الحقل: تحقّقوا منها.',
  popups: {
    success: { title: 'تم الإرسال!', text: 'أُرسلت رسالتكم بنجاح! ✅', confirmButtonText: 'حسنًا' },
    failure: { title: 'خطأ!', textPrefix: 'حدث خطأ أثناء الإرسال: ', confirmButtonText: 'حسنًا' },
  },
  failures: ARABIC_FAILURES,
  rateLimited: (retryAfterSeconds) => {
    if (retryAfterSeconds === undefined) return ARABIC_FAILURES['rate-limited'];
    const wait =
      retryAfterSeconds < 120
        ? count(retryAfterSeconds, SECONDS)
        : count(Math.ceil(retryAfterSeconds / 60), MINUTES);
    return `محاولات كثيرة في وقت قصير، أعيدوا المحاولة بعد ${wait}.`;
  },
};

export const CONTACT_FORM_TEXT: Record<Language, ContactFormText> = { fr: FRENCH, ar: ARABIC };
