import { formatAgencyDateTime } from '../../../../shared/domain/leads/agency-clock.ts';
import { FOLLOW_UP_LABELS, type FollowUp } from '../../../../shared/domain/leads/follow-up.ts';
import { Icon } from '../../../components/icon.tsx';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { LEAD_SOURCES } from '../../../../shared/domain/leads/pipeline.ts';
import { splitDinars, type Centimes } from '../../../../shared/domain/quotes/money.ts';

const dinars = new Intl.NumberFormat('fr-FR');

/** Whole dinars as the dashboard writes them: « 150 000 DZD ». */
export function formatDinars(value: number): string {
  return `${dinars.format(value)} DZD`;
}

const withCentimes = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A total in centimes as « Suivi des contacts » writes it: « 361 956 DZD » for whole dinars,
 * « 361 956,50 DZD » when an accepted quote's net to pay has centimes.
 */
export function formatCentimesAsDinars(value: Centimes): string {
  const { dinars: whole, centimes } = splitDinars(value);
  if (centimes === 0n) return `${dinars.format(whole)} DZD`;
  const decimal = `${whole}.${String(centimes).padStart(2, '0')}` as `${number}`;
  return `${withCentimes.format(decimal)} DZD`;
}

/** A date and time as « Suivi » writes them, in Algiers time: « 28 nov. 2026, 17:40 ». */
export const formatLeadDate = formatAgencyDateTime;

// Whole class names, for the build's unused-CSS pass (vite.config.ts).
const FOLLOW_UP_CLASSES = {
  overdue: 'badge lead-follow-up lead-follow-up-overdue',
  today: 'badge lead-follow-up lead-follow-up-today',
} as const;

/**
 * « En retard » (red, with a clock) or « À relancer aujourd’hui » (amber): said in words, not
 * by colour alone. Nothing for a follow-up later or none.
 */
export function FollowUpBadge({
  followUp,
  className = '',
}: {
  followUp: FollowUp;
  className?: string;
}) {
  if (followUp !== 'overdue' && followUp !== 'today') return null;
  return (
    <span className={`${FOLLOW_UP_CLASSES[followUp]} ${className}`.trim()}>
      {followUp === 'overdue' && <Icon name="clock" className="me-1" />}
      {FOLLOW_UP_LABELS[followUp]}
    </span>
  );
}

/**
 * « Sans réponse »: still « Nouveau » two working hours after it arrived (the reminder
 * « Toujours nouveau » and the digest say it too). In words, with an icon, not by colour alone.
 */
export function UnansweredBadge({ unanswered }: { unanswered: boolean }) {
  if (!unanswered) return null;
  return (
    <span className="badge lead-follow-up lead-follow-up-unanswered">
      <Icon name="envelope" className="me-1" />
      Sans réponse
    </span>
  );
}

/**
 * Where a lead the owner typed in came from (« Nouveau contact »): « Téléphone », « WhatsApp »,
 * « Visite », « Autre », in words, beside its service; nothing for a message from the site.
 */
export function TypedInSource({ message }: { message: ContactMessage }) {
  if (message.source === 'formulaire') return null;
  return (
    <span className="typed-in-source">
      <span className="visually-hidden">Source : </span>
      {LEAD_SOURCES[message.source]}
    </span>
  );
}
