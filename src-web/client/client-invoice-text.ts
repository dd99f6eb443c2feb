import { INVOICE_LINK_MESSAGES } from '../../shared/domain/invoices/client-link.ts';
import type { QuoteLanguage } from '../../shared/domain/quotes/quote.ts';
import { arabicRateLimited, asSentence, CLIENT_QUOTE_TEXT } from './client-quote-text.ts';

/** The client's page of an invoice: its words, in each language an invoice is written in. */
export interface ClientInvoiceText {
  loading: string;
  /** Above the figures: « Votre facture », to whom it is addressed. */
  intro: (agency: string) => string;
  overdue: (day: string) => string;
  /** Opens the browser's print window (the quote's page's words). */
  pdf: string;
  pdfHelp: string;
  /** The invoice could not be loaded: in this language when we know the server's sentence. */
  loadFailure: (french: string) => string;
}

/** The server's refusals of an invoice link, in Arabic (the server answers in French). */
const ARABIC_REFUSALS: Record<string, string> = {
  [INVOICE_LINK_MESSAGES.linkDead]:
    'هذا الرابط لا يؤدي إلى أي فاتورة: إما أنه ناقص أو لم يوجد أصلاً. اطلبوا من الوكالة إعادة إرسال الفاتورة.',
};

export const CLIENT_INVOICE_TEXT: Record<QuoteLanguage, ClientInvoiceText> = {
  fr: {
    loading: 'Chargement de la facture…',
    intro: (agency) =>
      `${agency} vous adresse cette facture. Vous pouvez la lire, l’imprimer ou l’enregistrer en PDF.`,
    overdue: (day) => `L’échéance était le ${day} : merci de régler le reste au plus tôt.`,
    pdf: CLIENT_QUOTE_TEXT.fr.pdf,
    pdfHelp: CLIENT_QUOTE_TEXT.fr.pdfHelp,
    loadFailure: asSentence,
  },
  ar: {
    loading: 'جارٍ تحميل الفاتورة…',
    intro: (agency) =>
      `ترسل إليكم ${agency} هذه الفاتورة. يمكنكم قراءتها أو طباعتها أو حفظها بصيغة PDF.`,
    overdue: (day) => `حلّ أجل الاستحقاق يوم ${day}: نرجو تسديد المبلغ المتبقي في أقرب الآجال.`,
    pdf: CLIENT_QUOTE_TEXT.ar.pdf,
    pdfHelp: CLIENT_QUOTE_TEXT.ar.pdfHelp,
    loadFailure: (french) =>
      ARABIC_REFUSALS[french] ??
      arabicRateLimited(french) ??
      'تعذّر تحميل الفاتورة. تحقّقوا من اتصالكم بالإنترنت ثم أعيدوا تحميل الصفحة.',
  },
};
