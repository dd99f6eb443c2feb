import { useEffect } from 'react';
import { closingSentence } from '../../shared/domain/quotes/amount-in-words.ts';
import { answeredText } from '../../shared/domain/quotes/answer-text.ts';
import type { QuoteClient, QuoteLanguage, QuoteLine } from '../../shared/domain/quotes/quote.ts';
import type { QuoteAnswer } from '../../shared/domain/quotes/record.ts';
import type { QuoteTerms, SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import type { StampDutyScale } from '../../shared/domain/quotes/stamp-duty.ts';
import { computeQuoteTotals } from '../../shared/domain/quotes/totals.ts';
import { isExemptRate, WEBSITE_VAT_EXEMPTION } from '../../shared/domain/quotes/vat-exemption.ts';
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
import { QUOTE_DOCUMENT_TEXT, type QuoteDocumentText } from './quote-document-text.ts';
import { formatCentimes, formatQuoteDate, formatScaled } from './quote-format.ts';
import './quote-document.css';

/** What the printed page shows of a quote (the store will hand it over once quotes are kept). */
export interface PrintableQuote {
  /** Null for a draft: no number is given before it is sent. */
  number: string | null;
  language: QuoteLanguage;
  issueDate: string;
  validUntil: string;
  validityDays: number;
  client: QuoteClient;
  lines: readonly QuoteLine[];
  paidInCash: boolean;
  /** The client's answer on its page, once given: « Accepté en ligne le … » in the box. */
  answer?: QuoteAnswer | null;
}

export type { QuoteAgencyContact };

/*
 * The agency at the top, « Émetteur » and « Client », and the footer are shared with the printed
 * invoice (src-web/documents/document-parts.tsx).
 */

/** A CSS string literal: quotes, backslashes and « < » escaped, line breaks as spaces. */
function cssString(value: string): string {
  return `"${value.replace(/[\\"<]/gu, (c) => `\\${c.charCodeAt(0).toString(16)} `).replace(/[\r\n]+/gu, ' ')}"`;
}

/**
 * What the foot of every printed page says, in the page's margin (CSS page-margin boxes,
 * which Chromium, and so Electron's printToPDF, draws): the quote's title and number at the
 * inline start, « Page 1/2 » at the inline end; mirrored in an Arabic quote.
 */
export function quotePageRule(text: QuoteDocumentText, number: string | null): string {
  const [start, end] = text.dir === 'rtl' ? ['right', 'left'] : ['left', 'right'];
  const box = `font: 7.5pt 'Inter Variable', 'Noto Sans Arabic Variable', 'DejaVu Sans', sans-serif; color: #555; direction: ${text.dir};`;
  return (
    `@page { @bottom-${start} { content: ${cssString(`${text.title} ${number ?? text.draft}`)}; ${box} text-align: ${start}; }` +
    ` @bottom-${end} { content: ${cssString(`${text.page} `)} counter(page) "/" counter(pages); ${box} text-align: ${end}; } }`
  );
}

/**
 * The page rule of {@link quotePageRule}, for print only (its text is CSS-escaped: no markup of
 * anyone's in it). In a page, a constructed stylesheet adopted by the document: the desktop
 * console's Content-Security-Policy refuses inline <style> elements, and a stylesheet made
 * through the CSSOM is not one. Rendered to static markup (no document: the PDF tests), a
 * <style> element.
 */
function QuotePageRule({ rule }: { rule: string }) {
  useEffect(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(rule);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((other) => other !== sheet);
    };
  }, [rule]);
  return typeof document === 'undefined' ? (
    <style dangerouslySetInnerHTML={{ __html: rule }} />
  ) : null;
}

/**
 * The quote as an A4 page, in its language: French left to right, Arabic right to left with
 * amounts and identifiers kept left to right (docs/quotes.md). The browser's print, or the
 * console's « Enregistrer en PDF », makes the PDF from it; quote-document.css lays it out for
 * paper.
 */
export function QuoteDocument({
  quote,
  seller,
  agency,
  stampDutyScale,
}: {
  quote: PrintableQuote;
  seller: SellerLegalDetails;
  agency: QuoteAgencyContact;
  /** The droit de timbre scale frozen in a sent quote; the current one by default. */
  stampDutyScale?: StampDutyScale;
}) {
  const text = QUOTE_DOCUMENT_TEXT[quote.language];
  const lang = quote.language;
  const totals = computeQuoteTotals(quote.lines, {
    regime: seller.taxRegime,
    paidInCash: quote.paidInCash,
    ...(stampDutyScale ? { scale: stampDutyScale } : {}),
  });
  const withVat = seller.taxRegime.kind === 'reel';
  const unitPriceLabel = withVat ? text.columns.unitPrice : text.columns.unitPriceNoVat;
  const lineTotalLabel = withVat ? text.columns.total : text.columns.totalNoVat;
  const amount = (value: bigint) => <Amount value={value} text={text} />;
  const client = quote.client;

  return (
    <article className="quote-document" lang={lang} dir={text.dir}>
      <QuotePageRule rule={quotePageRule(text, quote.number)} />
      <PlaceholderBand seller={seller} text={text} />

      <header className="quote-header">
        <SellerHeading seller={seller} agency={agency} lang={lang} text={text} />
        <div className="quote-title">
          <h1>{text.title}</h1>
          <dl>
            <Identifier label={text.number} value={quote.number ?? text.draft} />
            <div className="quote-identifier">
              <dt>{text.issueDate}</dt>
              <dd>{formatQuoteDate(quote.issueDate, text.locale)}</dd>
            </div>
            <div className="quote-identifier">
              <dt>{text.validUntil}</dt>
              <dd>{formatQuoteDate(quote.validUntil, text.locale)}</dd>
            </div>
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
            <th scope="col">{text.columns.discount}</th>
            {withVat && <th scope="col">{text.columns.vat}</th>}
            <th scope="col">{lineTotalLabel}</th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line, index) => (
            <tr key={index}>
              <td className="quote-number quote-line-index" data-label={text.columns.index}>
                <Ltr>{index + 1}</Ltr>
              </td>
              <td className="quote-designation" data-label={text.columns.designation}>
                <bdi>{line.designation}</bdi>
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
              <td className="quote-number" data-label={text.columns.discount}>
                {line.discountBasisPoints === 0n ? (
                  '—'
                ) : (
                  <Ltr>{formatScaled(line.discountBasisPoints, 2)}&nbsp;%</Ltr>
                )}
              </td>
              {withVat && (
                <td className="quote-number" data-label={text.columns.vat}>
                  {isExemptRate(seller.taxRegime, line.vatRate) ? (
                    text.exempt
                  ) : (
                    <Ltr>{line.vatRate}&nbsp;%</Ltr>
                  )}
                </td>
              )}
              <td className="quote-number quote-line-total" data-label={lineTotalLabel}>
                <Ltr>{formatCentimes(totals.lines[index] ?? 0n)}</Ltr>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {/*
        The totals, the amount in words and « Bon pour accord » are one block that a page
        break never cuts (quote-document.css): the client's signature box never stands alone
        on a page, away from what it agrees to.
      */}
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
                    {isExemptRate(seller.taxRegime, entry.rate)
                      ? text.vatExempt
                      : text.vatAt(entry.rate)}{' '}
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
              {quote.paidInCash && (
                <tr>
                  <th scope="row">{text.stampDuty}</th>
                  <td>{amount(totals.stampDuty)}</td>
                </tr>
              )}
              <tr className="quote-net">
                <th scope="row">{text.netToPay}</th>
                <td>{amount(totals.netToPay)}</td>
              </tr>
            </tbody>
          </table>
          <div className="quote-agreement">
            {text.agreement}
            {quote.answer && <QuoteAnswered answer={quote.answer} language={lang} />}
          </div>
        </div>
        <p className="quote-in-words">{closingSentence(totals.netToPay, lang)}</p>
      </section>

      <section className="quote-mentions">
        <p>{text.validity(formatQuoteDate(quote.validUntil, text.locale), quote.validityDays)}</p>
        <p>{quote.paidInCash ? text.cash : text.transfer}</p>
        {seller.taxRegime.kind !== 'reel' && <p>{seller.taxRegime.mention[lang]}</p>}
        {quote.lines.some((line) => isExemptRate(seller.taxRegime, line.vatRate)) && (
          <p className="quote-exemption">{WEBSITE_VAT_EXEMPTION.mention[lang]}</p>
        )}
        {seller.terms && <QuoteTermsLines terms={seller.terms} text={text} />}
        <p>{text.pricesIn}</p>
      </section>

      <DocumentFooter seller={seller} lang={lang} text={text} />
    </article>
  );
}

/**
 * « Accepté en ligne le 28/11/2026 à 20:14 » (or « Refusé … ») and the client's comment, in the
 * « Bon pour accord » box: the client answered on its page (answer-text.ts).
 */
function QuoteAnswered({ answer, language }: { answer: QuoteAnswer; language: QuoteLanguage }) {
  const said = answeredText(answer, language);
  return (
    <p className={`quote-answered quote-answered-${answer.decision}`} data-testid="quote-answered">
      <strong>{said.sentence}</strong>
      {said.comment && (
        <span className="quote-answered-comment">
          {said.comment.label} <bdi>{said.comment.text}</bdi>
        </span>
      )}
    </p>
  );
}

/** The terms of « Réglages » (payment, deposit, delivery, free mentions), as the owner typed them. */
function QuoteTermsLines({ terms, text }: { terms: QuoteTerms; text: QuoteDocumentText }) {
  const deposit = Number(terms.depositPercent);
  return (
    <>
      {terms.paymentTerms.trim() !== '' && (
        <p>
          {text.paymentTerms} <bdi>{terms.paymentTerms}</bdi>
        </p>
      )}
      {deposit > 0 && <p>{text.deposit(deposit)}</p>}
      {terms.deliveryTime.trim() !== '' && (
        <p>
          {text.deliveryTime} <bdi>{terms.deliveryTime}</bdi>
        </p>
      )}
      {terms.mentions.trim() !== '' && (
        <p className="quote-free-mentions">
          <bdi>{terms.mentions}</bdi>
        </p>
      )}
    </>
  );
}
