import { invoiceClosingSentence } from '../../shared/domain/quotes/amount-in-words.ts';
import { invoiceFigures, formatPercent } from '../../shared/domain/invoices/figures.ts';
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type Invoice,
} from '../../shared/domain/invoices/invoice.ts';
import type { QuoteLanguage } from '../../shared/domain/quotes/quote.ts';
import {
  Amount,
  DocumentFooter,
  DocumentParties,
  Identifier,
  Ltr,
  PlaceholderBand,
  SellerHeading,
  type QuoteAgencyContact,
} from '../documents/document-parts.tsx';
import { QUOTE_DOCUMENT_TEXT } from '../quotes/quote-document-text.ts';
import { formatCentimes, formatQuoteDate, formatScaled } from '../quotes/quote-format.ts';
import '../quotes/quote-document.css';

/** The words an invoice has that a quote has not, in each language. */
export const INVOICE_TEXT: Record<
  QuoteLanguage,
  {
    dueDate: string;
    quote: string;
    corrects: string;
    reason: string;
    share: (share: string, quote: string) => string;
    deductions: string;
    deducted: (number: string, day: string) => string;
    due: string;
    paymentMethod: string;
    notSaid: string;
    payments: string;
    paid: string;
    left: string;
    status: string;
    cashStamp: string;
    /** The décret's sentence, around its number (kept left to right). */
    decree: [string, string];
  }
> = {
  fr: {
    dueDate: 'Échéance',
    quote: 'Devis',
    corrects: 'Facture corrigée',
    reason: 'Motif',
    share: (share, quote) => `Acompte ${share} du devis ${quote}.`,
    deductions: 'Acomptes déjà facturés, déduits',
    deducted: (number, day) => `Acompte ${number} du ${day}`,
    due: 'Net à payer',
    paymentMethod: 'Mode de paiement :',
    notSaid: 'virement, CCP ou chèque',
    payments: 'Paiements reçus',
    paid: 'Payé',
    left: 'Reste à payer',
    status: 'État :',
    cashStamp:
      'Paiement en espèces : le droit de timbre, dû sur chaque paiement en espèces, s’ajoute au montant payé.',
    decree: ['Facture établie selon le décret exécutif n° ', ' du 10 décembre 2005.'],
  },
  ar: {
    dueDate: 'تاريخ الاستحقاق',
    quote: 'عرض الأسعار',
    corrects: 'الفاتورة المصححة',
    reason: 'السبب',
    share: (share, quote) => `دفعة مقدمة ${share} من عرض الأسعار ${quote}.`,
    deductions: 'الدفعات المقدمة المفوترة سابقًا، مخصومة',
    deducted: (number, day) => `الدفعة المقدمة ${number} بتاريخ ${day}`,
    due: 'الصافي للدفع',
    paymentMethod: 'طريقة الدفع:',
    notSaid: 'تحويل أو حساب بريدي جاري أو صك',
    payments: 'المدفوعات المستلمة',
    paid: 'المدفوع',
    left: 'الباقي للدفع',
    status: 'الحالة:',
    cashStamp: 'الدفع نقدًا: تضاف حقوق الطابع، المستحقة على كل دفع نقدي، إلى المبلغ المدفوع.',
    decree: ['فاتورة محررة وفق المرسوم التنفيذي رقم ', ' المؤرخ في 10 ديسمبر 2005.'],
  },
};

/**
 * An invoice (or credit note) as an A4 page, in its language (French left to right, Arabic
 * right to left, amounts and identifiers left to right), with the mentions of the décret
 * exécutif 05-468 (art. 3): seller's and client's identifiers, number and date, lines with
 * quantity, unit price HT and rate, TVA per rate, TTC in figures and in words, payment method
 * and due date; a deposit names its quote and share, a final invoice lists the deposits it
 * deducts, a credit note the invoice it corrects. Laid out by the quote's stylesheet.
 */
export function InvoiceDocument({
  invoice,
  agency,
  today,
}: {
  /** An issued invoice, or the client's view of it (PublicInvoice: without its ids). */
  invoice: Omit<Invoice, 'id' | 'leadId' | 'quoteId'>;
  agency: QuoteAgencyContact;
  /** The day its state is read on (Algiers). */
  today: string;
}) {
  const lang = invoice.language;
  const text = QUOTE_DOCUMENT_TEXT[lang];
  const words = INVOICE_TEXT[lang];
  const seller = invoice.seller;
  const figures = invoiceFigures(invoice, today);
  const totals = figures.totals;
  const withVat = seller.taxRegime.kind === 'reel';
  const credit = invoice.kind === 'avoir';
  const title = INVOICE_KIND_LABELS[invoice.kind][lang];
  const unitPriceLabel = withVat ? text.columns.unitPrice : text.columns.unitPriceNoVat;
  const lineTotalLabel = withVat ? text.columns.total : text.columns.totalNoVat;
  const day = (iso: string) => formatQuoteDate(iso, text.locale);
  const amount = (value: bigint) => <Amount value={value} text={text} />;
  const client = invoice.client;

  return (
    <article className="quote-document invoice-document" lang={lang} dir={text.dir}>
      <PlaceholderBand seller={seller} text={text} />
      <header className="quote-header">
        <SellerHeading seller={seller} agency={agency} lang={lang} text={text} />
        <div className="quote-title">
          <h1>{title}</h1>
          <dl>
            <Identifier label={text.number} value={invoice.number} />
            <Identifier label={text.issueDate} value={<>{day(invoice.issueDate)}</>} />
            {!credit && <Identifier label={words.dueDate} value={<>{day(invoice.dueDate)}</>} />}
            {invoice.quoteNumber !== null && !credit && (
              <Identifier label={words.quote} value={invoice.quoteNumber} />
            )}
            {invoice.corrects && (
              <Identifier label={words.corrects} value={invoice.corrects.number} />
            )}
          </dl>
        </div>
      </header>

      <DocumentParties seller={seller} client={client} text={text} />

      <table className="quote-lines">
        <thead>
          <tr>
            <th scope="col">{text.columns.index}</th>
            <th scope="col" className="quote-designation">
              {text.columns.designation}
            </th>
            <th scope="col">{text.columns.quantity}</th>
            <th scope="col">{text.columns.unit}</th>
            <th scope="col">{unitPriceLabel}</th>
            {withVat && <th scope="col">{text.columns.vat}</th>}
            <th scope="col">{lineTotalLabel}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={index}>
              <td className="quote-number quote-line-index" data-label={text.columns.index}>
                <Ltr>{index + 1}</Ltr>
              </td>
              <td className="quote-designation" data-label={text.columns.designation}>
                <bdi>{line.designation}</bdi>
                {line.discountBasisPoints > 0n && (
                  <>
                    {' '}
                    (<Ltr>−{formatScaled(line.discountBasisPoints, 2)}&nbsp;%</Ltr>)
                  </>
                )}
              </td>
              <td className="quote-number" data-label={text.columns.quantity}>
                <Ltr>{formatScaled(line.quantityMilli, 3)}</Ltr>
              </td>
              <td data-label={text.columns.unit}>
                <bdi>{line.unit}</bdi>
              </td>
              <td className="quote-number" data-label={unitPriceLabel}>
                <Ltr>{formatCentimes(line.unitPrice)}</Ltr>
              </td>
              {withVat && (
                <td className="quote-number" data-label={text.columns.vat}>
                  <Ltr>{line.vatRate}&nbsp;%</Ltr>
                </td>
              )}
              <td className="quote-number quote-line-total" data-label={lineTotalLabel}>
                <Ltr>{formatCentimes(totals.lines[index] ?? 0n)}</Ltr>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <section className="quote-closing">
        <div className="quote-closing-row">
          <table className="quote-totals">
            <tbody>
              {withVat && (
                <tr>
                  <th scope="row">{text.totalHT}</th>
                  <td>{amount(totals.totalHT)}</td>
                </tr>
              )}
              {totals.vat.map((entry) => (
                <tr key={entry.rate}>
                  <th scope="row">
                    {text.vatAt(entry.rate)}{' '}
                    <span className="quote-base">
                      (<Ltr>{formatCentimes(entry.base)}</Ltr>)
                    </span>
                  </th>
                  <td>{amount(entry.vat)}</td>
                </tr>
              ))}
              <tr className="quote-total-ttc">
                <th scope="row">{withVat ? text.totalTTC : text.total}</th>
                <td>{amount(totals.totalTTC)}</td>
              </tr>
              {invoice.deductions.map((deduction) => (
                <tr key={deduction.invoiceId}>
                  <th scope="row">{words.deducted(deduction.number, day(deduction.issueDate))}</th>
                  <td>
                    <Ltr>−{formatCentimes(deduction.totalTTC)}</Ltr>&nbsp;{text.currency}
                  </td>
                </tr>
              ))}
              <tr className="quote-net">
                <th scope="row">{credit ? text.total : words.due}</th>
                <td>{amount(figures.due)}</td>
              </tr>
              {!credit && figures.paid > 0n && (
                <>
                  <tr>
                    <th scope="row">{words.paid}</th>
                    <td>{amount(figures.paid)}</td>
                  </tr>
                  {figures.stampDuty > 0n && (
                    <tr>
                      <th scope="row">{text.stampDuty}</th>
                      <td>{amount(figures.stampDuty)}</td>
                    </tr>
                  )}
                  <tr>
                    <th scope="row">{words.left}</th>
                    <td>{amount(figures.left)}</td>
                  </tr>
                </>
              )}
            </tbody>
          </table>
        </div>
        <p className="quote-in-words">{invoiceClosingSentence(figures.due, lang, credit)}</p>
      </section>

      <section className="quote-mentions">
        {invoice.kind === 'acompte' && invoice.share && invoice.quoteNumber && (
          <p>
            {words.share(
              invoice.share.kind === 'percent'
                ? formatPercent(invoice.share.basisPoints)
                : `${formatCentimes(invoice.share.amount)} ${text.currency}`,
              invoice.quoteNumber,
            )}
          </p>
        )}
        {invoice.deductions.length > 0 && (
          <p>
            {words.deductions} :{' '}
            {invoice.deductions.map((deduction) => deduction.number).join(', ')}
          </p>
        )}
        {credit && (
          <p>
            {words.reason} : <bdi>{invoice.reason}</bdi>
          </p>
        )}
        {!credit && (
          <p>
            {words.paymentMethod}{' '}
            {invoice.paymentMethod
              ? PAYMENT_METHOD_LABELS[invoice.paymentMethod][lang]
              : words.notSaid}
            {' · '}
            {words.dueDate} : {day(invoice.dueDate)}
            {' · '}
            {words.status} {INVOICE_STATUS_LABELS[figures.status][lang]}
          </p>
        )}
        {!credit && invoice.paymentMethod === 'especes' && <p>{words.cashStamp}</p>}
        {seller.taxRegime.kind !== 'reel' && <p>{seller.taxRegime.mention[lang]}</p>}
        <p>{text.pricesIn}</p>
        <p>
          {words.decree[0]}
          <Ltr>05-468</Ltr>
          {words.decree[1]}
        </p>
      </section>

      <DocumentFooter seller={seller} lang={lang} text={text} />
    </article>
  );
}
