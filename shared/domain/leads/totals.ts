import { followUpOf } from './follow-up.ts';
import { LEAD_STATUS_CODES, type Lead, type LeadStatus } from './pipeline.ts';

/** How many leads stand at one status, and the sum of their estimated values (whole DZD). */
export interface StatusTotal {
  count: number;
  value: number;
}

/** The dashboard's « Suivi des contacts »: totals per status, and the follow-ups to do. */
export interface PipelineTotals {
  byStatus: Record<LeadStatus, StatusTotal>;
  /** Next actions due today (Algiers calendar). */
  dueToday: number;
  /** Next actions of a day before today. */
  overdue: number;
}

/**
 * The totals of these messages' leads at `nowMs` (a message with no lead recorded is
 * « Nouveau », with no value): per status, the count and the sum of the estimated values;
 * and how many follow-ups are due today or overdue.
 */
export function pipelineTotals(
  ids: Iterable<string>,
  leads: ReadonlyMap<string, Pick<Lead, 'status' | 'estimatedValue' | 'nextActionAt'>>,
  nowMs: number,
): PipelineTotals {
  const byStatus = Object.fromEntries(
    LEAD_STATUS_CODES.map((status) => [status, { count: 0, value: 0 }]),
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
    total.value += lead.estimatedValue ?? 0;
    const followUp = followUpOf(lead, nowMs);
    if (followUp === 'today') dueToday += 1;
    if (followUp === 'overdue') overdue += 1;
  }
  return { byStatus, dueToday, overdue };
}
