import { useId } from 'react';
import { LEAD_STATUSES, LEAD_STATUS_CODES } from '../../../../shared/domain/leads/pipeline.ts';
import type { PipelineTotals } from '../../../../shared/domain/leads/totals.ts';
import { Icon } from '../../../components/icon.tsx';
import type { InboxView } from './inbox-view.ts';
import { formatCentimesAsDinars } from './lead-marks.tsx';

export interface PipelineSummaryProps {
  totals: PipelineTotals;
  /** The leads « Sans réponse » (still « Nouveau » past their two working hours). */
  unanswered: number;
  view: InboxView;
  onChange: (changes: Partial<InboxView>) => void;
}

const contacts = (count: number) => ` ${count > 1 ? 'contacts' : 'contact'}`;

/**
 * « Suivi des contacts » above the list, on the phone as on the laptop: per status, how many
 * leads and the sum of their values (an accepted quote's net to pay, else the estimate); then the follow-ups due today and overdue, and
 * the leads « Sans réponse ».
 * Each one is also a filter of the list (pressed while it applies; the URL keeps it).
 */
export function PipelineSummary({ totals, unanswered, view, onChange }: PipelineSummaryProps) {
  const id = useId();
  return (
    <section className="pipeline-summary mb-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pipeline-summary-title">
        Suivi des contacts
      </h2>
      <ul className="pipeline-totals list-unstyled mb-0">
        {LEAD_STATUS_CODES.map((status) => {
          const total = totals.byStatus[status];
          return (
            <li key={status}>
              <button
                type="button"
                className="pipeline-total"
                aria-pressed={view.status === status}
                data-status={status}
                onClick={() => onChange({ status: view.status === status ? null : status })}
              >
                <span className="pipeline-total-label">{LEAD_STATUSES[status]}</span>{' '}
                <span className="pipeline-total-figures">
                  {/* « 2 · 150 000 DZD » seen; « 2 contacts, 150 000 DZD » heard. */}
                  {total.count.toLocaleString('fr-FR')}
                  <span className="visually-hidden">{contacts(total.count)},</span>
                  <span aria-hidden="true"> ·</span> {formatCentimesAsDinars(total.value)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="pipeline-views" role="group" aria-label="Relances">
        <button
          type="button"
          className="btn btn-outline-primary pipeline-view"
          aria-pressed={view.followUp === 'today'}
          onClick={() => onChange({ followUp: view.followUp === 'today' ? null : 'today' })}
        >
          <Icon name="calendar-event" />À relancer aujourd’hui{' '}
          <span
            className={
              view.followUp === 'today'
                ? 'badge rounded-pill text-bg-light'
                : 'badge rounded-pill text-bg-primary'
            }
          >
            {totals.dueToday}
          </span>
        </button>
        <button
          type="button"
          className="btn btn-outline-danger pipeline-view"
          aria-pressed={view.followUp === 'overdue'}
          onClick={() => onChange({ followUp: view.followUp === 'overdue' ? null : 'overdue' })}
        >
          <Icon name="clock" />
          En retard{' '}
          <span
            className={
              view.followUp === 'overdue'
                ? 'badge rounded-pill text-bg-light'
                : 'badge rounded-pill text-bg-danger'
            }
          >
            {totals.overdue}
          </span>
        </button>
        <button
          type="button"
          className="btn btn-outline-dark pipeline-view"
          aria-pressed={view.followUp === 'unanswered'}
          onClick={() =>
            onChange({ followUp: view.followUp === 'unanswered' ? null : 'unanswered' })
          }
        >
          <Icon name="envelope" />
          Sans réponse{' '}
          <span
            className={
              view.followUp === 'unanswered'
                ? 'badge rounded-pill text-bg-light'
                : 'badge rounded-pill text-bg-dark'
            }
          >
            {unanswered}
          </span>
        </button>
      </div>
    </section>
  );
}
