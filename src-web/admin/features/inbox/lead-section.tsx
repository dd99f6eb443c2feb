import { useId, useState, type FormEvent } from 'react';
import {
  failureText,
  isBackendError,
  type LeadPipeline,
} from '../../../../shared/backend/ports.ts';
import {
  AGENCY_TIME_HINT,
  formatAgencyDateTime,
  fromAgencyInput,
  toAgencyInput,
} from '../../../../shared/domain/leads/agency-clock.ts';
import { followUpOf } from '../../../../shared/domain/leads/follow-up.ts';
import {
  LEAD_STATUSES,
  LEAD_STATUS_CODES,
  LOST_REASONS,
  PIPELINE_MESSAGES,
  canCorrectNote,
  describeLeadEvent,
  type Lead,
  type LeadStatus,
  type LostReason,
} from '../../../../shared/domain/leads/pipeline.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import {
  leadInvoiceEvents,
  leadPayment,
  leadPaymentSentence,
} from '../../../../shared/domain/invoices/lead-billing.ts';
import { todayInAlgiers } from '../../../../shared/domain/quotes/validity.ts';
import { Icon } from '../../../components/icon.tsx';
import { useDraft } from '../../hooks/use-draft.ts';
import { useNow } from '../../hooks/use-now.ts';
import { FollowUpBadge } from './lead-marks.tsx';
import { LostReasonSelect } from './lost-reason-select.tsx';

const dinars = new Intl.NumberFormat('fr-FR');

/** An instant as a `datetime-local` value, in Algiers time whatever the device's. */
function toLocalInput(instant: number | null): string {
  return instant === null ? '' : toAgencyInput(instant);
}

/** What a failure says under its field: the backend's sentence for it, else its message. */
function errorFor(failure: unknown, field: string): string {
  if (isBackendError(failure) && failure.fields?.[field]) return failure.fields[field];
  return failureText(failure);
}

/** Whole dinars from what the owner typed (spaces allowed), null for empty, NaN otherwise. */
function parseDinars(text: string): number | null {
  const digits = text.replace(/[\s\u00a0\u202f]/gu, '');
  if (digits === '') return null;
  return /^\d+$/u.test(digits) ? Number(digits) : Number.NaN;
}

/** A field being typed in, and the stored value it was typed over. */
interface Draft {
  from: number | null;
  text: string;
}

interface Feedback {
  /** Said to a screen reader once done (polite). */
  done: string;
  /** Per form: the French reason it was refused. */
  errors: Partial<Record<'status' | 'nextAction' | 'value' | 'note' | 'correction', string>>;
}

/**
 * « Suivi » in the message panel (docs/inbox.md, « Le suivi des contacts »): the status in one
 * choice (« Perdu » asks its reason), « Relancer le », the estimated value, « Ajouter une
 * note », and the timeline, newest first, where a note can be corrected for 10 minutes; with
 * the backend's invoices, the timeline also tells each invoice, credit note and payment, and a
 * won lead (or one invoiced) says « Payé » or « Reste à payer : … DA » (lead-billing.ts).
 * Every control has its label; results and refusals are announced.
 */
export function LeadSection({
  pipeline,
  lead,
  billing,
}: {
  pipeline: LeadPipeline;
  lead: Lead;
  /**
   * The lead's invoices, where the backend keeps them (null while they load): each invoice,
   * credit note and payment in « Historique », and whether the lead is paid under its status.
   */
  billing?:
    { invoices: readonly Invoice[] | null; quotes?: readonly Quote[]; error: string } | undefined;
}) {
  const id = useId();
  const [feedback, setFeedback] = useState<Feedback>({ done: '', errors: {} });
  const [losing, setLosing] = useState(false);
  const [lostReason, setLostReason] = useState<LostReason>('prix');
  // What the owner is typing, over the stored value it started from: once the stored value
  // changes (a status's default, another dashboard), the field shows the new one.
  // Kept as drafts of this lead (use-draft.ts): closing the panel before saving loses nothing.
  const nextActionKept = useDraft<Draft | null>(`suivi:${lead.id}:relance`, null);
  const valueKept = useDraft<Draft | null>(`suivi:${lead.id}:valeur`, null);
  const noteKept = useDraft(`suivi:${lead.id}:note`, '');
  const nextActionDraft = nextActionKept.value;
  const valueDraft = valueKept.value;
  const nextAction =
    nextActionDraft?.from === lead.nextActionAt
      ? nextActionDraft.text
      : toLocalInput(lead.nextActionAt);
  const value =
    valueDraft?.from === lead.estimatedValue
      ? valueDraft.text
      : lead.estimatedValue === null
        ? ''
        : dinars.format(lead.estimatedValue);
  const setNextAction = (text: string | null) =>
    nextActionKept.set(text === null ? null : { from: lead.nextActionAt, text });
  const setValue = (text: string | null) =>
    valueKept.set(text === null ? null : { from: lead.estimatedValue, text });
  const now = useNow(30_000);
  const note = noteKept.value;
  const setNote = noteKept.set;
  // « Brouillon … » under a field whose text came back from a draft, until it is saved.
  const restored = (kept: { restoredAt: number | null }, shown: boolean, field: string) =>
    kept.restoredAt !== null && shown ? (
      <p id={`${id}-${field}-draft`} className="form-text lead-draft mb-0">
        Brouillon du {formatAgencyDateTime(kept.restoredAt)}, pas encore enregistré.
      </p>
    ) : null;
  const nextActionRestored = nextActionDraft?.from === lead.nextActionAt;
  const valueRestored = valueDraft?.from === lead.estimatedValue;
  const [correcting, setCorrecting] = useState<{ noteId: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(
    form: keyof Feedback['errors'],
    field: string,
    work: () => Promise<unknown>,
    done: string,
  ): Promise<boolean> {
    setBusy(true);
    try {
      await work();
      setFeedback({ done, errors: {} });
      return true;
    } catch (failure) {
      setFeedback({ done: '', errors: { [form]: errorFor(failure, field) } });
      return false;
    } finally {
      setBusy(false);
    }
  }

  function changeStatus(status: LeadStatus) {
    if (status === 'perdu') {
      setLosing(true);
      return;
    }
    setLosing(false);
    void run(
      'status',
      'status',
      () => pipeline.setStatus(lead.id, { status }),
      `Statut enregistré : ${LEAD_STATUSES[status]}.`,
    );
  }

  function confirmLost(event: FormEvent) {
    event.preventDefault();
    void run(
      'status',
      'lostReason',
      () => pipeline.setStatus(lead.id, { status: 'perdu', lostReason }),
      `Statut enregistré : Perdu (${LOST_REASONS[lostReason].toLocaleLowerCase('fr')}).`,
    ).then((saved) => saved && setLosing(false));
  }

  function saveNextAction(event: FormEvent) {
    event.preventDefault();
    const at = nextAction === '' ? null : fromAgencyInput(nextAction);
    if (at !== null && Number.isNaN(at)) {
      setFeedback({ done: '', errors: { nextAction: PIPELINE_MESSAGES.nextActionDate } });
      return;
    }
    void run(
      'nextAction',
      'nextActionAt',
      () => pipeline.setNextAction(lead.id, at),
      at === null ? 'Relance retirée.' : `Relance enregistrée : ${formatAgencyDateTime(at)}.`,
    ).then((saved) => saved && setNextAction(null));
  }

  function saveValue(event: FormEvent) {
    event.preventDefault();
    const amount = parseDinars(value);
    if (amount !== null && Number.isNaN(amount)) {
      setFeedback({ done: '', errors: { value: PIPELINE_MESSAGES.estimatedValue } });
      return;
    }
    void run(
      'value',
      'estimatedValue',
      () => pipeline.setEstimatedValue(lead.id, amount),
      amount === null
        ? 'Valeur estimée retirée.'
        : `Valeur estimée enregistrée : ${dinars.format(amount)} DZD.`,
    ).then((saved) => saved && setValue(null));
  }

  function addNote(event: FormEvent) {
    event.preventDefault();
    void run('note', 'text', () => pipeline.addNote(lead.id, note), 'Note ajoutée.').then(
      (saved) => saved && setNote(''),
    );
  }

  function saveCorrection(event: FormEvent) {
    event.preventDefault();
    if (!correcting) return;
    const { noteId, text } = correcting;
    void run(
      'correction',
      'text',
      () => pipeline.correctNote(lead.id, noteId, text),
      'Note corrigée.',
    ).then((saved) => saved && setCorrecting(null));
  }

  const followUp = followUpOf(lead, now);
  const error = (form: keyof Feedback['errors']) =>
    feedback.errors[form] ? (
      <p id={`${id}-${form}-error`} className="lead-error text-danger small mb-0" role="alert">
        {feedback.errors[form]}
      </p>
    ) : null;
  const describedBy = (form: keyof Feedback['errors']) =>
    feedback.errors[form] ? `${id}-${form}-error` : undefined;

  // The lead's own events and those of its invoices, newest first.
  const invoiceEvents = billing?.invoices ? leadInvoiceEvents(billing.invoices) : [];
  const entries = [
    ...lead.timeline.map((event) => ({ kind: 'lead' as const, at: event.at, event })),
    ...invoiceEvents.map((event) => ({ kind: 'invoice' as const, at: event.at, event })),
  ].sort((a, b) => b.at - a.at);
  const payment =
    billing?.invoices && (lead.status === 'gagne' || billing.invoices.length > 0)
      ? leadPayment(billing.invoices, todayInAlgiers(new Date(now)), billing.quotes)
      : null;
  const leadEventItem = (event: Lead['timeline'][number]) => (
    <li key={event.id} className="lead-event">
      <p className="mb-1 small">
        <time dateTime={new Date(event.at).toISOString()} className="text-muted">
          {formatAgencyDateTime(event.at)}
        </time>
        {' · '}
        <span className="fw-semibold">{describeLeadEvent(event)}</span>
      </p>
      {event.type === 'note' &&
        (correcting?.noteId === event.id ? (
          <form onSubmit={saveCorrection}>
            <label htmlFor={`${id}-correct-${event.id}`} className="visually-hidden">
              Corriger la note
            </label>
            <textarea
              id={`${id}-correct-${event.id}`}
              className="form-control"
              rows={3}
              value={correcting.text}
              aria-describedby={describedBy('correction')}
              onChange={(change) => setCorrecting({ noteId: event.id, text: change.target.value })}
            />
            <div className="d-flex gap-2 mt-2">
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                Enregistrer la correction
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={() => setCorrecting(null)}
              >
                Annuler
              </button>
            </div>
            {error('correction')}
          </form>
        ) : (
          <>
            <p className="lead-note mb-1" dir="auto">
              {event.text}
            </p>
            {canCorrectNote(event.at, now) && (
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                onClick={() => setCorrecting({ noteId: event.id, text: event.text })}
              >
                Corriger la note
              </button>
            )}
          </>
        ))}
    </li>
  );

  return (
    <section className="lead-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5 mb-3">
        Suivi
      </h3>
      <p className="visually-hidden" role="status">
        {feedback.done}
      </p>

      <div className="lead-field">
        <label htmlFor={`${id}-status`} className="form-label">
          Statut
        </label>
        <select
          id={`${id}-status`}
          className="form-select"
          value={losing ? 'perdu' : lead.status}
          disabled={busy}
          aria-describedby={describedBy('status')}
          onChange={(event) => changeStatus(event.target.value as LeadStatus)}
        >
          {LEAD_STATUS_CODES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUSES[status]}
            </option>
          ))}
        </select>
        <p className="form-text mb-0">
          {lead.statusChangedAt === null
            ? 'Depuis sa réception.'
            : `Depuis le ${formatAgencyDateTime(lead.statusChangedAt)}.`}
          {lead.status === 'perdu' && lead.lostReason && !losing
            ? ` Raison : ${LOST_REASONS[lead.lostReason].toLocaleLowerCase('fr')}.`
            : ''}
        </p>
        {payment && (
          <p className="lead-payment mb-0 mt-1" data-testid="lead-payment">
            <span
              className={`badge fs-6 ${payment.kind === 'paid' ? 'text-bg-success' : payment.kind === 'left' ? 'text-bg-warning' : 'text-bg-light border'}`}
            >
              {leadPaymentSentence(payment)}
            </span>
          </p>
        )}
        {billing?.error && (
          <p className="text-danger small mb-0 mt-1" role="alert">
            Impossible de lire les factures de ce contact : {billing.error}
          </p>
        )}
        {losing && (
          <form
            className="lead-lost d-flex flex-wrap align-items-end gap-2 mt-2"
            onSubmit={confirmLost}
          >
            <LostReasonSelect id={`${id}-reason`} value={lostReason} onChange={setLostReason} />
            <button type="submit" className="btn btn-danger" disabled={busy}>
              Marquer comme perdu
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setLosing(false)}
            >
              Annuler
            </button>
          </form>
        )}
        {error('status')}
      </div>

      <form className="lead-field" onSubmit={saveNextAction}>
        <label htmlFor={`${id}-next`} className="form-label">
          Relancer le
        </label>
        <FollowUpBadge followUp={followUp} className="ms-2" />
        <div className="d-flex flex-wrap gap-2">
          <input
            id={`${id}-next`}
            type="datetime-local"
            className="form-control lead-input"
            value={nextAction}
            aria-describedby={[describedBy('nextAction'), `${id}-next-zone`].join(' ').trim()}
            onChange={(event) => setNextAction(event.target.value)}
          />
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>
            Enregistrer la relance
          </button>
        </div>
        <p id={`${id}-next-zone`} className="form-text mb-0">
          {AGENCY_TIME_HINT}
        </p>
        {restored(nextActionKept, nextActionRestored, 'next')}
        {error('nextAction')}
      </form>

      <form className="lead-field" onSubmit={saveValue}>
        <label htmlFor={`${id}-value`} className="form-label">
          Valeur estimée (DZD)
        </label>
        <div className="d-flex flex-wrap gap-2">
          <input
            id={`${id}-value`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className="form-control lead-input"
            value={value}
            aria-describedby={describedBy('value')}
            onChange={(event) => setValue(event.target.value)}
          />
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>
            Enregistrer la valeur
          </button>
        </div>
        {restored(valueKept, valueRestored, 'value')}
        {error('value')}
      </form>

      <form className="lead-field" onSubmit={addNote}>
        <label htmlFor={`${id}-note`} className="form-label">
          Ajouter une note
        </label>
        <textarea
          id={`${id}-note`}
          className="form-control"
          rows={3}
          value={note}
          aria-describedby={describedBy('note')}
          onChange={(event) => setNote(event.target.value)}
        />
        {restored(noteKept, note !== '', 'note')}
        <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
          <Icon name="pencil-square" className="me-1" />
          Ajouter la note
        </button>
        {error('note')}
      </form>

      <h4 className="h6 mt-4" id={`${id}-timeline`}>
        Historique
      </h4>
      {entries.length === 0 ? (
        <p className="text-muted small">Rien pour l’instant : le message est arrivé.</p>
      ) : (
        <ol className="lead-timeline list-unstyled" aria-labelledby={`${id}-timeline`}>
          {entries.map((entry) =>
            entry.kind === 'invoice' ? (
              <li key={entry.event.id} className="lead-event lead-event-invoice">
                <p className="mb-1 small">
                  <time dateTime={new Date(entry.at).toISOString()} className="text-muted">
                    {formatAgencyDateTime(entry.at)}
                  </time>
                  {' · '}
                  <span className="fw-semibold">{entry.event.text}</span>
                </p>
              </li>
            ) : (
              leadEventItem(entry.event)
            ),
          )}
        </ol>
      )}
    </section>
  );
}
