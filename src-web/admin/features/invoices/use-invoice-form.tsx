import { useId, useState, type ReactNode } from 'react';
import { BackendError, failureText } from '../../../../shared/backend/ports.ts';

/**
 * What the invoices' forms (« Émettre la facture », « Enregistrer un paiement », « Facture
 * d’avoir ») share: each refusal in French under its field, named to a screen reader by the
 * field it describes; a failure without a field above the buttons; one sending at a time.
 */
export function useInvoiceForm() {
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  /** Sends once: the backend's refusals go under their fields, anything else above the buttons. */
  async function send(action: () => Promise<void>) {
    setErrors({});
    setFailure('');
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof BackendError && error.fields) setErrors(error.fields);
      else setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  return {
    /** The id of a field (its label's htmlFor). */
    idOf: (name: string) => `${id}-${name}`,
    errors,
    setErrors,
    busy,
    send,
    /** ' is-invalid' when the field was refused (Bootstrap's red border and message). */
    invalid: (name: string) => (errors[name] ? ' is-invalid' : ''),
    /** The field's id and, when refused, its link to the sentence under it. */
    field: (name: string) => ({
      id: `${id}-${name}`,
      ...(errors[name]
        ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` }
        : {}),
    }),
    /** The sentence under a refused field. */
    error: (name: string): ReactNode =>
      errors[name] ? (
        <div id={`${id}-${name}-error`} className="invalid-feedback">
          {errors[name]}
        </div>
      ) : null,
    /** What failed without a field, and the buttons. */
    footer: (submit: string, onCancel: () => void): ReactNode => (
      <>
        {failure && (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {failure}
          </p>
        )}
        <div className="d-flex gap-2 mt-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {submit}
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
            Annuler
          </button>
        </div>
      </>
    ),
  };
}
