import { useState, type FormEvent } from 'react';
import type { InvoiceStore } from '../../../../shared/backend/ports.ts';
import { invoiceFigures } from '../../../../shared/domain/invoices/figures.ts';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  paymentInputSchema,
  paymentRequestId,
  invoiceFieldErrors,
  type Invoice,
  type PaymentMethod,
} from '../../../../shared/domain/invoices/invoice.ts';
import { stampDuty, stampDutyScaleFor } from '../../../../shared/domain/quotes/stamp-duty.ts';
import { todayInAlgiers } from '../../../../shared/domain/quotes/validity.ts';
import { formatCentimes } from '../../../quotes/quote-format.ts';
import { da, frenchDay } from './invoice-summary.ts';
import { useInvoiceForm } from './use-invoice-form.tsx';

/**
 * « Enregistrer un paiement » on an invoice: the day (today by default), the amount (what is
 * left by default), the method, a reference. Checked by the domain's schema here (the same
 * French sentences under each field), then by the backend; nothing is recorded on a refusal.
 * The form gives its request id with each attempt, so that one retried after a timeout is
 * never recorded twice.
 */
export function PaymentForm({
  store,
  invoice,
  onDone,
  onCancel,
}: {
  store: InvoiceStore;
  invoice: Invoice;
  /** The invoice as recorded, and the notice that says which payment it holds now. */
  onDone: (invoice: Invoice, notice: string) => void;
  onCancel: () => void;
}) {
  const form = useInvoiceForm();
  const today = todayInAlgiers();
  const left = invoiceFigures(invoice, today).left;
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState(formatCentimes(left));
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [reference, setReference] = useState('');
  // One id for this payment, kept across its retries (« Enregistrer le paiement » pressed again
  // after a timeout): the backend answers a repeated id with the payment it recorded first.
  const [requestId] = useState(paymentRequestId);

  const input = { date, amount, method, reference, requestId };
  const parsed = paymentInputSchema.safeParse(input);
  const duty =
    parsed.success && parsed.data.method === 'especes'
      ? stampDuty(parsed.data.amount, stampDutyScaleFor(parsed.data.date))
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) {
      form.setErrors(invoiceFieldErrors(parsed.error.issues));
      return;
    }
    const chosen = parsed.data.method;
    await form.send(async () => {
      const recorded = await store.recordPayment(invoice.id, { ...input, method: chosen });
      onDone(recorded, recordedNotice(recorded, requestId));
    });
  }

  const field = (name: string) => ({
    ...form.field(name),
    className: `${name === 'method' ? 'form-select' : 'form-control'} form-control-sm${form.invalid(name)}`,
  });
  const { error, idOf } = form;

  return (
    <form
      className="invoice-payment-form border rounded-3 p-2 mt-2 bg-body-tertiary"
      aria-label={`Enregistrer un paiement sur ${invoice.number}`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p className="small mb-2">
        Reste à payer sur {invoice.number} : <strong>{da(left)}</strong>
      </p>
      <div className="row g-2">
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor={idOf('date')}>
            Date du paiement
          </label>
          <input
            type="date"
            max={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            {...field('date')}
          />
          {error('date')}
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor={idOf('amount')}>
            Montant (DA)
          </label>
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            {...field('amount')}
          />
          {error('amount')}
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor={idOf('method')}>
            Mode de paiement
          </label>
          <select
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod | '')}
            {...field('method')}
          >
            <option value="">Choisir…</option>
            {PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_METHOD_LABELS[value].fr}
              </option>
            ))}
          </select>
          {error('method')}
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor={idOf('reference')}>
            Référence (facultative)
          </label>
          <input
            value={reference}
            placeholder="N° de chèque, d’opération…"
            onChange={(e) => setReference(e.target.value)}
            {...field('reference')}
          />
          {error('reference')}
        </div>
      </div>
      {duty !== null && parsed.success && (
        <p className="small mt-2 mb-0" role="status">
          En espèces : droit de timbre de {da(duty)}, soit {da(parsed.data.amount + duty)} à
          encaisser.
        </p>
      )}
      {form.footer('Enregistrer le paiement', onCancel)}
    </form>
  );
}

/**
 * « Paiement de 35 700,00 DA du 28 novembre 2026 enregistré sur FAC-2026-0001. »: the payment the
 * invoice holds for this form's request. After a retry, that is the one recorded first, which
 * may not be what was typed since: the owner reads what was kept.
 */
function recordedNotice(invoice: Invoice, requestId: string): string {
  const payment = invoice.payments.find((each) => each.requestId === requestId);
  return payment
    ? `Paiement de ${da(payment.amount)} du ${frenchDay(payment.date)} enregistré sur ${invoice.number}.`
    : `Paiement enregistré sur ${invoice.number}.`;
}
