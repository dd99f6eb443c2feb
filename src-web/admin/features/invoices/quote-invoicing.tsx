import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { failureText, type InvoiceStore } from '../../../../shared/backend/ports.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import { quoteInvoiced } from '../../../../shared/domain/invoices/rules.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import { todayInAlgiers } from '../../../../shared/domain/quotes/validity.ts';
import { Icon } from '../../../components/icon.tsx';
import { printInvoicePath } from './invoice-routes.ts';
import { INVOICE_STATUS_BADGES, da, invoiceRow } from './invoice-summary.ts';
import { useInvoiceForm } from './use-invoice-form.tsx';
import { PaymentForm } from './payment-form.tsx';

type Asking = { kind: 'acompte' | 'solde' | 'facture' } | null;

/**
 * Under an accepted quote in the lead's panel: its invoices (number, kind, amount, state,
 * « Reste à payer »), « Facture d’acompte », « Facture de solde » or « Facture » as the quote's
 * invoices allow, « Enregistrer un paiement » and « Imprimer » on each.
 */
export function QuoteInvoicing({
  store,
  quote,
  depositPercent,
}: {
  store: InvoiceStore;
  quote: Quote;
  /** The default share of a deposit (« Réglages », « 30 »). */
  depositPercent: string;
}) {
  const id = useId();
  const [all, setAll] = useState<Invoice[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    let live = true;
    store.listByLead(quote.leadId).then(
      (found) => live && setAll(found),
      (failure: unknown) => live && setLoadError(failureText(failure)),
    );
    return () => {
      live = false;
    };
  }, [store, quote.leadId, revision]);

  const today = todayInAlgiers();
  const invoices = (all ?? []).filter((invoice) => invoice.quoteId === quote.id);
  const state = quoteInvoiced(invoices, today);
  const reload = () => setRevision((count) => count + 1);

  return (
    <div className="quote-invoicing mt-2" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="visually-hidden">
        Factures du devis {quote.number}
      </h4>
      {loadError && (
        <p className="text-danger small" role="alert">
          Impossible de charger les factures : {loadError}
        </p>
      )}
      <div role="status" className="small text-success">
        {notice}
      </div>
      {invoices.length > 0 && (
        <ul className="list-unstyled small mb-2" aria-label={`Factures du devis ${quote.number}`}>
          {invoices.map((invoice) => {
            const row = invoiceRow(invoice, today);
            return (
              <li key={invoice.id} className="border-top pt-1 mt-1" data-testid="quote-invoice">
                <div className="d-flex flex-wrap align-items-baseline gap-2">
                  <span className="fw-semibold">{invoice.number}</span>
                  <span>{row.kind}</span>
                  <span className={`badge ${INVOICE_STATUS_BADGES[row.figures.status]}`}>
                    {row.status}
                  </span>
                  <span className="ms-auto text-nowrap">{da(row.amount)}</span>
                </div>
                {invoice.kind !== 'avoir' && (
                  <p className="mb-1 text-body-secondary">
                    Payé {da(row.figures.paid)} · Reste à payer {da(row.figures.left)}
                  </p>
                )}
                <div className="d-flex flex-wrap gap-2">
                  {invoice.kind !== 'avoir' && row.figures.left > 0n && (
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      onClick={() => setPaying(paying === invoice.id ? null : invoice.id)}
                      aria-expanded={paying === invoice.id}
                    >
                      <Icon name="plus-lg" className="me-1" />
                      Enregistrer un paiement
                    </button>
                  )}
                  <Link
                    className="btn btn-outline-secondary btn-sm"
                    to={printInvoicePath(invoice.id)}
                  >
                    <Icon name="printer" className="me-1" />
                    Imprimer <span className="visually-hidden">{invoice.number}</span>
                  </Link>
                </div>
                {paying === invoice.id && (
                  <PaymentForm
                    store={store}
                    invoice={invoice}
                    onCancel={() => setPaying(null)}
                    onDone={(_paid, notice) => {
                      setPaying(null);
                      setNotice(notice);
                      reload();
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!state.closed && (
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline-success btn-sm"
            onClick={() => setAsking({ kind: 'acompte' })}
          >
            Facture d’acompte
          </button>
          {state.deposits.length > 0 ? (
            <button
              type="button"
              className="btn btn-success btn-sm"
              onClick={() => setAsking({ kind: 'solde' })}
            >
              Facture de solde
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-success btn-sm"
              onClick={() => setAsking({ kind: 'facture' })}
            >
              Facture
            </button>
          )}
        </div>
      )}
      {asking && (
        <IssueForm
          key={asking.kind}
          store={store}
          quote={quote}
          kind={asking.kind}
          depositPercent={depositPercent}
          onCancel={() => setAsking(null)}
          onDone={(invoice) => {
            setAsking(null);
            setNotice(`Facture ${invoice.number} émise.`);
            reload();
          }}
        />
      )}
    </div>
  );
}

const ISSUE_TITLES = {
  acompte: 'Facture d’acompte',
  solde: 'Facture de solde',
  facture: 'Facture',
} as const;

/** The few choices before issuing: a deposit's share, the days to pay, the payment method. */
function IssueForm({
  store,
  quote,
  kind,
  depositPercent,
  onCancel,
  onDone,
}: {
  store: InvoiceStore;
  quote: Quote;
  kind: 'acompte' | 'solde' | 'facture';
  depositPercent: string;
  onCancel: () => void;
  onDone: (invoice: Invoice) => void;
}) {
  const form = useInvoiceForm();
  const { idOf, invalid, error, field: described } = form;
  const [byAmount, setByAmount] = useState(false);
  const [percent, setPercent] = useState(Number(depositPercent) > 0 ? depositPercent : '30');
  const [amount, setAmount] = useState('');
  const [dueDays, setDueDays] = useState('30');
  const [cash, setCash] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const days = Number(dueDays);
    if (!/^\d+$/u.test(dueDays.trim()) || days > 365) {
      form.setErrors({ dueDays: 'Saisissez un délai de paiement en jours, de 0 à 365.' });
      return;
    }
    await form.send(async () =>
      onDone(
        await store.issueFromQuote(quote.id, {
          kind,
          ...(kind === 'acompte' ? (byAmount ? { amount } : { percent }) : {}),
          dueDays: days,
          paymentMethod: cash ? 'especes' : null,
        }),
      ),
    );
  }

  return (
    <form
      className="border rounded-3 p-2 mt-2 bg-body-tertiary"
      aria-label={ISSUE_TITLES[kind]}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p className="fw-semibold small mb-2">
        {ISSUE_TITLES[kind]} sur le devis {quote.number}
      </p>
      <div className="row g-2">
        {kind === 'acompte' && (
          <div className="col-12 col-md-6">
            <div className="form-check form-check-inline small">
              <input
                className="form-check-input"
                type="radio"
                id={idOf('by-percent')}
                checked={!byAmount}
                onChange={() => setByAmount(false)}
              />
              <label className="form-check-label" htmlFor={idOf('by-percent')}>
                En pourcentage
              </label>
            </div>
            <div className="form-check form-check-inline small">
              <input
                className="form-check-input"
                type="radio"
                id={idOf('by-amount')}
                checked={byAmount}
                onChange={() => setByAmount(true)}
              />
              <label className="form-check-label" htmlFor={idOf('by-amount')}>
                En montant TTC
              </label>
            </div>
            {byAmount ? (
              <>
                <label className="visually-hidden" htmlFor={idOf('amount')}>
                  Montant de l’acompte TTC (DA)
                </label>
                <input
                  inputMode="decimal"
                  className={`form-control form-control-sm${invalid('amount')}`}
                  value={amount}
                  placeholder="Montant TTC en DA"
                  onChange={(e) => setAmount(e.target.value)}
                  {...described('amount')}
                />
                {error('amount')}
              </>
            ) : (
              <>
                <label className="visually-hidden" htmlFor={idOf('percent')}>
                  Pourcentage de l’acompte
                </label>
                <div className="input-group input-group-sm has-validation">
                  <input
                    inputMode="decimal"
                    className={`form-control${invalid('percent')}`}
                    value={percent}
                    onChange={(e) => setPercent(e.target.value)}
                    {...described('percent')}
                  />
                  <span className="input-group-text">%</span>
                  {error('percent')}
                </div>
              </>
            )}
          </div>
        )}
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor={idOf('dueDays')}>
            Délai de paiement (jours)
          </label>
          <input
            inputMode="numeric"
            className={`form-control form-control-sm${invalid('dueDays')}`}
            value={dueDays}
            onChange={(e) => setDueDays(e.target.value)}
            {...described('dueDays')}
          />
          {error('dueDays')}
        </div>
        <div className="col-6 col-md-3 d-flex align-items-end">
          <div className="form-check small">
            <input
              className="form-check-input"
              type="checkbox"
              id={idOf('cash')}
              checked={cash}
              onChange={(e) => setCash(e.target.checked)}
            />
            <label className="form-check-label" htmlFor={idOf('cash')}>
              Payée en espèces
            </label>
          </div>
        </div>
      </div>
      <p className="small text-body-secondary mt-2 mb-0">
        Une facture émise reçoit son numéro et ne change plus ; une erreur se corrige par un avoir.
      </p>
      {form.footer('Émettre la facture', onCancel)}
    </form>
  );
}
