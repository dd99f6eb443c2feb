import { resolveNextAction, type LeadStatus, type LostReason } from './pipeline.ts';

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
): LeadStatusPatch | null {
  if (event === 'refused') return null;
  const status: LeadStatus = event === 'sent' ? 'devis-envoye' : 'gagne';
  if (lead.status === status || lead.status === 'gagne') return null;
  return {
    status,
    lostReason: null,
    statusChangedAt: now,
    nextActionAt: resolveNextAction(lead.nextActionAt, { status }, now),
    event: { type: 'status', status, lostReason: null },
  };
}
