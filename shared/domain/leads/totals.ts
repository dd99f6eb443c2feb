import { dinars, type Centimes } from '../quotes/money.ts';
import { quoteTotals, type Quote } from '../quotes/record.ts';
import { followUpOf } from './follow-up.ts';
import { LEAD_STATUS_CODES, type Lead, type LeadStatus } from './pipeline.ts';

/** How many leads stand at one status, and the sum of their values (centimes, leadValue). */
export interface StatusTotal {
  count: number;
  value: Centimes;
}

/** The dashboard's « Suivi des contacts »: totals per status, and the follow-ups to do. */
export interface PipelineTotals {
  byStatus: Record<LeadStatus, StatusTotal>;
  /** Next actions due today (Algiers calendar). */
  dueToday: number;
  /** Next actions of a day before today. */
  overdue: number;
}

/** The fields of a quote that say what it is worth once accepted. */
export type ValuedQuote = Pick<
  Quote,
  'leadId' | 'status' | 'lines' | 'paidInCash' | 'seller' | 'stampDutyScale'
>;

/**
 * Per lead, what its accepted quotes come to: the sum of their net to pay (centimes, the
 * droit de timbre included: what the client pays). A lead with no accepted quote is absent.
 */
export function acceptedNetByLead(quotes: Iterable<ValuedQuote>): Map<string, Centimes> {
  const accepted = new Map<string, Centimes>();
  for (const quote of quotes) {
    if (quote.status !== 'accepte') continue;
    const net = quoteTotals(quote).netToPay;
    accepted.set(quote.leadId, (accepted.get(quote.leadId) ?? 0n) + net);
  }
  return accepted;
}

/**
 * What a lead is worth in every total (« Gagné » and the others), in centimes: the net to pay
 * of its accepted quote(s) once there is one, whatever was estimated before; otherwise the
 * estimated value typed in « Suivi » (whole dinars), or nothing.
 */
export function leadValue(
  lead: Pick<Lead, 'estimatedValue'> | undefined,
  acceptedNet: Centimes | undefined,
): Centimes {
  if (acceptedNet !== undefined) return acceptedNet;
  return lead?.estimatedValue == null ? 0n : dinars(lead.estimatedValue);
}

/**
 * The totals of these messages' leads at `nowMs` (a message with no lead recorded is
 * « Nouveau », with no value): per status, the count and the sum of their values (leadValue:
 * the accepted quote's net to pay, from `acceptedNetByLead`, else the estimate); and how many
 * follow-ups are due today or overdue.
 */
export function pipelineTotals(
  ids: Iterable<string>,
  leads: ReadonlyMap<string, Pick<Lead, 'status' | 'estimatedValue' | 'nextActionAt'>>,
  nowMs: number,
  acceptedNet: ReadonlyMap<string, Centimes> = new Map(),
): PipelineTotals {
  const byStatus = Object.fromEntries(
    LEAD_STATUS_CODES.map((status) => [status, { count: 0, value: 0n }]),
  ) as Record<LeadStatus, StatusTotal>;
  let dueToday = 0;
  let overdue = 0;
  for (const id of ids) {
    const lead = leads.get(id);
    if (!lead) {
      byStatus.nouveau.count += 1;
      continue;
    }
    const total = byStatus[lead.status];
    total.count += 1;
    total.value += leadValue(lead, acceptedNet.get(id));
    const followUp = followUpOf(lead, nowMs);
    if (followUp === 'today') dueToday += 1;
    if (followUp === 'overdue') overdue += 1;
  }
  return { byStatus, dueToday, overdue };
}
