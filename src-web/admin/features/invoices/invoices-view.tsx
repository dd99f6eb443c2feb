import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { InvoiceStore } from '../../../../shared/backend/ports.ts';
import { todayInAlgiers } from '../../../../shared/domain/quotes/validity.ts';
import { INVOICE_PARAM } from '../../../../shared/domain/routes.ts';
import { Icon } from '../../../components/icon.tsx';
import { useLoaded } from '../../hooks/use-loaded.ts';
import { csvFileName, downloadCsv } from '../inbox/export-csv.ts';
import { printInvoicePath } from './invoice-routes.ts';
import {
  INVOICE_STATUS_BADGES,
  da,
  frenchDay,
  invoiceRow,
  invoicesToCsv,
  monthlyTotals,
} from './invoice-summary.ts';
import { CreditNoteForm, creditable } from './credit-note-form.tsx';
import { InvoiceClientActions } from './invoice-client-actions.tsx';
import { PaymentForm } from './payment-form.tsx';

/** What opens under an invoice: a payment, a credit note, or « Envoyer au client ». */
type OpenForm = 'payment' | 'credit' | 'client';

/**
 * The « Factures » folder (`?dossier=factures`): the totals per month (facturé, encaissé,
 * reste à encaisser), then every invoice and credit note, newest first, with its amount,
 * what is paid and left, its state; « Enregistrer un paiement », « Facture d’avoir »,
 * « Envoyer » (its link by WhatsApp or e-mail, the payment reminder: InvoiceClientActions) and
 * « Imprimer » on each; the accountant's CSV (one line per invoice and per payment). With
 * `&facture=<id>` (the digest's and « Aujourd’hui »'s links to an invoice « En retard »), that
 * invoice is brought into view, marked and focused.
 */
export function InvoicesView({ store }: { store: InvoiceStore }) {
  // The form open under an invoice, if any: a payment or a credit note.
  const [open, setOpen] = useState<{ id: string; form: OpenForm } | null>(null);
  const toggle = (id: string, form: OpenForm) =>
    setOpen(open?.id === id && open.form === form ? null : { id, form });
  const isOpen = (id: string, form: OpenForm) => open?.id === id && open.form === form;
  const [notice, setNotice] = useState('');
  // A payment or a credit note recorded reads the list again.
  const [revision, setRevision] = useState(0);
  const load = useCallback(() => store.list(), [store]);
  const { value: invoices, error } = useLoaded(load, revision);
  const [params] = useSearchParams();
  const target = params.get(INVOICE_PARAM);
  const targetRow = useRef<HTMLTableRowElement | null>(null);
  const targetMissing =
    target !== null && invoices !== null && !invoices.some((invoice) => invoice.id === target);
  useEffect(() => {
    if (target === null || invoices === null) return;
    targetRow.current?.scrollIntoView({ block: 'center' });
    targetRow.current?.focus({ preventScroll: true });
  }, [target, invoices]);

  if (error) {
    return (
      <div className="alert alert-danger" role="alert">
        Impossible de charger les factures : {error}
      </div>
    );
  }
  if (invoices === null) {
    return (
      <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        Chargement des factures…
      </div>
    );
  }
  if (invoices.length === 0) {
    return (
      <div className="text-center py-5 bg-white rounded-3 shadow-sm">
        <p className="h5">Aucune facture pour le moment.</p>
        <p className="text-body-secondary mb-0">
          Quand un client accepte un devis, ouvrez son message :{' '}
          <span className="text-nowrap">« Facture d’acompte »</span> ou{' '}
          <span className="text-nowrap">« Facture »</span> sous le devis.
        </p>
      </div>
    );
  }
  const today = todayInAlgiers();
  const months = monthlyTotals(invoices, today);
  return (
    <>
      {targetMissing && (
        <p className="alert alert-warning" role="alert">
          Cette facture n’existe pas (ou plus).
        </p>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <p className="mb-0 text-body-secondary" role="status">
          {invoices.length} {invoices.length > 1 ? 'factures et avoirs' : 'facture'}
          {notice && <> · {notice}</>}
        </p>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm ms-auto"
          onClick={() =>
            downloadCsv(invoicesToCsv(invoices, today), csvFileName(new Date(), 'factures'))
          }
        >
          <Icon name="download" className="me-1" />
          Exporter en CSV
        </button>
      </div>
      <section className="mb-3" aria-labelledby="invoices-months-title">
        <h2 id="invoices-months-title" className="h6 text-body-secondary mb-2">
          Totaux par mois
        </h2>
        <ul className="list-unstyled mb-0 d-grid gap-2">
          {months.map((month) => (
            <li
              key={month.month}
              className="bg-white rounded-3 shadow-sm px-3 py-2"
              data-testid="invoice-month"
            >
              <h3 className="h6 mb-1 text-capitalize">{month.label}</h3>
              <dl className="row g-1 mb-0 small">
                <div className="col-12 col-md-4">
                  <dt className="fw-normal text-body-secondary">Facturé</dt>
                  <dd className="mb-0 fs-6 fw-semibold text-nowrap" data-testid="month-invoiced">
                    {da(month.invoiced)}
                  </dd>
                </div>
                <div className="col-12 col-md-4">
                  <dt className="fw-normal text-body-secondary">Encaissé</dt>
                  <dd className="mb-0 fs-6 fw-semibold text-nowrap" data-testid="month-received">
                    {da(month.received)}
                    {month.stampDuty > 0n && (
                      <span className="d-block small fw-normal text-body-secondary">
                        + {da(month.stampDuty)} de timbre
                      </span>
                    )}
                  </dd>
                </div>
                <div className="col-12 col-md-4">
                  <dt className="fw-normal text-body-secondary">Reste à encaisser</dt>
                  <dd className="mb-0 fs-6 fw-semibold text-nowrap" data-testid="month-left">
                    {da(month.left)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </section>
      <div className="bg-white rounded-3 shadow-sm quotes-table-frame">
        <table className="table align-middle mb-0 quotes-table invoices-table">
          <caption className="visually-hidden">
            Les factures et les avoirs, du plus récent au plus ancien
          </caption>
          <thead>
            <tr>
              <th scope="col">Numéro</th>
              <th scope="col">Type</th>
              <th scope="col">Client</th>
              <th scope="col">Montant TTC</th>
              <th scope="col">Reste à payer</th>
              <th scope="col">État</th>
              <th scope="col">Échéance</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => {
              const row = invoiceRow(invoice, today);
              const credit = invoice.kind === 'avoir';
              return (
                <Fragment key={invoice.id}>
                  <tr
                    data-testid="invoice-row"
                    {...(invoice.id === target
                      ? {
                          ref: targetRow,
                          tabIndex: -1,
                          className: 'invoice-target',
                          'aria-current': true,
                        }
                      : {})}
                  >
                    <th scope="row" className="text-nowrap">
                      {invoice.number}
                    </th>
                    <td data-label="Type">
                      {row.kind}
                      {invoice.quoteNumber && !credit && (
                        <span className="d-block small text-body-secondary">
                          devis {invoice.quoteNumber}
                        </span>
                      )}
                      {invoice.corrects && (
                        <span className="d-block small text-body-secondary">
                          sur {invoice.corrects.number}
                        </span>
                      )}
                    </td>
                    <td data-label="Client">
                      <bdi>{row.client}</bdi>
                    </td>
                    <td data-label="Montant TTC" className="text-nowrap quotes-total">
                      {credit ? `−${da(row.amount)}` : da(row.amount)}
                    </td>
                    <td data-label="Reste à payer" className="text-nowrap quotes-total">
                      {credit ? '—' : da(row.figures.left)}
                    </td>
                    <td data-label="État">
                      <span
                        className={`badge ${credit ? 'text-bg-light border' : INVOICE_STATUS_BADGES[row.figures.status]}`}
                      >
                        {row.status}
                      </span>
                    </td>
                    <td data-label="Échéance" className="text-nowrap">
                      {credit ? '—' : frenchDay(invoice.dueDate)}
                    </td>
                    <td className="quotes-actions">
                      {!credit && row.figures.left > 0n && (
                        <button
                          type="button"
                          className="btn btn-outline-primary btn-sm me-1"
                          aria-expanded={isOpen(invoice.id, 'payment')}
                          onClick={() => toggle(invoice.id, 'payment')}
                        >
                          <Icon name="plus-lg" className="me-1" />
                          Enregistrer un paiement
                          <span className="visually-hidden"> sur {invoice.number}</span>
                        </button>
                      )}
                      {creditable(invoice) > 0n && (
                        <button
                          type="button"
                          className="btn btn-outline-secondary btn-sm me-1"
                          aria-expanded={isOpen(invoice.id, 'credit')}
                          onClick={() => toggle(invoice.id, 'credit')}
                        >
                          Facture d’avoir
                          <span className="visually-hidden"> sur {invoice.number}</span>
                        </button>
                      )}
                      {!credit && row.figures.status !== 'annulee' && store.link && (
                        <button
                          type="button"
                          className="btn btn-outline-success btn-sm me-1"
                          aria-expanded={isOpen(invoice.id, 'client')}
                          onClick={() => toggle(invoice.id, 'client')}
                        >
                          <Icon name="send" className="me-1" />
                          Envoyer
                          <span className="visually-hidden">
                            {' '}
                            la facture {invoice.number} au client
                          </span>
                        </button>
                      )}
                      <Link
                        className="btn btn-outline-secondary btn-sm"
                        to={printInvoicePath(invoice.id)}
                        aria-label={`Imprimer ${row.kind.toLowerCase()} ${invoice.number} (${row.client})`}
                      >
                        <Icon name="printer" />
                      </Link>
                    </td>
                  </tr>
                  {open?.id === invoice.id && (
                    <tr>
                      <td colSpan={8}>
                        {open.form === 'client' ? (
                          <InvoiceClientActions store={store} invoice={invoice} today={today} />
                        ) : open.form === 'payment' ? (
                          <PaymentForm
                            store={store}
                            invoice={invoice}
                            onCancel={() => setOpen(null)}
                            onDone={(_paid, notice) => {
                              setOpen(null);
                              setNotice(notice);
                              setRevision((count) => count + 1);
                            }}
                          />
                        ) : (
                          <CreditNoteForm
                            store={store}
                            invoice={invoice}
                            onCancel={() => setOpen(null)}
                            onDone={(creditNote) => {
                              setOpen(null);
                              setNotice(`Avoir ${creditNote.number} émis sur ${invoice.number}.`);
                              setRevision((count) => count + 1);
                            }}
                          />
                        )}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
