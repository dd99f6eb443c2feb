import { useEffect, useState } from 'react';
import type { Backend } from '../../../../shared/backend/ports.ts';
import type { Lead } from '../../../../shared/domain/leads/pipeline.ts';

/**
 * The pipeline of every message the owner worked on, by message id, kept live (a message
 * absent from it is « Nouveau »: `newLead`). Empty where the backend has no pipeline: the
 * screens then show no « Suivi », statuses, totals nor pipeline filters.
 */
export function useLeads(backend: Backend): ReadonlyMap<string, Lead> {
  const [leads, setLeads] = useState<ReadonlyMap<string, Lead>>(() => new Map());

  useEffect(() => {
    if (!backend.leads) return;
    return backend.leads.watch({
      snapshot: (all) => setLeads(new Map(all.map((lead) => [lead.id, lead]))),
      changes: (changes) =>
        setLeads((current) => {
          const next = new Map(current);
          for (const change of changes) {
            if (change.type === 'set') next.set(change.lead.id, change.lead);
            else next.delete(change.id);
          }
          return next;
        }),
      // The inbox's own watch reports the session's end and the connection's state.
    });
  }, [backend]);

  return leads;
}
