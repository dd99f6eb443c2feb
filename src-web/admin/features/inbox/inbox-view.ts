import {
  CONTACT_LANGUAGES,
  CONTACT_SERVICES,
  type ContactLanguage,
  type ContactMessage,
  type ContactService,
} from '../../../../shared/domain/contact.ts';
import { agencyDayEnd, agencyDayStart } from '../../../../shared/domain/leads/agency-clock.ts';
import { followUpOf, isStillNewReminderDue } from '../../../../shared/domain/leads/follow-up.ts';
import {
  EVERY_DAY_HOURS,
  type WorkingHours,
} from '../../../../shared/domain/leads/business-hours.ts';
import { leadSourceOf } from '../../../../shared/domain/leads/sources.ts';
import {
  LEAD_STATUS_CODES,
  newLead,
  type Lead,
  type LeadStatus,
} from '../../../../shared/domain/leads/pipeline.ts';

/** How many messages one page of the dashboard shows. */
export const PAGE_SIZE = 50;

export type SortOrder = 'newest' | 'oldest';

/**
 * The follow-up views (issue 33): next actions due today, or overdue, by the Algiers calendar
 * (shared/domain/leads/follow-up.ts); and « Sans réponse », the leads still « Nouveau » past
 * their two working hours, which the « Toujours nouveau » reminder and the digest name (the
 * domain's rule, `isStillNewReminderDue`). In the URL as `relance=aujourdhui`,
 * `relance=en-retard` or `relance=sans-reponse`.
 */
export type FollowUpView = 'today' | 'overdue' | 'unanswered';
export const FOLLOW_UP_PARAMS: Record<FollowUpView, string> = {
  today: 'aujourdhui',
  overdue: 'en-retard',
  unanswered: 'sans-reponse',
};

/** What the owner is looking at; kept in the URL so that a reload or a link shows the same. */
export interface InboxView {
  /** Free text, searched in the name, e-mail, subject and message. */
  query: string;
  service: ContactService | null;
  /** Only the messages sent in this language (from the French or the Arabic pages). */
  language: ContactLanguage | null;
  /** Only the leads at this stage of the pipeline (`statut=contacte`). */
  status: LeadStatus | null;
  /** Only the leads to follow up today, or overdue (`relance=…`). */
  followUp: FollowUpView | null;
  /**
   * Only the leads from this source, as the « Sources » summary names it (`leadSourceOf`:
   * « facebook », « google.com », « Accès direct »), `source=facebook`.
   */
  source: string | null;
  /** `YYYY-MM-DD`, local days, both included. */
  from: string | null;
  to: string | null;
  sort: SortOrder;
  /** 1-based. */
  page: number;
}

export const DEFAULT_VIEW: InboxView = {
  query: '',
  service: null,
  language: null,
  status: null,
  followUp: null,
  source: null,
  from: null,
  to: null,
  sort: 'newest',
  page: 1,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): string | null {
  if (value === null || !DAY.test(value)) return null;
  return Number.isNaN(agencyDayStart(value)) ? null : value;
}

/** The view a URL describes; anything unknown falls back to the default. */
export function viewFromParams(params: URLSearchParams): InboxView {
  const service = CONTACT_SERVICES.find((known) => known === params.get('service')) ?? null;
  const page = Number(params.get('page'));
  return {
    query: (params.get('q') ?? '').slice(0, 200),
    service,
    language: CONTACT_LANGUAGES.find((known) => known === params.get('langue')) ?? null,
    status: LEAD_STATUS_CODES.find((known) => known === params.get('statut')) ?? null,
    followUp:
      (Object.keys(FOLLOW_UP_PARAMS) as FollowUpView[]).find(
        (known) => FOLLOW_UP_PARAMS[known] === params.get('relance'),
      ) ?? null,
    source: params.get('source')?.trim().slice(0, 253) || null,
    from: validDay(params.get('du')),
    to: validDay(params.get('au')),
    sort: params.get('tri') === 'anciens' ? 'oldest' : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL parameters of a view: only what differs from the default, so the bare URL stays. */
export function paramsFromView(view: InboxView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.query.trim() !== '') params.set('q', view.query);
  if (view.service) params.set('service', view.service);
  if (view.language) params.set('langue', view.language);
  if (view.status) params.set('statut', view.status);
  if (view.followUp) params.set('relance', FOLLOW_UP_PARAMS[view.followUp]);
  if (view.source) params.set('source', view.source);
  if (view.from) params.set('du', view.from);
  if (view.to) params.set('au', view.to);
  if (view.sort === 'oldest') params.set('tri', 'anciens');
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** Lower case, without accents or extra spaces: « Épicerie  Aïn Témouchent » → « epicerie ain temouchent ». */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/\s+/g, ' ')
    .trim();
}

// Folded once per message object: lists keep their unchanged messages from one update to the next.
const haystacks = new WeakMap<ContactMessage, string>();

function haystackOf(message: ContactMessage): string {
  let haystack = haystacks.get(message);
  if (haystack === undefined) {
    haystack = foldText(
      [message.fullName, message.email, message.subject, message.message].join('\n'),
    );
    haystacks.set(message, haystack);
  }
  return haystack;
}

function dayBounds(view: InboxView): { start: number; end: number } {
  // Algiers days, as every date of the inbox (shared/domain/leads/agency-clock.ts).
  const start = view.from ? agencyDayStart(view.from) : -Infinity;
  const end = view.to ? agencyDayEnd(view.to) : Infinity;
  return { start, end };
}

/** Whether the view narrows the list at all (search or filter). */
export function isFiltered(view: InboxView): boolean {
  return (
    view.query.trim() !== '' ||
    view.service !== null ||
    view.language !== null ||
    view.status !== null ||
    view.followUp !== null ||
    view.source !== null ||
    view.from !== null ||
    view.to !== null
  );
}

/**
 * How many of the folded controls (service, period, order) differ from the default: a phone
 * shows the number on the button that unfolds them.
 */
export function activeFilterCount(view: InboxView): number {
  return (
    Number(view.service !== null) +
    Number(view.language !== null) +
    Number(view.status !== null) +
    Number(view.followUp !== null) +
    Number(view.source !== null) +
    Number(view.from !== null || view.to !== null) +
    Number(view.sort !== DEFAULT_VIEW.sort)
  );
}

/**
 * What the view knows of each message besides the message itself: its lead (a message the
 * owner never worked on is « Nouveau », `newLead`) and the time, for « En retard ». A filter on
 * something the message carries (its source, say) needs nothing of it.
 */
export interface ViewContext {
  leads: ReadonlyMap<string, Lead>;
  now: number;
  /** The working hours of « Réglages », for « Sans réponse » (`useWorkingHours`). */
  hours: WorkingHours;
}

const NO_PIPELINE: ViewContext = { leads: new Map(), now: 0, hours: EVERY_DAY_HOURS };

/** The lead of a message, « Nouveau » when nothing was recorded for it. */
export function leadOf(leads: ReadonlyMap<string, Lead>, id: string): Lead {
  return leads.get(id) ?? newLead(id);
}

/**
 * « Sans réponse »: a lead still « Nouveau » two working hours after it arrived, as the
 * « Toujours nouveau » reminder and the digest say (the domain's rule, not written again).
 */
export function isUnanswered(message: ContactMessage, context: ViewContext): boolean {
  return isStillNewReminderDue(
    leadOf(context.leads, message.id),
    message.receivedAt,
    context.now,
    context.hours,
  );
}

/** How many of these messages are « Sans réponse ». */
export function unansweredCount(messages: readonly ContactMessage[], context: ViewContext): number {
  let count = 0;
  for (const message of messages) if (isUnanswered(message, context)) count += 1;
  return count;
}

/** The sources the messages come from (as the « Sources » summary names them), most leads first. */
export function sourcesOf(messages: readonly ContactMessage[]): string[] {
  const counts = new Map<string, number>();
  for (const message of messages) {
    const source = leadSourceOf(message);
    counts.set(source, (counts.get(source) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, left], [b, right]) => right - left || a.localeCompare(b, 'fr'))
    .map(([source]) => source);
}

/**
 * The messages the view shows, in its order. The list arrives newest first; a message
 * without a date sorts last either way. A new filter is one more test here, its field in
 * `InboxView` and its URL parameter in `viewFromParams` and `paramsFromView`.
 */
export function applyView(
  messages: readonly ContactMessage[],
  view: InboxView,
  context: ViewContext = NO_PIPELINE,
): ContactMessage[] {
  const words = foldText(view.query).split(' ').filter(Boolean);
  const { start, end } = dayBounds(view);
  const dated = view.from !== null || view.to !== null;
  const shown = messages.filter((message) => {
    if (view.service && message.service !== view.service) return false;
    if (view.language && message.language !== view.language) return false;
    if (view.source && leadSourceOf(message) !== view.source) return false;
    if (view.status || view.followUp) {
      const lead = leadOf(context.leads, message.id);
      if (view.status && lead.status !== view.status) return false;
      if (view.followUp === 'unanswered') {
        if (!isStillNewReminderDue(lead, message.receivedAt, context.now, context.hours)) {
          return false;
        }
      } else if (view.followUp && followUpOf(lead, context.now) !== view.followUp) return false;
    }
    if (dated) {
      const time = message.receivedAt;
      if (time === null || time < start || time >= end) return false;
    }
    if (words.length > 0) {
      const haystack = haystackOf(message);
      if (!words.every((word) => haystack.includes(word))) return false;
    }
    return true;
  });
  // The list usually arrives in date order already: then no sort is needed (this keeps a
  // new message's render cheap with a large inbox).
  if (isNewestFirst(shown)) return view.sort === 'newest' ? shown : shown.reverse();
  const direction = view.sort === 'newest' ? -1 : 1;
  const keyed = shown.map((message, index) => ({ message, index, time: message.receivedAt }));
  keyed.sort((a, b) => {
    if (a.time === null || b.time === null) {
      if (a.time === b.time) return a.index - b.index;
      return a.time === null ? 1 : -1;
    }
    // Same time: keep the arrival order (newest first), reversed for the oldest first.
    return (a.time - b.time) * direction || (a.index - b.index) * -direction;
  });
  return keyed.map((entry) => entry.message);
}

/** Dated messages from newest to oldest, none without a date. */
function isNewestFirst(messages: readonly ContactMessage[]): boolean {
  let previous = Infinity;
  for (const message of messages) {
    const time = message.receivedAt;
    if (time === null || time > previous) return false;
    previous = time;
  }
  return true;
}

export function unreadCount(messages: readonly ContactMessage[] | null): number {
  if (!messages) return 0;
  let count = 0;
  for (const message of messages) if (!message.read) count += 1;
  return count;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
