import { useCallback, useId } from 'react';
import { Link } from 'react-router-dom';
import type { InvoiceStore, QuoteStore } from '../../../../shared/backend/ports.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import {
  overdueInvoiceDetail,
  OVERDUE_INVOICES_TITLE,
  type OverdueInvoice,
} from '../../../../shared/domain/invoices/overdue.ts';
import { INVOICE_PARAM } from '../../../../shared/domain/routes.ts';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { formatAgencyDateTime } from '../../../../shared/domain/leads/agency-clock.ts';
import {
  AGENCY_TIME_ZONE,
  localDay,
  type WorkingHours,
} from '../../../../shared/domain/leads/business-hours.ts';
import {
  dailyDigest,
  UNOPENED_QUOTES_TITLE,
  type DigestLead,
} from '../../../../shared/domain/leads/follow-up.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import type { UnopenedQuote } from '../../../../shared/domain/quotes/unopened.ts';
import type { Lead } from '../../../../shared/domain/leads/pipeline.ts';
import { keptAsSpamOn } from '../../../../shared/domain/spam-day.ts';
import { Icon } from '../../../components/icon.tsx';
import { useLoaded } from '../../hooks/use-loaded.ts';
import { INVOICES_FOLDER } from '../invoices/invoice-routes.ts';
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

/** The sent quotes not opened 3 days on: number, client, day sent; each opens its lead. */
function QuoteGroup({
  quotes,
  onOpen,
}: {
  quotes: readonly UnopenedQuote[];
  onOpen: (leadId: string) => void;
}) {
  const id = useId();
  if (quotes.length === 0) return null;
  return (
    <section className="today-group bg-white rounded-3 shadow-sm mb-3" aria-labelledby={id}>
      <h3 id={id} className="h6 today-group-title">
        {UNOPENED_QUOTES_TITLE}{' '}
        <span className="badge rounded-pill text-bg-secondary">{quotes.length}</span>
      </h3>
      <ul className="list-unstyled mb-0">
        {quotes.map((quote) => (
          <li key={quote.id} className="today-item">
            <button type="button" className="today-open" onClick={() => onOpen(quote.leadId)}>
              <span className="today-name">
                {quote.number} · <bdi>{quote.client}</bdi>
              </span>
              <span className="today-when">
                Envoyé le{' '}
                <time dateTime={new Date(quote.sentAt).toISOString()}>
                  {formatAgencyDateTime(quote.sentAt)}
                </time>
                , pas encore ouvert
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The invoices « En retard »: number, client, what is left and since when; each opens in « Factures ». */
function InvoiceGroup({ invoices }: { invoices: readonly OverdueInvoice[] }) {
  const id = useId();
  if (invoices.length === 0) return null;
  return (
    <section className="today-group bg-white rounded-3 shadow-sm mb-3" aria-labelledby={id}>
      <h3 id={id} className="h6 today-group-title">
        {OVERDUE_INVOICES_TITLE}{' '}
        <span className="badge rounded-pill text-bg-secondary">{invoices.length}</span>
      </h3>
      <ul className="list-unstyled mb-0">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="today-item">
            <Link
              className="today-open"
              to={{
                search: `?${FOLDER_PARAM}=${INVOICES_FOLDER}&${INVOICE_PARAM}=${encodeURIComponent(invoice.id)}`,
              }}
            >
              <span className="today-name">
                {invoice.number} · <bdi>{invoice.client}</bdi>
              </span>
              <span className="today-when today-late">
                <Icon name="clock" className="me-1" />
                En retard : {overdueInvoiceDetail(invoice)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * « Aujourd’hui » (`?dossier=aujourdhui`): what the morning digest lists, live: the follow-ups
 * due today, the overdue ones, the leads « Sans réponse », the sent quotes not opened 3 days
 * on, the invoices « En retard », and how many messages were kept as spam today, with the way
 * to « Indésirables ». The selection is the digest's (`dailyDigest`,
 * shared/domain/leads/follow-up.ts), not a copy; each lead, and each quote's lead, opens in its
 * panel, each invoice in « Factures ».
 */
export function TodayView({
  messages,
  leads,
  spam,
  quotes: quoteStore,
  invoices: invoiceStore,
  now,
  hours,
  onOpen,
}: {
  messages: readonly ContactMessage[] | null;
  leads: ReadonlyMap<string, Lead>;
  /** The messages kept as spam, where the backend keeps them (null: not yet, or none). */
  spam: readonly { receivedAt: number | null }[] | null;
  /** The quotes, where the backend has them: those sent and not opened 3 days on are listed. */
  quotes?: Pick<QuoteStore, 'list'> | undefined;
  /** The invoices, where the backend has them: those « En retard » are listed. */
  invoices?: Pick<InvoiceStore, 'list'> | undefined;
  now: number;
  /** The working hours of « Réglages »: « Sans réponse » counts in them, as the digest does. */
  hours: WorkingHours;
  onOpen: (id: string) => void;
}) {
  // Every quote, read when the folder opens (none where the backend has no quotes).
  const loadQuotes = useCallback(
    (): Promise<readonly Quote[]> => (quoteStore ? quoteStore.list() : Promise.resolve([])),
    [quoteStore],
  );
  const { value: quotes, error: quotesError } = useLoaded(loadQuotes);
  const loadInvoices = useCallback(
    (): Promise<readonly Invoice[]> => (invoiceStore ? invoiceStore.list() : Promise.resolve([])),
    [invoiceStore],
  );
  const { value: invoices, error: invoicesError } = useLoaded(loadInvoices);
  if (messages === null) {
    return (
      <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        Chargement des messages…
      </div>
    );
  }
  const digest = dailyDigest(messages, leads, now, {
    hours,
    quotes: quotes ?? [],
    invoices: invoices ?? [],
  });
  const spamToday = spam ? keptAsSpamOn(spam, digest?.day ?? localDay(now)) : 0;
  // The quotes and invoices still on their way: « Rien à faire » would be said too soon.
  const loading = [
    Boolean(quoteStore) && quotes === null && quotesError === '' ? 'des devis' : null,
    Boolean(invoiceStore) && invoices === null && invoicesError === '' ? 'des factures' : null,
  ].filter((what) => what !== null);
  const failures = [
    quotesError && `Impossible de vérifier les devis non ouverts : ${quotesError}`,
    invoicesError && `Impossible de vérifier les factures en retard : ${invoicesError}`,
  ].filter(Boolean);
  const storesState =
    loading.length > 0 || failures.length > 0 ? (
      <>
        {loading.length > 0 && (
          <p className="d-flex align-items-center gap-2 text-body-secondary" role="status">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            Chargement {loading.join(' et ')}…
          </p>
        )}
        {failures.map((failure) => (
          <p key={failure} className="alert alert-danger" role="alert">
            {failure}
          </p>
        ))}
      </>
    ) : null;
  return (
    <section aria-labelledby="today-title" className="today-view">
      <h2 id="today-title" className="h4 mb-1">
        Aujourd’hui
      </h2>
      <p className="text-body-secondary mb-3">
        {capitalize(dayFormat.format(now))} : ce que le résumé du matin liste, à jour.
      </p>
      {digest === null && spamToday === 0 && storesState ? (
        storesState
      ) : digest === null && spamToday === 0 ? (
        <div className="text-center py-5 bg-white rounded-3 shadow-sm">
          <Icon name="check2-circle" size="3rem" className="text-body-secondary mb-3" />
          <p className="h5">Rien à faire aujourd’hui.</p>
          <p className="text-body-secondary mb-0">
            Aucune relance prévue ou en retard, aucun contact sans réponse, aucun devis resté sans
            être ouvert, aucune facture en retard.
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
              <QuoteGroup quotes={digest.unopenedQuotes} onOpen={onOpen} />
              <InvoiceGroup invoices={digest.overdueInvoices} />
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
          {storesState}
        </>
      )}
    </section>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);
}
