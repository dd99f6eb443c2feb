import { useEffect, useState } from 'react';
import type { Backend } from '../../../../shared/backend/ports.ts';
import type { Lead } from '../../../../shared/domain/leads/pipeline.ts';
import { acceptedNetByLead } from '../../../../shared/domain/leads/totals.ts';
import type { Centimes } from '../../../../shared/domain/quotes/money.ts';

const NONE: ReadonlyMap<string, Centimes> = new Map();

/**
 * Per lead, the net to pay of its accepted quotes (acceptedNetByLead), what « Suivi des
 * contacts » counts instead of the estimate. Read again whenever a lead becomes « Gagné » or
 * leaves it (a client's acceptance makes its lead « Gagné »). Empty where the backend has no
 * quotes, or until they are read (the totals then show the estimates).
 */
export function useAcceptedNet(
  backend: Backend,
  leads: ReadonlyMap<string, Lead>,
): ReadonlyMap<string, Centimes> {
  const [accepted, setAccepted] = useState(NONE);
  const won = [...leads.values()]
    .filter((lead) => lead.status === 'gagne')
    .map((lead) => `${lead.id}@${lead.timeline[0]?.at ?? 0}`)
    .sort()
    .join(' ');
  const quotes = backend.quotes;

  useEffect(() => {
    if (!quotes || won === '') return;
    let current = true;
    quotes.list().then(
      (all) => current && setAccepted(acceptedNetByLead(all)),
      // The quotes could not be read (a dropped connection): the estimates stay shown, the
      // « Devis » folder says what failed.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [quotes, won]);

  // No lead « Gagné »: no quote is accepted (an acceptance makes its lead « Gagné »).
  return !quotes || won === '' ? NONE : accepted;
}
