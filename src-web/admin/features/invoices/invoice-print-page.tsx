import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { failureText, type InvoiceStore } from '../../../../shared/backend/ports.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import { INVOICE_KIND_LABELS } from '../../../../shared/domain/invoices/invoice.ts';
import { todayInAlgiers } from '../../../../shared/domain/quotes/validity.ts';
import { ROUTES } from '../../../../shared/domain/routes.ts';
import { Icon } from '../../../components/icon.tsx';
import { InvoiceDocument } from '../../../invoices/invoice-document.tsx';
import { agencyContactFor } from '../../../quotes/quote-agency.ts';
import { QuoteSheet } from '../../../quotes/quote-sheet.tsx';
import type { SaveAsPdf } from '../quotes/quote-print-page.tsx';
import { INVOICES_VIEW_SEARCH } from './invoice-routes.ts';

/**
 * One invoice alone on the page (`?dossier=factures&imprimer=<id>`), in its language, ready for
 * the browser's print (one A4 page, the quote's stylesheet) or the console's « Enregistrer en
 * PDF ». The bar above it is not printed.
 */
export function InvoicePrintPage({
  store,
  id,
  saveAsPdf,
}: {
  store: InvoiceStore;
  id: string;
  saveAsPdf?: SaveAsPdf | undefined;
}) {
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');

  useEffect(() => {
    let current = true;
    store.get(id).then(
      (found) => current && setInvoice(found),
      (failure: unknown) => current && setError(failureText(failure)),
    );
    return () => {
      current = false;
    };
  }, [store, id]);

  const title = invoice ? `${INVOICE_KIND_LABELS[invoice.kind].fr} ${invoice.number}` : 'Facture';
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  return (
    <div className="quote-print-page">
      <nav className="quote-print-bar d-print-none" aria-label="Facture">
        <Link
          to={{ pathname: ROUTES.dashboard, search: INVOICES_VIEW_SEARCH }}
          className="btn btn-link"
        >
          Retour aux factures
        </Link>
        {invoice && (
          <>
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              <Icon name="printer" className="me-1" />
              Imprimer
            </button>
            {saveAsPdf && (
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => {
                  setSaid('');
                  void saveAsPdf(`${invoice.number}.pdf`).then(
                    (result) => setSaid(result.message),
                    (failure: unknown) =>
                      setSaid(`Le PDF n’a pas été enregistré : ${failureText(failure)}`),
                  );
                }}
              >
                <Icon name="file-earmark-pdf" className="me-1" />
                Enregistrer en PDF
              </button>
            )}
          </>
        )}
        <p className="mb-0 small" role="status">
          {said}
        </p>
      </nav>
      {error ? (
        <p className="alert alert-danger m-3" role="alert">
          Impossible d’afficher la facture : {error}
        </p>
      ) : invoice === null ? (
        <p className="m-3" role="status">
          Chargement de la facture…
        </p>
      ) : (
        <main>
          <QuoteSheet>
            <InvoiceDocument
              invoice={invoice}
              agency={agencyContactFor(invoice.language)}
              today={todayInAlgiers()}
            />
          </QuoteSheet>
        </main>
      )}
    </div>
  );
}
