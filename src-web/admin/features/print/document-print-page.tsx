import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { failureText } from '../../../../shared/backend/ports.ts';
import { useLoaded } from '../../hooks/use-loaded.ts';
import { ROUTES } from '../../../../shared/domain/routes.ts';
import { Icon } from '../../../components/icon.tsx';
import { QuoteSheet } from '../../../quotes/quote-sheet.tsx';

/**
 * Saves the page as a PDF where the host can (the desktop console: Electron's printToPDF,
 * through its preload); absent in a browser, whose print dialog saves PDFs itself.
 */
export type SaveAsPdf = (fileName: string) => Promise<{ saved: boolean; message: string }>;

/** What a printed document's page says of it, in the owner's French. */
export interface DocumentPrintWords {
  /** The bar's accessible name: « Devis », « Facture ». */
  bar: string;
  /** The link back to its folder: « Retour aux devis ». */
  back: string;
  /** While it loads: « Chargement du devis… ». */
  loading: string;
  /** Before the reason it could not be read: « Impossible d’afficher le devis ». */
  failed: string;
}

/**
 * One document alone on the page (a quote, an invoice), in its language, ready for the
 * browser's print (one A4 page, quote-document.css) or, in the console, « Enregistrer en PDF »
 * (once at a time). The bar above it is not printed.
 */
export function DocumentPrintPage<T>({
  load,
  words,
  backSearch,
  titleOf,
  fileNameOf,
  saveAsPdf,
  children,
}: {
  /** Reads the document (again when it changes: give a stable function). */
  load: () => Promise<T>;
  words: DocumentPrintWords;
  /** The dashboard's search of its folder (`?dossier=devis`). */
  backSearch: string;
  /** The window's title, before (null) and once the document is there. */
  titleOf: (document: T | null) => string;
  fileNameOf: (document: T) => string;
  saveAsPdf?: SaveAsPdf | undefined;
  children: (document: T) => ReactNode;
}) {
  const { value: shown, error } = useLoaded(load);
  const [said, setSaid] = useState('');
  const [saving, setSaving] = useState(false);

  const title = titleOf(shown);
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  return (
    <div className="quote-print-page">
      <nav className="quote-print-bar d-print-none" aria-label={words.bar}>
        <Link to={{ pathname: ROUTES.dashboard, search: backSearch }} className="btn btn-link">
          {words.back}
        </Link>
        {shown !== null && (
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
                  void saveAsPdf(fileNameOf(shown))
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
          {words.failed} : {error}
        </p>
      ) : shown === null ? (
        <p className="m-3" role="status">
          {words.loading}
        </p>
      ) : (
        <main>
          <QuoteSheet>{children(shown)}</QuoteSheet>
        </main>
      )}
    </div>
  );
}
