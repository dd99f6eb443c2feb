import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  failureText,
  isBackendError,
  type LeadPipeline,
} from '../../../../shared/backend/ports.ts';
import {
  AGENCY_TIME_HINT,
  fromAgencyInput,
  toAgencyInput,
} from '../../../../shared/domain/leads/agency-clock.ts';
import {
  PIPELINE_MESSAGES,
  defaultNextAction,
  type Lead,
  type ReplyChannel,
} from '../../../../shared/domain/leads/pipeline.ts';
import { formatLeadDate } from './lead-marks.tsx';

/** What the owner just did with a reply shortcut, as the panel keeps it. */
export interface ReplySent {
  channel: ReplyChannel;
  /** The lead was « Nouveau » when the reply was sent: « Passer en Contacté » is offered. */
  offer: boolean;
  /** Recording it on the timeline failed: why, in French. */
  error: string | null;
}

const SENT: Record<ReplyChannel, string> = {
  email: 'réponse par e-mail',
  whatsapp: 'réponse par WhatsApp',
  appel: 'appel',
};

/**
 * Shown in the message panel once a reply shortcut was used: that it went on the timeline
 * and, for a lead still « Nouveau », the offer (never forced) to move it to « Contacté » with
 * its « Relancer le » asked, two days ahead unless changed. A date in the past is refused in
 * French, and nothing changes.
 */
export function ReplyFollowUp({
  pipeline,
  lead,
  sent,
  onDismiss,
}: {
  pipeline: LeadPipeline;
  lead: Lead;
  sent: ReplySent;
  onDismiss: () => void;
}) {
  const id = useId();
  const [nextAction, setNextAction] = useState(() =>
    toAgencyInput(defaultNextAction('contacte', Date.now()) ?? Date.now()),
  );
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  // Once moved, the form goes: focus goes to the sentence that says so, not to the page.
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) said.current?.focus();
  }, [done]);

  async function moveToContacted(event: FormEvent) {
    event.preventDefault();
    const at = nextAction === '' ? null : fromAgencyInput(nextAction);
    if (at !== null && Number.isNaN(at)) {
      setError(PIPELINE_MESSAGES.nextActionDate);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await pipeline.setStatus(lead.id, { status: 'contacte', nextActionAt: at });
      setDone(
        at === null
          ? 'Statut enregistré : Contacté, sans relance.'
          : `Statut enregistré : Contacté. Relancer le ${formatLeadDate(at)}.`,
      );
    } catch (failure) {
      setError(
        isBackendError(failure) && failure.fields?.nextActionAt
          ? failure.fields.nextActionAt
          : failureText(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  const offering = sent.offer && sent.error === null && lead.status === 'nouveau' && done === '';
  const errorId = `${id}-error`;
  return (
    <section className="reply-follow-up border-top" aria-label="Après la réponse">
      <div className="d-flex align-items-start gap-2">
        <p ref={said} className="mb-0 me-auto small" role="status" tabIndex={-1}>
          {sent.error === null
            ? `Noté dans l’historique : ${SENT[sent.channel]}.`
            : `La réponse n’a pas pu être notée dans l’historique : ${sent.error}`}
          {done && ` ${done}`}
        </p>
        {!offering && (
          <button
            type="button"
            className="btn-close"
            aria-label="Fermer cet avis"
            onClick={onDismiss}
          />
        )}
      </div>
      {offering && (
        <form className="mt-2" onSubmit={(event) => void moveToContacted(event)}>
          <p className="mb-2 fw-semibold">
            Ce contact est encore « Nouveau » : le passer en « Contacté » ?
          </p>
          <label htmlFor={`${id}-next`} className="form-label small mb-1">
            Relancer le
          </label>
          <div className="d-flex flex-wrap gap-2">
            <input
              id={`${id}-next`}
              type="datetime-local"
              className="form-control reply-follow-up-date"
              value={nextAction}
              aria-describedby={error ? `${errorId} ${id}-zone` : `${id}-zone`}
              onChange={(event) => setNextAction(event.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Passer en Contacté
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={onDismiss}>
              Pas maintenant
            </button>
          </div>
          <p id={`${id}-zone`} className="form-text mb-0">
            {AGENCY_TIME_HINT}
          </p>
          {error && (
            <p id={errorId} className="text-danger small mb-0 mt-1" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
