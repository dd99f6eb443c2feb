import type { ContactLanguage, ContactMessage } from '../contact.ts';
import { LEAD_SOURCES, type Lead, type LeadStatus } from './pipeline.ts';
import { UTM_PARAMETERS, type UtmField } from '../provenance.ts';
import type { WhatsappTap } from '../whatsapp-taps.ts';

/**
 * Where a lead comes from, in the owner's words (docs/inbox.md, « La provenance »): the rows of
 * « Provenance » in the message panel, the CSV's columns, and the « Sources » summary.
 */

/** The language of the page a message was sent from, as a French sentence names it. */
export const PAGE_LANGUAGE_NAMES: Record<ContactLanguage, string> = {
  fr: 'en français',
  ar: 'en arabe',
};

/** How each utm_* is named in the panel: its meaning, then the parameter itself. */
export const UTM_LABELS: Record<UtmField, string> = {
  utmSource: `Source (${UTM_PARAMETERS.utmSource})`,
  utmMedium: `Support (${UTM_PARAMETERS.utmMedium})`,
  utmCampaign: `Campagne (${UTM_PARAMETERS.utmCampaign})`,
};

/** Said when a form message came with no referring site: typed, a bookmark, an app. */
export const DIRECT_VISIT = 'Aucun (accès direct)';

export interface ProvenanceRow {
  label: string;
  value: string;
}

/**
 * The « Provenance » rows of a message: its page and that page's language, the referring site
 * (or a direct visit), and each utm_* it came with. Null when nothing of it was recorded (a
 * message received before, or sent to the API by another program).
 */
export function provenanceOf(message: ContactMessage): ProvenanceRow[] | null {
  const { pagePath, referrer } = message;
  const utm = (Object.keys(UTM_LABELS) as UtmField[]).filter((field) => message[field] !== null);
  if (pagePath === null && referrer === null && utm.length === 0) return null;
  const rows: ProvenanceRow[] = [];
  if (pagePath !== null) {
    rows.push({ label: 'Page', value: `${pagePath} (${PAGE_LANGUAGE_NAMES[message.language]})` });
  }
  rows.push({ label: 'Site référent', value: referrer ?? DIRECT_VISIT });
  for (const field of utm) rows.push({ label: UTM_LABELS[field], value: message[field] ?? '' });
  return rows;
}

// ---- the « Sources » summary --------------------------------------------------------------

/** The periods the summary covers, in days back from now. */
export const SOURCES_PERIODS_DAYS = [30, 90] as const;
export type SourcesPeriod = (typeof SOURCES_PERIODS_DAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Said of a message whose provenance was not recorded (received before, or from the API). */
export const UNKNOWN_SOURCE = 'Non enregistrée';
/** The « page » of a lead the owner typed in: it was sent from no page of the site. */
export const TYPED_IN_PAGE = 'Saisi à la main';
/** Said of a message sent from the site by a visitor who came with no referrer or campaign. */
export const DIRECT_SOURCE = 'Accès direct';

/**
 * Where a lead came from, in one word for the summary: how the owner received a lead they
 * typed in (« Téléphone », « WhatsApp », « Visite », « Autre »); for a message from the site,
 * the campaign's utm_source when it had one (« facebook »), else the referring site without
 * its « www. » (« google.com »), else a direct visit; « Non enregistrée » when nothing of it
 * was recorded.
 */
export function leadSourceOf(message: ContactMessage): string {
  if (message.source !== 'formulaire') return LEAD_SOURCES[message.source];
  if (message.utmSource !== null) return message.utmSource;
  if (message.referrer !== null) return message.referrer.replace(/^www\./, '');
  return message.pagePath === null ? UNKNOWN_SOURCE : DIRECT_SOURCE;
}

/**
 * Whether each status says the owner reached the lead (« Perdu » may or may not have): one
 * answer per status, so that a status added to the pipeline is asked for here by the compiler
 * instead of being left out of « contactés ».
 */
const REACHES: Record<LeadStatus, boolean> = {
  nouveau: false,
  contacte: true,
  'devis-envoye': true,
  gagne: true,
  perdu: false,
};
const REACHED = (status: LeadStatus): boolean => REACHES[status];

/**
 * When the owner first answered the lead: its first reply sent from a shortcut, or its first
 * move to « Contacté », « Devis envoyé » or « Gagné », whichever came first; null if neither.
 */
export function firstReplyAt(lead: Pick<Lead, 'timeline'> | undefined): number | null {
  let first: number | null = null;
  for (const event of lead?.timeline ?? []) {
    const answered = event.type === 'reply' || (event.type === 'status' && REACHED(event.status));
    if (answered && (first === null || event.at < first)) first = event.at;
  }
  return first;
}

/** One row of the summary: a source or a page, over the period. */
export interface SourcesRow {
  label: string;
  leads: number;
  /** Answered at least once (a reply, or a move to « Contacté » or beyond). */
  contacted: number;
  /** « Gagné » now. */
  won: number;
  /** Won over leads, between 0 and 1. */
  conversion: number;
  /** The median time from reception to the first answer, over the leads answered; or null. */
  medianFirstReplyMs: number | null;
  /** Taps on the public pages' WhatsApp buttons (docs/inbox.md), from this source or page. */
  whatsappTaps: number;
}

export interface SourcesSummary {
  days: SourcesPeriod;
  /** Every lead of the period, all sources together. */
  total: SourcesRow;
  bySource: SourcesRow[];
  byPage: SourcesRow[];
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Where a WhatsApp tap came from, as `leadSourceOf` names a form message's: the campaign's
 * utm_source, else the referring site without « www. », else a direct visit.
 */
export function tapSourceOf(tap: WhatsappTap): string {
  if (tap.utmSource !== null) return tap.utmSource;
  if (tap.referrer !== null) return tap.referrer.replace(/^www\./, '');
  return DIRECT_SOURCE;
}

function rowOf(
  label: string,
  entries: { message: ContactMessage; lead?: Lead }[],
  whatsappTaps = 0,
): SourcesRow {
  const delays: number[] = [];
  let contacted = 0;
  let won = 0;
  for (const { message, lead } of entries) {
    const answered = firstReplyAt(lead);
    if (answered !== null || (lead !== undefined && REACHED(lead.status))) contacted += 1;
    if (lead?.status === 'gagne') won += 1;
    // A lead the owner typed in was answered as it was met (its « Contacté » has its very
    // time): only the site's messages measure how long a visitor waits for an answer.
    if (answered !== null && message.receivedAt !== null && message.source === 'formulaire') {
      delays.push(Math.max(0, answered - message.receivedAt));
    }
  }
  return {
    label,
    leads: entries.length,
    contacted,
    won,
    conversion: entries.length === 0 ? 0 : won / entries.length,
    medianFirstReplyMs: median(delays),
    whatsappTaps,
  };
}

function grouped(
  entries: { message: ContactMessage; lead?: Lead }[],
  key: (message: ContactMessage) => string,
  taps: readonly WhatsappTap[],
  tapKey: (tap: WhatsappTap) => string,
): SourcesRow[] {
  const groups = new Map<string, { message: ContactMessage; lead?: Lead }[]>();
  for (const entry of entries) {
    const label = key(entry.message);
    groups.set(label, [...(groups.get(label) ?? []), entry]);
  }
  const tapCounts = new Map<string, number>();
  for (const tap of taps) {
    const label = tapKey(tap);
    tapCounts.set(label, (tapCounts.get(label) ?? 0) + 1);
    // A source or page that brought taps but no lead still has its row.
    if (!groups.has(label)) groups.set(label, []);
  }
  return [...groups]
    .map(([label, members]) => rowOf(label, members, tapCounts.get(label) ?? 0))
    .sort(
      (a, b) =>
        b.leads - a.leads ||
        b.whatsappTaps - a.whatsappTaps ||
        a.label.localeCompare(b.label, 'fr'),
    );
}

/**
 * The « Sources » summary of the inbox at `nowMs`: the leads received in the last `days` days
 * (a message without its reception time is left out), per source and per page, with how many
 * were contacted and won, the conversion rate and the median time to the first answer; and
 * beside them the taps on the pages' WhatsApp buttons in the same days, per source and per
 * page (a tap is no lead: a chat may or may not follow, and the owner types in the lead it
 * brings, with the source « WhatsApp »).
 */
export function sourcesSummary(
  messages: readonly ContactMessage[],
  leads: ReadonlyMap<string, Lead>,
  nowMs: number,
  days: SourcesPeriod,
  whatsappTaps: readonly WhatsappTap[] = [],
): SourcesSummary {
  const since = nowMs - days * DAY_MS;
  const taps = whatsappTaps.filter((tap) => tap.at > since);
  const entries = messages
    .filter((message) => message.receivedAt !== null && message.receivedAt > since)
    .map((message) => {
      const lead = leads.get(message.id);
      return lead ? { message, lead } : { message };
    });
  return {
    days,
    total: rowOf('Tous', entries, taps.length),
    bySource: grouped(entries, leadSourceOf, taps, tapSourceOf),
    // The site's pages, and one row for the leads typed in, sent from none: the rows add up to
    // the total (they were left out, and 7 rows made a total of 8). A WhatsApp tap counts under
    // the page it was tapped on.
    byPage: grouped(
      entries,
      (message) =>
        message.source === 'formulaire' ? (message.pagePath ?? UNKNOWN_SOURCE) : TYPED_IN_PAGE,
      taps,
      (tap) => tap.pagePath ?? UNKNOWN_SOURCE,
    ),
  };
}

/** A duration as the summary says it: « 45 min », « 3 h 20 min », « 2 j 4 h ». */
export function formatDelay(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} j` : `${days} j ${hours % 24} h`;
}
