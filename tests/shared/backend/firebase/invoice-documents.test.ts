/**
 * An invoice's ledger in Firestore (invoiceLedgers/{id}: its payments and credit notes): an
 * absent one is an invoice with nothing recorded; one that is there but unreadable is refused,
 * never taken for empty, which would show the invoice unpaid and let the next payment erase it.
 */
import { describe, expect, it } from 'vitest';
import { ledgerOfDocument } from '../../../../shared/backend/firebase/invoice-documents.ts';

describe('an invoice’s ledger read back', () => {
  it('is empty when no payment or credit note was ever recorded', () => {
    expect(ledgerOfDocument(undefined, 'contact-1')).toEqual({
      leadId: 'contact-1',
      payments: [],
      credits: [],
    });
  });

  it('is refused when it is there but unreadable, instead of read as empty', () => {
    const damaged = { leadId: 'contact-1', payments: [{ amount: 'dix mille' }], credits: [] };
    expect(() => ledgerOfDocument(damaged, 'contact-1')).toThrow(
      'Les paiements d’une facture sont illisibles',
    );
  });
});
