import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { formatAgencyDateTime } from '../../../../shared/domain/leads/agency-clock.ts';
import {
  AGENCY_TIME_ZONE,
  localDay,
  type WorkingHours,
} from '../../../../shared/domain/leads/business-hours.ts';
import { dailyDigest, type DigestLead } from '../../../../shared/domain/leads/follow-up.ts';
import type { Lead } from '../../../../shared/domain/leads/pipeline.ts';
import { keptAsSpamOn } from '../../../../shared/domain/spam-day.ts';
import { Icon } from '../../../components/icon.tsx';
import { FOLDER_PARAM, SPAM_FOLDER } from '../quotes/quote-routes.ts';

const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: AGENCY_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

function LeadGroup({
  title,
  when,
  leads,
  onOpen,
}: {
  title: string;
  /** How the time of each lead reads: « Relance prévue le … », « Reçu le … ». */
  when: string;
  leads: readonly DigestLead[];
  onOpen: (id: string) => void;
}) {
  const id = useId();
  if (leads.length === 0) return null;
  return (
    <section className="today-group bg-white rounded-3 shadow-sm mb-3" aria-labelledby={id}>
      <h3 id={id} className="h6 today-group-title">
        {title} <span className="badge rounded-pill text-bg-secondary">{leads.length}</span>
      </h3>
      <ul className="list-unstyled mb-0">
        {leads.map((lead) => (
          <li key={lead.id} className="today-item">
            <button type="button" className="today-open" onClick={() => onOpen(lead.id)}>
              <span className="today-name" dir="auto">
                {lead.fullName}
              </span>
              {lead.subject && (
                <span className="today-subject" dir="auto">
                  {lead.subject}
                </span>
              )}
              {lead.at !== null && (
                <span className="today-when">
                  {when}{' '}
                  <time dateTime={new Date(lead.at).toISOString()}>
                    {formatAgencyDateTime(lead.at)}
                  </time>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * « Aujourd’hui » (`?dossier=aujourdhui`): what the morning digest lists, live: the follow-ups
 * due today, the overdue ones, the leads « Sans réponse », and how many messages were kept as
 * spam today, with the way to « Indésirables ». The selection is the digest's
 * (`dailyDigest`, shared/domain/leads/follow-up.ts), not a copy; each lead opens in its panel.
 */
export function TodayView({
  messages,
  leads,
  spam,
  now,
  hours,
  onOpen,
}: {
  messages: readonly ContactMessage[] | null;
  leads: ReadonlyMap<string, Lead>;
  /** The messages kept as spam, where the backend keeps them (null: not yet, or none). */
  spam: readonly { receivedAt: number | null }[] | null;
  now: number;
  /** The working hours of « Réglages »: « Sans réponse » counts in them, as the digest does. */
  hours: WorkingHours;
  onOpen: (id: string) => void;
}) {
  if (messages === null) {
    return (
      <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        Chargement des messages…
      </div>
    );
  }
  const digest = dailyDigest(messages, leads, now, { hours });
  const spamToday = spam ? keptAsSpamOn(spam, digest?.day ?? localDay(now)) : 0;
  return (
    <section aria-labelledby="today-title" className="today-view">
      <h2 id="today-title" className="h4 mb-1">
        Aujourd’hui
      </h2>
      <p className="text-body-secondary mb-3">
        {capitalize(dayFormat.format(now))} : ce que le résumé du matin liste, à jour.
      </p>
      {digest === null && spamToday === 0 ? (
        <div className="text-center py-5 bg-white rounded-3 shadow-sm">
          <Icon name="check2-circle" size="3rem" className="text-body-secondary mb-3" />
          <p className="h5">Rien à faire aujourd’hui.</p>
          <p className="text-body-secondary mb-0">
            Aucune relance prévue ou en retard, aucun contact sans réponse.
          </p>
        </div>
      ) : (
        <>
          {digest && (
            <>
              <LeadGroup
                title="À relancer aujourd’hui"
                when="Relance prévue le"
                leads={digest.dueToday}
                onOpen={onOpen}
              />
              <LeadGroup
                title="En retard"
                when="Relance prévue le"
                leads={digest.overdue}
                onOpen={onOpen}
              />
              <LeadGroup
                title="Sans réponse depuis plus de 2 heures ouvrées"
                when="Reçu le"
                leads={digest.unanswered}
                onOpen={onOpen}
              />
            </>
          )}
          {spamToday > 0 && (
            <p className="today-spam bg-white rounded-3 shadow-sm">
              <Icon name="shield-exclamation" className="me-2" />
              {spamToday === 1
                ? '1 message gardé comme indésirable aujourd’hui : '
                : `${spamToday} messages gardés comme indésirables aujourd’hui : `}
              <Link to={{ search: `?${FOLDER_PARAM}=${SPAM_FOLDER}` }}>
                vérifiez qu’aucun client n’y est tombé
              </Link>
              .
            </p>
          )}
        </>
      )}
    </section>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);
}
