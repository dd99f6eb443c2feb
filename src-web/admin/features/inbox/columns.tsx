import type { ReactNode } from 'react';
import { NOT_GIVEN, type ContactMessage } from '../../../../shared/domain/contact.ts';
import { followUpOf, isStillNewReminderDue } from '../../../../shared/domain/leads/follow-up.ts';
import {
  CLOSED_STATUSES,
  LEAD_STATUSES,
  LOST_REASONS,
  type Lead,
  type ReplyChannel,
} from '../../../../shared/domain/leads/pipeline.ts';
import type { WorkingHours } from '../../../../shared/domain/leads/business-hours.ts';
import { leadSourceOf } from '../../../../shared/domain/leads/sources.ts';
import { displayPhone } from '../../../../shared/domain/phone.ts';
import { UTM_PARAMETERS, type UtmField } from '../../../../shared/domain/provenance.ts';
import { formatReceivedAt } from './format-message.ts';
import { LANGUAGE_LABELS, LanguageMark } from './language-mark.tsx';
import { FollowUpBadge, TypedInSource, UnansweredBadge } from './lead-marks.tsx';
import { mailtoHref, senderPhone } from './reply-links.ts';

/**
 * The inbox's columns, written once: each one's header, its width and cell in the dashboard's
 * table (messages-table.tsx), and its value in the CSV export (export-csv.ts). A field added
 * to the message gets its column here (docs/architecture.md, « Ajouter un champ au message »).
 */

/** What a row of the table gives its cells besides the message. */
export interface RowContext {
  /** Its number in the # column (the rows of page 2 start at 51). */
  number: number;
  selected?: ReadonlySet<string> | undefined;
  onToggleSelected?: ((id: string) => void) | undefined;
  onOpen?: ((message: ContactMessage) => void) | undefined;
  /** The message's lead and the time (« En retard »), where the backend has a pipeline. */
  lead?: { lead: Lead; now: number; hours: WorkingHours } | undefined;
  /** A reply shortcut (e-mail, call) was used: it goes on the lead's timeline. */
  onReply?: ((message: ContactMessage, channel: ReplyChannel) => void) | undefined;
}

export interface InboxColumn {
  /** The header, word for word (docs/architecture.md, « Tableau de bord »). */
  header: string;
  /**
   * The cell's text in the CSV export; `number` is the message's place in the export, `lead`
   * its pipeline (« Nouveau » when nothing was recorded).
   */
  csv: (message: ContactMessage, number: number, lead: Lead) => string;
  /** In the dashboard's table; absent, the column is in the export only. */
  table?: {
    /**
     * Its width, the table's layout being fixed so that every column stays on screen whatever
     * a message holds; absent, the column takes what the others leave.
     */
    width?: string;
    /** The row's header cell (`<th scope="row">`) rather than a data cell. */
    rowHeader?: boolean;
    className?: string;
    /** The cell's content, rendered as text, never as markup. */
    cell: (message: ContactMessage, row: RowContext) => ReactNode;
  };
}

/** A text cut after two lines (three for the message), whole in its tooltip. */
function Clamped({ text, className = 'cell-clamp' }: { text: string; className?: string }) {
  return (
    <div className={className} title={text} dir="auto">
      {text}
    </div>
  );
}

// The # (selection box, number, unread dot), Service, Téléphone and the date (day, then time
// under it) are short; name, e-mail and subject share the rest with the message.
export const INBOX_COLUMNS: readonly InboxColumn[] = [
  {
    header: '#',
    csv: (_, number) => String(number),
    table: {
      width: '5rem',
      rowHeader: true,
      className: 'text-nowrap',
      cell: (message, { number, selected, onToggleSelected }) => (
        <>
          {onToggleSelected && (
            <input
              type="checkbox"
              className="form-check-input me-1"
              checked={selected?.has(message.id) ?? false}
              onChange={() => onToggleSelected(message.id)}
              aria-label={`Sélectionner le message de ${message.fullName}`}
            />
          )}
          {number}
          {!message.read && (
            <>
              <span className="unread-dot ms-1" aria-hidden="true" />
              <span className="visually-hidden"> (non lu)</span>
            </>
          )}
        </>
      ),
    },
  },
  {
    header: 'Nom Complet',
    csv: (message) => message.fullName,
    table: {
      width: '15%',
      cell: (message, { onOpen, lead }) => (
        <>
          {onOpen ? (
            <button
              type="button"
              className="btn btn-link p-0 text-start message-open"
              onClick={() => onOpen(message)}
            >
              <span className="cell-clamp" title={message.fullName} dir="auto">
                {message.fullName}
              </span>
            </button>
          ) : (
            <Clamped text={message.fullName} />
          )}
          {lead && (
            // The lead's status, and « En retard » or « À relancer aujourd’hui » in words.
            <div className="cell-lead">
              <span className="visually-hidden">Statut : </span>
              <span className="cell-lead-status">{LEAD_STATUSES[lead.lead.status]}</span>
              <FollowUpBadge followUp={followUpOf(lead.lead, lead.now)} />
              <UnansweredBadge
                unanswered={isStillNewReminderDue(
                  lead.lead,
                  message.receivedAt,
                  lead.now,
                  lead.hours,
                )}
              />
            </div>
          )}
        </>
      ),
    },
  },
  {
    header: 'Service',
    csv: (message) => message.service ?? '',
    table: {
      width: '8rem',
      cell: (message) => (
        <>
          <LanguageMark language={message.language} /> {message.service ?? ''}{' '}
          <TypedInSource message={message} />
        </>
      ),
    },
  },
  {
    header: 'Email',
    csv: (message) => message.email ?? '',
    table: {
      width: '17%',
      cell: (message, { onReply }) =>
        message.email === null ? (
          <span className="cell-not-given">{NOT_GIVEN}</span>
        ) : (
          <a
            className="cell-ellipsis"
            href={mailtoHref(message)}
            title={message.email}
            onClick={() => onReply?.(message, 'email')}
          >
            {message.email}
          </a>
        ),
    },
  },
  {
    header: 'Téléphone',
    csv: (message) => displayPhone(message.phone),
    table: {
      width: '8rem',
      cell: (message, { onReply }) => {
        if (message.phone === null) return <span className="cell-not-given">{NOT_GIVEN}</span>;
        const phone = senderPhone(message);
        return phone.call ? (
          <a
            className="cell-ellipsis"
            href={phone.call}
            title={phone.display}
            onClick={() => onReply?.(message, 'appel')}
          >
            {phone.display}
          </a>
        ) : (
          <div className="cell-ellipsis" title={phone.display}>
            {phone.display}
          </div>
        );
      },
    },
  },
  {
    header: 'Sujet',
    csv: (message) => message.subject,
    table: { width: '16%', cell: (message) => <Clamped text={message.subject} /> },
  },
  {
    header: 'Message',
    csv: (message) => message.message,
    table: {
      cell: (message) => <Clamped text={message.message} className="cell-clamp message-clamp" />,
    },
  },
  {
    header: "Date d'Enregistrement",
    csv: (message) => formatReceivedAt(message.receivedAt),
    table: { width: '9rem', cell: (message) => formatReceivedAt(message.receivedAt) },
  },
  // In the export only, last, so that the columns before keep their place.
  { header: 'Statut', csv: (message) => (message.read ? 'Lu' : 'Non lu') },
  // As the dashboard marks it.
  { header: 'Langue', csv: (message) => LANGUAGE_LABELS[message.language].mark },
  // The lead (docs/inbox.md, « Le suivi des contacts »): its status (« Perdu » with its
  // reason), since when (its reception while it was never changed), the next action while it
  // is open, and the estimated value in whole dinars, digits only so that a spreadsheet adds
  // them up.
  {
    header: 'Suivi',
    csv: (_, __, lead) =>
      lead.status === 'perdu' && lead.lostReason
        ? `${LEAD_STATUSES.perdu} (${LOST_REASONS[lead.lostReason].toLocaleLowerCase('fr')})`
        : LEAD_STATUSES[lead.status],
  },
  {
    header: 'Suivi depuis le',
    csv: (message, _, lead) => formatReceivedAt(lead.statusChangedAt ?? message.receivedAt),
  },
  {
    header: 'Relancer le',
    csv: (_, __, lead) =>
      lead.nextActionAt === null || CLOSED_STATUSES.includes(lead.status)
        ? ''
        : formatReceivedAt(lead.nextActionAt),
  },
  {
    header: 'Valeur estimée (DZD)',
    csv: (_, __, lead) => (lead.estimatedValue === null ? '' : String(lead.estimatedValue)),
  },
  // Where it comes from (docs/inbox.md, « La provenance »): empty when not known.
  { header: 'Page', csv: (message) => message.pagePath ?? '' },
  { header: 'Site référent', csv: (message) => message.referrer ?? '' },
  ...(Object.keys(UTM_PARAMETERS) as UtmField[]).map((field): InboxColumn => ({
    header: UTM_PARAMETERS[field],
    csv: (message) => message[field] ?? '',
  })),
  // Where the lead came from, as the « Sources » summary names it: « Téléphone » for a lead
  // typed in (« Nouveau contact »), « facebook », « google.com », « Accès direct »…
  { header: 'Source', csv: (message) => leadSourceOf(message) },
];

/** The columns of the dashboard's table, in order. */
export const TABLE_COLUMNS = INBOX_COLUMNS.flatMap((column) =>
  column.table ? [{ header: column.header, ...column.table }] : [],
);

/** The dashboard's column headers, word for word (docs/architecture.md). */
export const DASHBOARD_COLUMNS: readonly string[] = TABLE_COLUMNS.map((column) => column.header);
