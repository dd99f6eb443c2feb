import { useCallback, useMemo, useState } from 'react';
import type { InvoiceStore, QuoteStore } from '../../../../shared/backend/ports.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import { useLoaded } from '../../hooks/use-loaded.ts';

/** The operations that change a lead's invoices. */
const WRITES: ReadonlySet<PropertyKey> = new Set<keyof InvoiceStore>([
  'issueFromQuote',
  'issueWithoutQuote',
  'issueCreditNote',
  'recordPayment',
]);

/** A lead's invoices and its quotes, read together. */
interface LeadBilling {
  invoices: readonly Invoice[];
  quotes: readonly Quote[];
}

/**
 * A lead's invoices for its panel (`listByLead`), with its quotes (what an accepted one has
 * left to invoice keeps the lead from « Payé »), read again after every invoice, credit note or
 * payment made through the store it hands back (the forms under its quotes use that one): the
 * panel's « Historique » and « Payé » follow what the owner just did. Nothing where the backend
 * has no invoices.
 */
export function useLeadInvoices(
  store: InvoiceStore | undefined,
  leadId: string,
  quoteStore?: QuoteStore,
): {
  store: InvoiceStore | undefined;
  invoices: readonly Invoice[] | null;
  quotes: readonly Quote[];
  error: string;
} {
  const [revision, setRevision] = useState(0);
  const watched = useMemo((): InvoiceStore | undefined => {
    if (!store) return undefined;
    // The store as it is (its optional operations too), each write followed by a new read.
    return new Proxy(store, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const bound = (value as (...args: unknown[]) => unknown).bind(target);
        if (!WRITES.has(property)) return bound;
        return async (...args: unknown[]) => {
          try {
            return await bound(...args);
          } finally {
            setRevision((count) => count + 1);
          }
        };
      },
    });
  }, [store]);
  const load = useCallback(async (): Promise<LeadBilling> => {
    if (!store) return { invoices: [], quotes: [] };
    const [invoices, quotes] = await Promise.all([
      store.listByLead(leadId),
      quoteStore ? quoteStore.listByLead(leadId) : [],
    ]);
    return { invoices, quotes };
  }, [store, quoteStore, leadId]);
  const { value, error } = useLoaded(load, revision);
  return {
    store: watched,
    invoices: store ? (value?.invoices ?? null) : [],
    quotes: value?.quotes ?? [],
    error,
  };
}
