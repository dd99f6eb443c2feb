import type { QuoteLanguage } from '../../shared/domain/quotes/quote.ts';
import type { VatRate } from '../../shared/domain/quotes/seller.ts';
import { localeOf } from '../../shared/domain/routes.ts';

/** « لمدة 30 يوماً »: the counted noun by the number's plural category (six in Arabic). */
function arabicDays(days: number): string {
  switch (new Intl.PluralRules('ar').select(days)) {
    case 'one':
      return 'لمدة يوم واحد';
    case 'two':
      return 'لمدة يومين';
    case 'few':
      return `لمدة ${days} أيام`;
    case 'many':
      return `لمدة ${days} يوماً`;
    default:
      return `لمدة ${days} يوم`;
  }
}

/** The printed quote's words, in each language a quote is written in. */
export interface QuoteDocumentText {
  locale: string;
  dir: 'ltr' | 'rtl';
  title: string;
  /** Across the top while the agency's legal details are examples. */
  placeholderBand: string;
  number: string;
  /** In place of the number, before the quote is sent. */
  draft: string;
  issueDate: string;
  validUntil: string;
  seller: string;
  client: string;
  phone: string;
  email: string;
  address: string;
  rc: string;
  nif: string;
  nis: string;
  articleImposition: string;
  rib: (bank: string) => string;
  ccp: string;
  ccpKey: string;
  columns: {
    index: string;
    designation: string;
    quantity: string;
    unit: string;
    unitPrice: string;
    /** Under the IFU, without « HT »: a quote without TVA has one price. */
    unitPriceNoVat: string;
    discount: string;
    vat: string;
    total: string;
    totalNoVat: string;
  };
  totalHT: string;
  /** Under the IFU: the one total before the droit de timbre. */
  total: string;
  vatAt: (rate: VatRate) => string;
  /** A line « Exonéré » (0 % under the réel: docs/quotes.md), its rate column and its total. */
  exempt: string;
  vatExempt: string;
  totalTTC: string;
  stampDuty: string;
  netToPay: string;
  currency: string;
  validity: (date: string, days: number) => string;
  cash: string;
  transfer: string;
  pricesIn: string;
  /** The terms of « Réglages ». */
  paymentTerms: string;
  deposit: (percent: number) => string;
  deliveryTime: string;
  /** Where the client signs « bon pour accord ». */
  agreement: string;
  /** At the foot of every printed page, after the quote's title and number: « Page 1/2 ». */
  page: string;
}

export const QUOTE_DOCUMENT_TEXT: Record<QuoteLanguage, QuoteDocumentText> = {
  fr: {
    locale: localeOf('fr').intl,
    dir: localeOf('fr').direction,
    title: 'Devis',
    placeholderBand: 'Modèle : mentions légales d’exemple, à remplacer par celles de l’agence',
    number: 'N°',
    draft: 'Brouillon',
    issueDate: 'Date',
    validUntil: 'Valable jusqu’au',
    seller: 'Émetteur',
    client: 'Client',
    phone: 'Tél.',
    email: 'E-mail',
    address: 'Adresse',
    rc: 'RC',
    nif: 'NIF',
    nis: 'NIS',
    articleImposition: 'Art. d’imposition',
    rib: (bank) => `RIB (${bank})`,
    ccp: 'CCP',
    ccpKey: 'clé',
    columns: {
      index: 'N°',
      designation: 'Désignation',
      quantity: 'Qté',
      unit: 'Unité',
      unitPrice: 'P.U. HT',
      unitPriceNoVat: 'Prix unitaire',
      discount: 'Remise',
      vat: 'TVA',
      total: 'Total HT',
      totalNoVat: 'Total',
    },
    totalHT: 'Total HT',
    total: 'Total',
    vatAt: (rate) => `TVA ${rate} %`,
    exempt: 'Exonéré',
    vatExempt: 'TVA : exonéré',
    totalTTC: 'Total TTC',
    stampDuty: 'Droit de timbre (paiement en espèces)',
    netToPay: 'Net à payer',
    currency: 'DA',
    validity: (date, days) =>
      `Devis valable ${days} ${days === 1 ? 'jour' : 'jours'}, jusqu’au ${date}.`,
    cash: 'Paiement en espèces : le droit de timbre est ajouté au total TTC.',
    transfer: 'Paiement par virement ou chèque.',
    pricesIn: 'Montants en dinars algériens (DA).',
    paymentTerms: 'Conditions de paiement :',
    deposit: (percent) => `Acompte de ${percent} % à la commande.`,
    deliveryTime: 'Délai de réalisation :',
    agreement: 'Bon pour accord (date, nom, signature et cachet du client)',
    page: 'Page',
  },
  ar: {
    locale: localeOf('ar').intl,
    dir: localeOf('ar').direction,
    title: 'عرض أسعار',
    placeholderBand: 'نموذج: بيانات قانونية للمثال، تُستبدل ببيانات الوكالة',
    number: 'رقم',
    draft: 'مسودة',
    issueDate: 'التاريخ',
    validUntil: 'صالح إلى غاية',
    seller: 'المُصدِر',
    client: 'الزبون',
    phone: 'الهاتف',
    email: 'البريد الإلكتروني',
    address: 'العنوان',
    rc: 'السجل التجاري',
    nif: 'رقم التعريف الجبائي',
    nis: 'رقم التعريف الإحصائي',
    articleImposition: 'رقم المادة الضريبية',
    rib: (bank) => `رقم الحساب البنكي (${bank})`,
    ccp: 'الحساب البريدي الجاري',
    ccpKey: 'المفتاح',
    columns: {
      index: 'الرقم',
      designation: 'البيان',
      quantity: 'الكمية',
      unit: 'الوحدة',
      unitPrice: 'سعر الوحدة خارج الرسوم',
      unitPriceNoVat: 'سعر الوحدة',
      discount: 'التخفيض',
      vat: 'ر.ق.م',
      total: 'المجموع خارج الرسوم',
      totalNoVat: 'المجموع',
    },
    totalHT: 'المجموع خارج الرسوم',
    total: 'المجموع',
    vatAt: (rate) => `الرسم على القيمة المضافة ${rate}%`,
    exempt: 'معفى',
    vatExempt: 'الرسم على القيمة المضافة: معفى',
    totalTTC: 'المجموع شامل الرسوم',
    stampDuty: 'حقوق الطابع (الدفع نقداً)',
    netToPay: 'الصافي للدفع',
    currency: 'دج',
    validity: (date, days) => `هذا العرض صالح ${arabicDays(days)}، إلى غاية ${date}.`,
    cash: 'الدفع نقداً: تضاف حقوق الطابع إلى المجموع شامل الرسوم.',
    transfer: 'الدفع بالتحويل أو بالصك.',
    pricesIn: 'المبالغ بالدينار الجزائري (دج).',
    paymentTerms: 'شروط الدفع:',
    deposit: (percent) => `دفعة مسبقة بنسبة ${percent}% عند الطلب.`,
    deliveryTime: 'مدة الإنجاز:',
    agreement: 'موافقة الزبون (التاريخ، الاسم، الإمضاء والختم)',
    page: 'صفحة',
  },
};
