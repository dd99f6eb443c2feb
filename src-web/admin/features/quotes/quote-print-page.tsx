import { useCallback } from 'react';
import type { QuoteStore } from '../../../../shared/backend/ports.ts';
import { agencyContactFor } from '../../../quotes/quote-agency.ts';
import { QuoteDocument } from '../../../quotes/quote-document.tsx';
import { DocumentPrintPage, type SaveAsPdf } from '../print/document-print-page.tsx';
import { QUOTES_VIEW_SEARCH } from './quote-routes.ts';

export type { SaveAsPdf };

const WORDS = {
  bar: 'Devis',
  back: 'Retour aux devis',
  loading: 'Chargement du devis…',
  failed: 'Impossible d’afficher le devis',
};

/**
 * One quote alone on the page (`?dossier=devis&imprimer=<id>`), in its language, ready for
 * the browser's print or, in the console, « Enregistrer en PDF » (DocumentPrintPage).
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
  const load = useCallback(() => store.get(id), [store, id]);
  return (
    <DocumentPrintPage
      load={load}
      words={WORDS}
      backSearch={QUOTES_VIEW_SEARCH}
      titleOf={(quote) => (quote ? `Devis ${quote.number ?? 'brouillon'}` : 'Devis')}
      fileNameOf={(quote) => `${quote.number ?? 'devis-brouillon'}.pdf`}
      saveAsPdf={saveAsPdf}
    >
      {(quote) => (
        <QuoteDocument
          quote={quote}
          seller={quote.seller}
          agency={agencyContactFor(quote.language)}
          stampDutyScale={quote.stampDutyScale}
        />
      )}
    </DocumentPrintPage>
  );
}
