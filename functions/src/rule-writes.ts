import type { WorkingHours } from '../../shared/domain/leads/business-hours.ts';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { LEAD_STATUS_CODES, newLead, type LeadStatus } from '../../shared/domain/leads/pipeline.ts';
import { leadAfterQuote, type QuoteEventForLead } from '../../shared/domain/leads/rules.ts';
import type { QuoteRefused } from '../../shared/domain/quotes/rules.ts';

/**
 * The decisions of shared/domain as the functions carry them out: a refusal as the callable
 * protocol's error, a lead's patch written in the caller's Firestore transaction. Nothing is
 * decided here.
 */

/** A rule's refusal (shared/domain/quotes/rules.ts) as the callable protocol's error. */
export function httpsRefusal(refused: QuoteRefused): HttpsError {
  switch (refused.kind) {
    case 'not-found':
      return new HttpsError('not-found', refused.message);
    case 'invalid-input':
      return new HttpsError(
        'invalid-argument',
        refused.message,
        refused.fields ? { fields: refused.fields } : undefined,
      );
    case 'refused':
      return new HttpsError('failed-precondition', refused.message);
  }
}

/**
 * The lead follows its quote as `leadAfterQuote` decides (shared/domain/leads/rules.ts), in the
 * quote's transaction, with its timeline entry; `lead` is its document as read in that
 * transaction (absent: a lead « Nouveau » nothing was recorded for yet).
 */
export function followQuote(
  transaction: Transaction,
  leadRef: DocumentReference,
  lead: DocumentSnapshot,
  event: QuoteEventForLead,
  now: number,
  /** The working hours of « Réglages », where the proposed « Relancer le » lands. */
  hours?: WorkingHours,
): void {
  const fields: DocumentData = lead.exists ? (lead.data() ?? {}) : {};
  const stored: unknown = fields.nextActionAt;
  const patch = leadAfterQuote(
    {
      status: lead.exists ? leadStatusOf(fields.status) : newLead(leadRef.id).status,
      nextActionAt: stored instanceof Timestamp ? stored.toMillis() : null,
    },
    event,
    now,
    hours,
  );
  if (patch === null) return;
  transaction.set(leadRef, {
    status: patch.status,
    lostReason: patch.lostReason,
    statusChangedAt: FieldValue.serverTimestamp(),
    nextActionAt: patch.nextActionAt === null ? null : Timestamp.fromMillis(patch.nextActionAt),
    estimatedValue: fields.estimatedValue ?? null,
  });
  transaction.create(leadRef.collection('timeline').doc(), {
    ...patch.event,
    at: FieldValue.serverTimestamp(),
  });
}

function leadStatusOf(value: unknown): LeadStatus {
  return LEAD_STATUS_CODES.find((status) => status === value) ?? 'nouveau';
}
