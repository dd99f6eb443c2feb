import type { WorkingHours } from './business-hours.ts';
import {
  PIPELINE_MESSAGES,
  resolveNextAction,
  type LeadStatus,
  type LostReason,
} from './pipeline.ts';

/**
 * The decisions about a lead, once for every backend (docs/architecture.md, « Une règle, un
 * endroit »): each takes the lead as stored and the time, and answers the patch to write with
 * its timeline entry, or nothing to do. The embedded server (src-server/leads/lead-pipeline.ts),
 * the Firestore adapter (shared/backend/firebase/firestore-leads.ts) and the Cloud Functions
 * (functions/src/send-quote.ts, quote-link.ts) write that patch in their own transaction.
 */

/** What a status change writes on the lead, and the timeline entry that goes with it. */
export interface LeadStatusPatch {
  status: LeadStatus;
  lostReason: LostReason | null;
  statusChangedAt: number;
  nextActionAt: number | null;
  event: { type: 'status'; status: LeadStatus; lostReason: LostReason | null };
}

/** What happened to a quote of the lead. */
export type QuoteEventForLead = 'sent' | 'accepted' | 'refused';

/**
 * The lead follows its quote at `now`: a quote sent makes it « Devis envoyé », a quote accepted
 * « Gagné », with their next action (+5 days; none once won). A lead « Gagné » stays so
 * whatever its other quotes become, and a refusal moves nothing (the owner decides whether the
 * lead is lost). Null: nothing to write (already there).
 */
export function leadAfterQuote(
  lead: { status: LeadStatus; nextActionAt: number | null },
  event: QuoteEventForLead,
  now: number,
  /** The working hours of « Réglages », where the proposed « Relancer le » lands. */
  hours?: WorkingHours,
): LeadStatusPatch | null {
  if (event === 'refused') return null;
  const status: LeadStatus = event === 'sent' ? 'devis-envoye' : 'gagne';
  if (lead.status === status || lead.status === 'gagne') return null;
  return {
    status,
    lostReason: null,
    statusChangedAt: now,
    nextActionAt: resolveNextAction(lead.nextActionAt, { status }, now, hours),
    event: { type: 'status', status, lostReason: null },
  };
}

/** Why a change of a lead was refused: the French sentence, under its field. */
export interface LeadRefused {
  ok: false;
  message: string;
  fields: Record<string, string>;
}

const nextActionPast = (): LeadRefused => ({
  ok: false,
  message: PIPELINE_MESSAGES.nextActionPast,
  fields: { nextActionAt: PIPELINE_MESSAGES.nextActionPast },
});

/**
 * « Relancer le » set to `nextActionAt` at `now` on a lead whose next action is `current`: a
 * new date must lie ahead; the one the lead has is not checked again (it may have come since),
 * and none (null, or left out: undefined) is always allowed.
 */
export function decideNextAction(
  current: number | null,
  nextActionAt: number | null | undefined,
  now: number,
): { ok: true } | LeadRefused {
  if (nextActionAt === undefined || nextActionAt === null) return { ok: true };
  if (nextActionAt === current) return { ok: true };
  return nextActionAt > now ? { ok: true } : nextActionPast();
}

/**
 * The owner changes a lead's status at `now` (the change checked by `statusChangeSchemaAt`):
 * « Perdu » keeps its reason (« autre » when none came), any other status none; the next
 * action is the one chosen (`decideNextAction`), else as `resolveNextAction` says (+2 days on
 * « Contacté », +5 on « Devis envoyé », none once won or lost). Always a timeline entry, even
 * for the same status again (the owner said it again).
 */
export function decideStatusChange(
  lead: { status: LeadStatus; nextActionAt: number | null },
  change: {
    status: LeadStatus;
    lostReason?: LostReason | undefined;
    nextActionAt?: number | null | undefined;
  },
  now: number,
  /** The working hours of « Réglages », where the proposed « Relancer le » lands. */
  hours?: WorkingHours,
): ({ ok: true } & { patch: LeadStatusPatch }) | LeadRefused {
  const next = decideNextAction(lead.nextActionAt, change.nextActionAt, now);
  if (!next.ok) return next;
  const lostReason = change.status === 'perdu' ? (change.lostReason ?? 'autre') : null;
  return {
    ok: true,
    patch: {
      status: change.status,
      lostReason,
      statusChangedAt: now,
      nextActionAt: resolveNextAction(lead.nextActionAt, change, now, hours),
      event: { type: 'status', status: change.status, lostReason },
    },
  };
}
