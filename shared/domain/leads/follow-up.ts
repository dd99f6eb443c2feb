import { keptAsSpamForDigest } from '../spam-day.ts';
import { z } from 'zod';
import {
  AGENCY_TIME_ZONE,
  localDay,
  stillNewReminderAt,
  type WorkingHours,
} from './business-hours.ts';
import { CLOSED_STATUSES, type Lead } from './pipeline.ts';
import { nameAndSubject, type SpamReason } from '../contact.ts';
import {
  unopenedQuoteSchema,
  unopenedQuotes,
  UNOPENED_QUOTE_DAYS,
  type UnopenedCandidate,
  type UnopenedQuote,
} from '../quotes/unopened.ts';
import {
  overdueInvoiceDetail,
  overdueInvoiceSchema,
  overdueInvoices,
  OVERDUE_INVOICES_TITLE,
  type OverdueCandidate,
  type OverdueInvoice,
} from '../invoices/overdue.ts';

/**
 * Where a lead's next action stands, by the Algiers calendar: « En retard » (a day before
 * today), « À relancer aujourd’hui » (today, whatever the hour), later, or none (no next
 * action, or a lead « Gagné » or « Perdu »).
 */
export type FollowUp = 'overdue' | 'today' | 'later' | 'none';

export const FOLLOW_UP_LABELS: Record<Exclude<FollowUp, 'none'>, string> = {
  overdue: 'En retard',
  today: 'À relancer aujourd’hui',
  later: 'À relancer plus tard',
};

export function followUpOf(
  lead: Pick<Lead, 'status' | 'nextActionAt'>,
  nowMs: number,
  timeZone = AGENCY_TIME_ZONE,
): FollowUp {
  if (lead.nextActionAt === null || CLOSED_STATUSES.includes(lead.status)) return 'none';
  const due = localDay(lead.nextActionAt, timeZone);
  const today = localDay(nowMs, timeZone);
  if (due < today) return 'overdue';
  return due === today ? 'today' : 'later';
}

/** Whether the time of a lead's next action has come (for its reminder). */
export function isNextActionDue(lead: Pick<Lead, 'status' | 'nextActionAt'>, nowMs: number) {
  return (
    lead.nextActionAt !== null &&
    !CLOSED_STATUSES.includes(lead.status) &&
    lead.nextActionAt <= nowMs
  );
}

/**
 * Whether a lead received at `receivedAt` and still « Nouveau » calls for its reminder at
 * `nowMs`: two hours of the working time of « Réglages » have passed. The one rule of « Sans
 * réponse », the « Toujours nouveau » reminder and the digest, on every backend and screen:
 * the working hours are always given (`workingHoursOf(settings)`), never assumed.
 */
export function isStillNewReminderDue(
  lead: Pick<Lead, 'status'>,
  receivedAt: number | null,
  nowMs: number,
  hours: WorkingHours,
  timeZone = AGENCY_TIME_ZONE,
): boolean {
  return (
    lead.status === 'nouveau' &&
    receivedAt !== null &&
    stillNewReminderAt(receivedAt, timeZone, hours) <= nowMs
  );
}

/**
 * Why a reminder queued for a lead no longer applies now that the lead is `lead` (null: it
 * still does), in French for the outbox's record: a « still Nouveau » reminder once the lead
 * was dealt with; a follow-up once the lead is won or lost, or its « Relancer le » was moved
 * or removed since the reminder fell due at `dueAt`.
 */
export function reminderMootReason(
  reason: 'follow-up' | 'still-new',
  lead: Pick<Lead, 'status' | 'nextActionAt'>,
  dueAt: number,
): string | null {
  if (reason === 'still-new') return lead.status === 'nouveau' ? null : 'contact déjà traité';
  if (CLOSED_STATUSES.includes(lead.status)) return 'contact gagné ou perdu';
  if (lead.nextActionAt !== dueAt) return 'relance déplacée ou retirée';
  return null;
}

const digestLeadSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  subject: z.string(),
  /** The next action's time, or for an unanswered lead its reception. */
  at: z.number().nullable(),
});

/** A lead as the digest names it. */
export type DigestLead = z.infer<typeof digestLeadSchema>;

/**
 * The daily digest (08:00 Algiers): what to do today. Null on a day with nothing in it. A
 * schema, because the embedded server keeps it in its outbox until it is sent.
 */
export const dailyDigestSchema = z.object({
  day: z.string(),
  dueToday: z.array(digestLeadSchema),
  overdue: z.array(digestLeadSchema),
  /** Still « Nouveau » and past their 2-hour reminder. */
  unanswered: z.array(digestLeadSchema),
  /**
   * Messages kept as spam in the 24 hours before the digest (keptAsSpamForDigest); 0 in a
   * digest queued before it was counted.
   */
  keptAsSpam: z.number().int().nonnegative().default(0),
  /**
   * Sent quotes the client has not opened 3 days on (`unopenedQuotes`, quotes/unopened.ts),
   * oldest first; none in a digest queued before they were listed.
   */
  unopenedQuotes: z.array(unopenedQuoteSchema).default([]),
  /**
   * Issued invoices past their due date with something left to pay (`overdueInvoices`,
   * invoices/overdue.ts), oldest due date first; none in a digest queued before they were listed.
   */
  overdueInvoices: z.array(overdueInvoiceSchema).default([]),
});
export type DailyDigest = z.infer<typeof dailyDigestSchema>;

export interface DigestMessage {
  id: string;
  fullName: string;
  subject: string;
  receivedAt: number | null;
}

/**
 * The digest for `nowMs` of these messages and their pipelines (a message without one is a
 * lead « Nouveau »): follow-ups due today, overdue ones (oldest first), leads still
 * unanswered two working hours after they arrived (oldest first), and the sent quotes not
 * opened 3 days on (`unopenedQuotes`), of the leads among `messages` that are neither
 * « Gagné » nor « Perdu » (a lead deleted, kept as spam or closed needs no call), and the
 * invoices « En retard » (`overdueInvoices`), whatever their lead: a won lead is the one that
 * pays, and an invoice outlives its deleted message. Null when all are empty:
 * no digest is sent that day. `unansweredSince` is the cut-off: a message received before it
 * (before reminders existed) is never listed as unanswered, or every message of the years
 * before the pipeline would be, every day (docs/inbox.md).
 */
export function dailyDigest(
  messages: readonly DigestMessage[],
  leads: ReadonlyMap<string, Pick<Lead, 'status' | 'nextActionAt'>>,
  nowMs: number,
  {
    hours,
    unansweredSince = Number.NEGATIVE_INFINITY,
    timeZone = AGENCY_TIME_ZONE,
    spam = [],
    quotes = [],
    invoices = [],
  }: {
    /** The working hours of « Réglages » (`workingHoursOf`). */
    hours: WorkingHours;
    unansweredSince?: number;
    timeZone?: string;
    /**
     * The messages kept as spam (their reception and reason), counted in the digest; those the
     * owner marked are not (keptAsSpamForDigest).
     */
    spam?: readonly { receivedAt: number | null; spamReason?: SpamReason | undefined }[];
    /** The quotes (every one, or the sent ones never opened): the rule picks. */
    quotes?: readonly UnopenedCandidate[];
    /** The issued invoices (every one, or those past their due date): the rule picks. */
    invoices?: readonly OverdueCandidate[];
  },
): DailyDigest | null {
  const digest: DailyDigest = {
    day: localDay(nowMs, timeZone),
    dueToday: [],
    overdue: [],
    unanswered: [],
    keptAsSpam: keptAsSpamForDigest(spam, nowMs),
    unopenedQuotes: [],
    overdueInvoices: overdueInvoices(invoices, nowMs, { timeZone }),
  };
  const open = new Set<string>();
  for (const message of messages) {
    const lead = leads.get(message.id) ?? { status: 'nouveau', nextActionAt: null };
    const named = { id: message.id, fullName: message.fullName, subject: message.subject };
    const followUp = followUpOf(lead, nowMs, timeZone);
    if (!CLOSED_STATUSES.includes(lead.status)) open.add(message.id);
    if (followUp === 'today') digest.dueToday.push({ ...named, at: lead.nextActionAt });
    if (followUp === 'overdue') digest.overdue.push({ ...named, at: lead.nextActionAt });
    const afterCutOff = message.receivedAt !== null && message.receivedAt >= unansweredSince;
    if (afterCutOff && isStillNewReminderDue(lead, message.receivedAt, nowMs, hours, timeZone)) {
      digest.unanswered.push({ ...named, at: message.receivedAt });
    }
  }
  const byTime = (a: DigestLead, b: DigestLead) => (a.at ?? 0) - (b.at ?? 0);
  digest.dueToday.sort(byTime);
  digest.overdue.sort(byTime);
  digest.unanswered.sort(byTime);
  digest.unopenedQuotes = unopenedQuotes(
    quotes.filter((quote) => open.has(quote.leadId)),
    nowMs,
    { timeZone },
  );
  const empty =
    digest.dueToday.length === 0 &&
    digest.overdue.length === 0 &&
    digest.unanswered.length === 0 &&
    digest.unopenedQuotes.length === 0 &&
    digest.overdueInvoices.length === 0 &&
    digest.keptAsSpam === 0;
  return empty ? null : digest;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('fr-FR')} ${n === 1 ? one : many}`;

/** The digest's e-mail subject, in French: « 2 relances aujourd’hui, 1 en retard, 3 sans réponse ». */
export function digestSubject(digest: DailyDigest): string {
  const parts: string[] = [];
  if (digest.dueToday.length > 0) {
    parts.push(`${count(digest.dueToday.length, 'relance', 'relances')} aujourd’hui`);
  }
  if (digest.overdue.length > 0)
    parts.push(`${digest.overdue.length.toLocaleString('fr-FR')} en retard`);
  if (digest.unanswered.length > 0) {
    parts.push(`${digest.unanswered.length.toLocaleString('fr-FR')} sans réponse`);
  }
  if (digest.unopenedQuotes.length > 0) {
    parts.push(count(digest.unopenedQuotes.length, 'devis non ouvert', 'devis non ouverts'));
  }
  if (digest.overdueInvoices.length > 0) {
    parts.push(count(digest.overdueInvoices.length, 'facture en retard', 'factures en retard'));
  }
  if (digest.keptAsSpam > 0) {
    parts.push(count(digest.keptAsSpam, 'indésirable', 'indésirables'));
  }
  return `Votre journée : ${parts.join(', ')}`;
}

/** « 2 messages gardés comme indésirables en 24 heures : vérifiez qu’aucun client n’y est tombé. » */
export function keptAsSpamSentence(keptAsSpam: number): string {
  return `${count(keptAsSpam, 'message gardé comme indésirable', 'messages gardés comme indésirables')} en 24 heures : vérifiez qu’aucun client n’y est tombé.`;
}

/** The title of the unopened quotes, in the digest and « Aujourd’hui ». */
export const UNOPENED_QUOTES_TITLE = `Devis pas encore ouverts, envoyés il y a ${UNOPENED_QUOTE_DAYS} jours ou plus`;

/** A quote's day of sending as the digest writes it: « 26/11/2026 » (Algiers). */
export function sentDay(sentAt: number, timeZone = AGENCY_TIME_ZONE): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone, dateStyle: 'short' }).format(sentAt);
}

/** « DEV-2026-0001 — Transport Oran Sud (envoyé le 26/11/2026) », as the digest lists it. */
export function unopenedQuoteLine(quote: UnopenedQuote, timeZone = AGENCY_TIME_ZONE): string {
  return `${nameAndSubject(quote.number, quote.client)} (envoyé le ${sentDay(quote.sentAt, timeZone)})`;
}

/** « FAC-2026-0001 — Transport Oran Sud (reste à payer 83 300,00 DA, échue le 26/11/2026) ». */
export function overdueInvoiceLine(invoice: OverdueInvoice): string {
  return `${nameAndSubject(invoice.number, invoice.client)} (${overdueInvoiceDetail(invoice)})`;
}

/**
 * The digest as plain text, section by section, each lead « NOM — SUJET » with its time, each
 * unopened quote « NUMÉRO — CLIENT (envoyé le …) ».
 */
export function digestText(digest: DailyDigest, timeZone = AGENCY_TIME_ZONE): string {
  const time = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const section = (title: string, leads: DigestLead[]) =>
    leads.length === 0
      ? []
      : [
          title,
          ...leads.map(
            (lead) =>
              `- ${nameAndSubject(lead.fullName, lead.subject)}${lead.at === null ? '' : ` (${time.format(lead.at)})`}`,
          ),
          '',
        ];
  return [
    ...section('À relancer aujourd’hui :', digest.dueToday),
    ...section('En retard :', digest.overdue),
    ...section('Sans réponse depuis plus de 2 heures ouvrées :', digest.unanswered),
    ...(digest.unopenedQuotes.length === 0
      ? []
      : [
          `${UNOPENED_QUOTES_TITLE} :`,
          ...digest.unopenedQuotes.map((quote) => `- ${unopenedQuoteLine(quote, timeZone)}`),
          '',
        ]),
    ...(digest.overdueInvoices.length === 0
      ? []
      : [
          `${OVERDUE_INVOICES_TITLE} :`,
          ...digest.overdueInvoices.map((invoice) => `- ${overdueInvoiceLine(invoice)}`),
          '',
        ]),
    ...(digest.keptAsSpam > 0 ? [keptAsSpamSentence(digest.keptAsSpam), ''] : []),
  ]
    .join('\n')
    .trimEnd();
}
