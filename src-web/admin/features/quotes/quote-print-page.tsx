import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { failureText, type QuoteStore } from '../../../../shared/backend/ports.ts';
import type { PublicQuote } from '../../../../shared/domain/quotes/record.ts';
import { ROUTES } from '../../../../shared/domain/routes.ts';
import { Icon } from '../../../components/icon.tsx';
import { agencyContactFor } from '../../../quotes/quote-agency.ts';
import { QuoteDocument } from '../../../quotes/quote-document.tsx';
import { QuoteSheet } from '../../../quotes/quote-sheet.tsx';
import { QUOTES_VIEW_SEARCH } from './quote-routes.ts';

/**
 * Saves the page as a PDF where the host can (the desktop console: Electron's printToPDF,
 * through its preload); absent in a browser, whose print dialog saves PDFs itself.
 */
export type SaveAsPdf = (fileName: string) => Promise<{ saved: boolean; message: string }>;

/**
 * One quote alone on the page (`?dossier=devis&imprimer=<id>`), in its language, ready for
 * the browser's print (one A4 page, quote-document.css) or, in the console, « Enregistrer en
 * PDF ». The bar above it is not printed.
 */
export function QuotePrintPage({
  store,
  id,
  saveAsPdf,
}: {
  store: QuoteStore;
  id: string;
  saveAsPdf?: SaveAsPdf | undefined;
}) {
  const [quote, setQuote] = useState<PublicQuote | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    store.get(id).then(
      (found) => current && setQuote(found),
      (failure: unknown) => current && setError(failureText(failure)),
    );
    return () => {
      current = false;
    };
  }, [store, id]);

  const title = quote ? `Devis ${quote.number ?? 'brouillon'}` : 'Devis';
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  return (
    <div className="quote-print-page">
      <nav className="quote-print-bar d-print-none" aria-label="Devis">
        <Link
          to={{ pathname: ROUTES.dashboard, search: QUOTES_VIEW_SEARCH }}
          className="btn btn-link"
        >
          Retour aux devis
        </Link>
        {quote && (
          <>
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              <Icon name="printer" className="me-1" />
              Imprimer
            </button>
            {saveAsPdf && (
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={saving}
                onClick={() => {
                  setSaving(true);
                  setSaid('');
                  void saveAsPdf(`${quote.number ?? 'devis-brouillon'}.pdf`)
                    .then(
                      (result) => setSaid(result.message),
                      (failure: unknown) =>
                        setSaid(`Le PDF n’a pas été enregistré : ${failureText(failure)}`),
                    )
                    .finally(() => setSaving(false));
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
          Impossible d’afficher le devis : {error}
        </p>
      ) : quote === null ? (
        <p className="m-3" role="status">
          Chargement du devis…
        </p>
      ) : (
        <main>
          <QuoteSheet>
            <QuoteDocument
              quote={quote}
              seller={quote.seller}
              agency={agencyContactFor(quote.language)}
              stampDutyScale={quote.stampDutyScale}
            />
          </QuoteSheet>
        </main>
      )}
    </div>
  );
}
