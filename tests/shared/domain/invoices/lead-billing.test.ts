/**
 * A lead's invoices in its panel (issue 46): each invoice, credit note and payment in its
 * timeline, and whether a won lead is paid (« Payé » / « Reste à payer : X DA »).
 */
import { describe, expect, it } from 'vitest';
import {
  leadInvoiceEvents,
  leadPayment,
  leadPaymentSentence,
} from '../../../../shared/domain/invoices/lead-billing.ts';
import { aPayment, anIssuedInvoice } from '../../../fixtures/invoices.ts';

const TTC = 142_800_00n;
const spaces = (text: string) => text.replaceAll('\u202f', ' ');

describe('a lead’s invoices in its panel', () => {
  it('tells each invoice, credit note and payment, newest first; the payment that settles says so', () => {
    const invoice = anIssuedInvoice({
      payments: [
        aPayment(42_800_00n, '2026-11-27', 'p1'),
        { ...aPayment(80_000_00n, '2026-11-29', 'p2'), method: 'especes', stampDuty: 1_200_00n },
      ],
      credits: [
        { invoiceId: 'av1', number: 'AV-2026-0001', issueDate: '2026-11-28', amount: 20_000_00n },
      ],
    });
    const credit = anIssuedInvoice({
      id: 'av1',
      kind: 'avoir',
      number: 'AV-2026-0001',
      issueDate: '2026-11-28',
      issuedAt: Date.parse('2026-11-28T10:00:00+01:00'),
      corrects: { invoiceId: 'facture-1', number: 'FAC-2026-0001', issueDate: '2026-11-26' },
      reason: 'Remise accordée',
      lines: invoice.lines.map((line) => ({ ...line, unitPrice: 16_806_72n })),
    });
    const events = leadInvoiceEvents([invoice, credit]);
    expect(events.map((event) => [event.kind, spaces(event.text)])).toEqual([
      ['payment', 'Paiement de 80 000,00 DA sur FAC-2026-0001 (Espèces) : elle est payée.'],
      [
        'credit-note',
        'Facture d’avoir AV-2026-0001 sur FAC-2026-0001 : 20 000,00 DA (Remise accordée)',
      ],
      ['payment', 'Paiement de 42 800,00 DA sur FAC-2026-0001 (CCP / BaridiMob)'],
      ['issued', 'Facture FAC-2026-0001 émise : 142 800,00 DA'],
    ]);
  });

  it('says whether the lead is paid, over its invoices, credit notes apart', () => {
    expect(leadPaymentSentence(leadPayment([], '2026-11-29'))).toBe(
      'Rien de facturé pour l’instant.',
    );
    const unpaid = anIssuedInvoice();
    expect(spaces(leadPaymentSentence(leadPayment([unpaid], '2026-11-29')))).toBe(
      'Reste à payer : 142 800,00 DA',
    );
    const deposit = anIssuedInvoice({ id: 'f0', payments: [aPayment(TTC)] });
    expect(leadPayment([deposit], '2026-11-29')).toEqual({ kind: 'paid', paid: TTC });
    expect(leadPaymentSentence(leadPayment([deposit], '2026-11-29'))).toBe('Payé');
    // One paid, one half paid: what is left of them all.
    const half = anIssuedInvoice({ id: 'f2', payments: [aPayment(TTC / 2n)] });
    expect(spaces(leadPaymentSentence(leadPayment([deposit, half], '2026-11-29')))).toBe(
      'Reste à payer : 71 400,00 DA',
    );
    // Cancelled by a credit note: it asks nothing any more.
    const cancelled = anIssuedInvoice({
      id: 'f3',
      credits: [{ invoiceId: 'av', number: 'AV-2026-0002', issueDate: '2026-11-28', amount: TTC }],
    });
    const creditNote = anIssuedInvoice({ id: 'av', kind: 'avoir', number: 'AV-2026-0002' });
    expect(leadPaymentSentence(leadPayment([deposit, cancelled, creditNote], '2026-11-29'))).toBe(
      'Payé',
    );
  });
});
