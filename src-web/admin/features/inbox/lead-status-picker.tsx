import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  failureText,
  isBackendError,
  type LeadPipeline,
} from '../../../../shared/backend/ports.ts';
import {
  LEAD_STATUSES,
  LEAD_STATUS_CODES,
  LOST_REASONS,
  NEXT_ACTION_DEFAULT_DAYS,
  type Lead,
  type LeadStatus,
  type LostReason,
  type StatusChange,
} from '../../../../shared/domain/leads/pipeline.ts';
import { LostReasonSelect } from './lost-reason-select.tsx';

export interface LeadStatusPickerProps {
  pipeline: LeadPipeline;
  lead: Lead;
  /** Whose lead: the control is named after them (« Statut de Boulangerie El Bahia »). */
  name: string;
  /** Says the result to a screen reader (one live region for the whole list). */
  announce: (text: string) => void;
}

/** What the announcement adds for a status whose « Relancer le » is proposed. */
function proposedFollowUp(status: LeadStatus): string {
  const days = NEXT_ACTION_DEFAULT_DAYS[status];
  return days === undefined ? '' : ` Relance proposée dans ${days} jours.`;
}

/**
 * A lead's status on a phone card, changed in one choice (saved at once, as in the panel);
 * « Perdu » asks its reason first. A refusal is said under it, in French, and tied to it.
 */
export function LeadStatusPicker({ pipeline, lead, name, announce }: LeadStatusPickerProps) {
  const id = useId();
  const [losing, setLosing] = useState(false);
  const [reason, setReason] = useState<LostReason>('prix');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Where focus goes back once the reason's form is gone.
  // (once enabled again: it is disabled while saving).
  const select = useRef<HTMLSelectElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (refocus.current && !busy) {
      refocus.current = false;
      select.current?.focus();
    }
  });
  const stopLosing = () => {
    setLosing(false);
    refocus.current = true;
  };

  async function save(change: StatusChange, done: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await pipeline.setStatus(lead.id, change);
      announce(done);
      return true;
    } catch (failure) {
      const field = change.status === 'perdu' ? 'lostReason' : 'status';
      setError(
        isBackendError(failure) && failure.fields?.[field]
          ? failure.fields[field]
          : failureText(failure),
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  function choose(status: LeadStatus) {
    if (status === 'perdu') {
      setError(null);
      setLosing(true);
      return;
    }
    setLosing(false);
    void save(
      { status },
      `${name} : statut enregistré, ${LEAD_STATUSES[status]}.${proposedFollowUp(status)}`,
    );
  }

  function confirmLost(event: FormEvent) {
    event.preventDefault();
    void save(
      { status: 'perdu', lostReason: reason },
      `${name} : statut enregistré, Perdu (${LOST_REASONS[reason].toLocaleLowerCase('fr')}).`,
    ).then((saved) => saved && stopLosing());
  }

  const errorId = `${id}-error`;
  return (
    <div className="lead-status-picker">
      {/* Named by aria-label: the card's one <label> is its selection box's. */}
      <select
        ref={select}
        aria-label={`Statut de ${name}`}
        className="form-select form-select-sm lead-status-select"
        value={losing ? 'perdu' : lead.status}
        disabled={busy}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => choose(event.target.value as LeadStatus)}
      >
        {LEAD_STATUS_CODES.map((status) => (
          <option key={status} value={status}>
            {LEAD_STATUSES[status]}
          </option>
        ))}
      </select>
      {losing && (
        <form
          className="lead-status-lost d-flex flex-wrap align-items-end gap-2"
          onSubmit={confirmLost}
        >
          <LostReasonSelect
            id={`${id}-reason`}
            value={reason}
            onChange={setReason}
            compact
            className="lead-status-reason"
          />
          <button type="submit" className="btn btn-danger" disabled={busy}>
            Marquer comme perdu
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={stopLosing}>
            Annuler
          </button>
        </form>
      )}
      {error && (
        <p id={errorId} className="lead-error text-danger small mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
