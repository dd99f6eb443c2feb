import { useState, type FormEvent } from 'react';
import type { InvoiceStore } from '../../../../shared/backend/ports.ts';
import { invoiceFigures } from '../../../../shared/domain/invoices/figures.ts';
import {
  creditNoteInputSchema,
  invoiceFieldErrors,
  type Invoice,
} from '../../../../shared/domain/invoices/invoice.ts';
import { todayInAlgiers } from '../../../../shared/domain/quotes/validity.ts';
import { da } from './invoice-summary.ts';
import { useInvoiceForm } from './use-invoice-form.tsx';

/** What a credit note may still cancel of an invoice: what it asks less its credit notes. */
export function creditable(invoice: Invoice): bigint {
  const figures = invoiceFigures(invoice, todayInAlgiers());
  return invoice.kind === 'avoir' ? 0n : figures.due - figures.credited;
}

/**
 * « Facture d’avoir » on an issued invoice: an amount TTC (empty: all that is not yet
 * credited) and its reason. An issued invoice never changes; this is how a mistake is
 * corrected. Checked by the domain's schema here, then by the backend, which numbers it
 * AV-YYYY-NNNN; nothing is issued on a refusal.
 */
export function CreditNoteForm({
  store,
  invoice,
  onDone,
  onCancel,
}: {
  store: InvoiceStore;
  invoice: Invoice;
  onDone: (creditNote: Invoice) => void;
  onCancel: () => void;
}) {
  const form = useInvoiceForm();
  const { idOf, invalid, error, field } = form;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const whole = creditable(invoice);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { amount, reason };
    const parsed = creditNoteInputSchema.safeParse(input);
    if (!parsed.success) {
      form.setErrors(invoiceFieldErrors(parsed.error.issues));
      return;
    }
    await form.send(async () => onDone(await store.issueCreditNote(invoice.id, input)));
  }

  return (
    <form
      className="border rounded-3 p-2 mt-2 bg-body-tertiary"
      aria-label={`Facture d’avoir sur ${invoice.number}`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p className="fw-semibold small mb-2">Facture d’avoir sur {invoice.number}</p>
      <div className="row g-2">
        <div className="col-12 col-md-4">
          <label className="form-label small mb-0" htmlFor={idOf('amount')}>
            Montant de l’avoir TTC (DA)
          </label>
          <input
            inputMode="decimal"
            className={`form-control form-control-sm${invalid('amount')}`}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            {...field('amount')}
            aria-describedby={
              [field('amount')['aria-describedby'], idOf('whole')].filter(Boolean).join(' ') ||
              undefined
            }
          />
          <div id={idOf('whole')} className="form-text">
            Vide : toute la facture, soit {da(whole)}.
          </div>
          {error('amount')}
        </div>
        <div className="col-12 col-md-8">
          <label className="form-label small mb-0" htmlFor={idOf('reason')}>
            Motif
          </label>
          <input
            className={`form-control form-control-sm${invalid('reason')}`}
            value={reason}
            placeholder="Erreur de prix, prestation annulée…"
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
            {...field('reason')}
          />
          {error('reason')}
        </div>
      </div>
      <p className="small text-body-secondary mt-2 mb-0">
        L’avoir reçoit son numéro (AV-…) et ne change plus ; la facture reste telle qu’émise.
      </p>
      {form.footer('Émettre l’avoir', onCancel)}
    </form>
  );
}
