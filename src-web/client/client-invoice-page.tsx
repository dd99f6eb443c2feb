import { useEffect, useId } from 'react';
import type { InvoiceStore } from '../../shared/backend/ports.ts';
import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import { invoiceFigures } from '../../shared/domain/invoices/figures.ts';
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
} from '../../shared/domain/invoices/invoice.ts';
import { localeOf } from '../../shared/domain/routes.ts';
import { Amount, Ltr } from '../documents/document-parts.tsx';
import { INVOICE_TEXT, InvoiceDocument } from '../invoices/invoice-document.tsx';
import { agencyContactFor } from '../quotes/quote-agency.ts';
import { QUOTE_DOCUMENT_TEXT } from '../quotes/quote-document-text.ts';
import { formatQuoteDate } from '../quotes/quote-format.ts';
import { QuoteSheet } from '../quotes/quote-sheet.tsx';
import { CLIENT_INVOICE_TEXT } from './client-invoice-text.ts';
import {
  FailureInEveryLanguage,
  LoadingInEveryLanguage,
  useLinkedDocument,
} from './linked-document.tsx';
import './client-quote-page.css';

export type InvoiceLinks = { readByToken: NonNullable<InvoiceStore['readByToken']> };

/**
 * The client's page of an invoice, from the link e-mailed or sent on WhatsApp
 * (`/pageFacture#<token>`, docs/invoices.md): the quote's page without the answer — what the
 * invoice asks, what is paid, « Reste à payer » and its due date first, then the A4 invoice,
 * in its language (Arabic right to left, Latin digits), « Télécharger en PDF ». Nothing of
 * the lead or of any other invoice is on it; its state is said on the server's day.
 */
export function ClientInvoicePage({
  token,
  loadLinks,
}: {
  token: string;
  loadLinks: () => Promise<InvoiceLinks>;
}) {
  const id = useId();
  const [state] = useLinkedDocument(token, loadLinks);

  const invoice = state.kind === 'shown' ? state.document : null;
  useEffect(() => {
    if (!invoice) return;
    const root = document.documentElement;
    root.lang = invoice.language;
    root.dir = localeOf(invoice.language).direction;
    document.title = `${INVOICE_KIND_LABELS[invoice.kind][invoice.language]} ${invoice.number}`;
  }, [invoice]);

  if (state.kind === 'loading') {
    return <LoadingInEveryLanguage say={(language) => CLIENT_INVOICE_TEXT[language].loading} />;
  }
  if (state.kind === 'failed') {
    return (
      <FailureInEveryLanguage
        french={state.french}
        say={(language, french) => CLIENT_INVOICE_TEXT[language].loadFailure(french)}
      />
    );
  }

  const shown = state.document;
  const language = shown.language;
  const text = CLIENT_INVOICE_TEXT[language];
  const words = INVOICE_TEXT[language];
  const documentText = QUOTE_DOCUMENT_TEXT[language];
  const figures = invoiceFigures(shown, shown.today);
  const day = formatQuoteDate(shown.dueDate, documentText.locale);
  const title = `${INVOICE_KIND_LABELS[shown.kind][language]} ${shown.number}`;

  return (
    <div className="client-quote" lang={language} dir={localeOf(language).direction}>
      <header className="client-quote-answer d-print-none">
        <div className="client-quote-summary">
          <h1 className="client-quote-number h6 mb-0">
            <Ltr>{shown.number}</Ltr>{' '}
            <span className="visually-hidden">{INVOICE_KIND_LABELS[shown.kind][language]}</span>
            <span
              className={`badge ms-2 ${figures.status === 'en-retard' ? 'text-bg-danger' : figures.status === 'payee' ? 'text-bg-success' : 'text-bg-secondary'}`}
              data-testid="client-invoice-status"
            >
              {INVOICE_STATUS_LABELS[figures.status][language]}
            </span>
          </h1>
          {shown.kind !== 'avoir' && (
            <p className="client-quote-net mb-0" data-testid="client-invoice-left">
              <span className="client-quote-net-label">{words.left}</span>{' '}
              <strong className="client-quote-net-amount">
                <Amount value={figures.left} text={documentText} />
              </strong>
            </p>
          )}
        </div>
        <p className="mb-2">{text.intro(AGENCY_NAMES[language])}</p>
        <dl className="client-invoice-figures mb-0" aria-label={title}>
          <div>
            <dt>{words.due}</dt>
            <dd>
              <Amount value={figures.due} text={documentText} />
            </dd>
          </div>
          <div>
            <dt>{words.paid}</dt>
            <dd>
              <Amount value={figures.paid} text={documentText} />
            </dd>
          </div>
          <div>
            <dt>{words.dueDate}</dt>
            <dd>
              <Ltr>{day}</Ltr>
            </dd>
          </div>
        </dl>
        {figures.status === 'en-retard' && (
          <p className="alert alert-warning mt-3 mb-0" role="status">
            {text.overdue(day)}
          </p>
        )}
        <div className="client-quote-pdf">
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-describedby={`${id}-pdf-help`}
            onClick={() => window.print()}
          >
            {text.pdf}
          </button>
          <p id={`${id}-pdf-help`} className="form-text mb-0">
            {text.pdfHelp}
          </p>
        </div>
      </header>
      <main className="client-quote-document">
        <QuoteSheet>
          <InvoiceDocument
            invoice={shown}
            agency={agencyContactFor(language)}
            today={shown.today}
          />
        </QuoteSheet>
      </main>
    </div>
  );
}
