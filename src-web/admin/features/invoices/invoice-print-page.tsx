import { useCallback } from 'react';
import type { InvoiceStore } from '../../../../shared/backend/ports.ts';
import { INVOICE_KIND_LABELS } from '../../../../shared/domain/invoices/invoice.ts';
import { todayInAlgiers } from '../../../../shared/domain/quotes/validity.ts';
import { InvoiceDocument } from '../../../invoices/invoice-document.tsx';
import { agencyContactFor } from '../../../quotes/quote-agency.ts';
import { DocumentPrintPage, type SaveAsPdf } from '../print/document-print-page.tsx';
import { INVOICES_VIEW_SEARCH } from './invoice-routes.ts';

const WORDS = {
  bar: 'Facture',
  back: 'Retour aux factures',
  loading: 'Chargement de la facture…',
  failed: 'Impossible d’afficher la facture',
};

/**
 * One invoice alone on the page (`?dossier=factures&imprimer=<id>`), in its language, ready for
 * the browser's print or the console's « Enregistrer en PDF » (DocumentPrintPage).
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
  const load = useCallback(() => store.get(id), [store, id]);
  return (
    <DocumentPrintPage
      load={load}
      words={WORDS}
      backSearch={INVOICES_VIEW_SEARCH}
      titleOf={(invoice) =>
        invoice ? `${INVOICE_KIND_LABELS[invoice.kind].fr} ${invoice.number}` : 'Facture'
      }
      fileNameOf={(invoice) => `${invoice.number}.pdf`}
      saveAsPdf={saveAsPdf}
    >
      {(invoice) => (
        <InvoiceDocument
          invoice={invoice}
          agency={agencyContactFor(invoice.language)}
          today={todayInAlgiers()}
        />
      )}
    </DocumentPrintPage>
  );
}
