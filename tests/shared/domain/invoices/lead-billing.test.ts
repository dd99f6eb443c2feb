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
import { aSentQuote } from '../../../fixtures/quotes.ts';

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

  it('says « elle est payée » only of the payment that settled the invoice, not of one a later credit note settled', () => {
    const at = (day: string) => Date.parse(`${day}T10:00:00+01:00`);
    // 100 000 DA paid on the 27th, then a credit note of the 42 800 DA left on the 28th: the
    // credit note settled it, not the payment.
    const invoice = anIssuedInvoice({
      payments: [aPayment(100_000_00n, '2026-11-27', 'p1')],
      credits: [
        { invoiceId: 'av1', number: 'AV-2026-0001', issueDate: '2026-11-28', amount: 42_800_00n },
      ],
    });
    const credit = anIssuedInvoice({
      id: 'av1',
      kind: 'avoir',
      number: 'AV-2026-0001',
      issueDate: '2026-11-28',
      issuedAt: at('2026-11-28'),
      corrects: { invoiceId: 'facture-1', number: 'FAC-2026-0001', issueDate: '2026-11-26' },
      reason: 'Remise accordée',
    });
    const payments = (invoices: Parameters<typeof leadInvoiceEvents>[0]) =>
      leadInvoiceEvents(invoices)
        .filter((event) => event.kind === 'payment')
        .map((event) => spaces(event.text));
    expect(payments([invoice, credit])).toEqual([
      'Paiement de 100 000,00 DA sur FAC-2026-0001 (CCP / BaridiMob)',
    ]);
    // Without the credit note among the lead's invoices, its day tells: the 28th, after.
    expect(payments([invoice])).toEqual([
      'Paiement de 100 000,00 DA sur FAC-2026-0001 (CCP / BaridiMob)',
    ]);
    // The credit note first (the 26th, 15:00), the payment of the rest the 27th: it settles.
    const earlier = anIssuedInvoice({
      payments: [aPayment(100_000_00n, '2026-11-27', 'p1')],
      credits: [
        { invoiceId: 'av1', number: 'AV-2026-0001', issueDate: '2026-11-26', amount: 42_800_00n },
      ],
    });
    const earlyCredit = {
      ...credit,
      issueDate: '2026-11-26',
      issuedAt: at('2026-11-26') + 5 * 3600_000,
    };
    expect(payments([earlier, earlyCredit])).toEqual([
      'Paiement de 100 000,00 DA sur FAC-2026-0001 (CCP / BaridiMob) : elle est payée.',
    ]);
    // Two payments: only the one that settles says so.
    const twice = anIssuedInvoice({
      payments: [aPayment(TTC - 1_00n, '2026-11-27', 'p1'), aPayment(1_00n, '2026-11-28', 'p2')],
    });
    expect(payments([twice])).toEqual([
      'Paiement de 1,00 DA sur FAC-2026-0001 (CCP / BaridiMob) : elle est payée.',
      'Paiement de 142 799,00 DA sur FAC-2026-0001 (CCP / BaridiMob)',
    ]);
  });

  it('is not « Payé » while the accepted quote has a final invoice to come, though its deposit is paid', () => {
    const quote = aSentQuote({ status: 'accepte' });
    // A deposit of 30 %: 36 000 DA HT, 42 840 DA TTC, paid.
    const deposit = anIssuedInvoice({
      id: 'acompte',
      kind: 'acompte',
      share: { kind: 'percent', basisPoints: 3000n },
      lines: quote.lines.map((line) => ({ ...line, unitPrice: 36_000_00n })),
      payments: [aPayment(42_840_00n)],
    });
    const paidDeposit = leadPayment([deposit], '2026-11-29', [quote]);
    expect(paidDeposit).toEqual({ kind: 'left', left: 0n, toInvoice: 99_960_00n });
    expect(spaces(leadPaymentSentence(paidDeposit))).toBe(
      'Reste à facturer : 99 960,00 DA (ce qui est facturé est payé)',
    );
    // Unpaid deposit: both.
    const unpaid = leadPayment([{ ...deposit, payments: [] }], '2026-11-29', [quote]);
    expect(spaces(leadPaymentSentence(unpaid))).toBe(
      'Reste à payer : 42 840,00 DA ; reste à facturer : 99 960,00 DA',
    );
    // The final invoice issued and paid: « Payé ».
    const final = anIssuedInvoice({
      id: 'solde',
      kind: 'solde',
      number: 'FAC-2026-0002',
      deductions: [
        {
          invoiceId: 'acompte',
          number: 'FAC-2026-0001',
          issueDate: '2026-11-26',
          totalHT: 36_000_00n,
          vat: [{ rate: 19, base: 36_000_00n, vat: 6_840_00n }],
          totalTTC: 42_840_00n,
        },
      ],
      payments: [aPayment(99_960_00n, '2026-11-28')],
    });
    expect(leadPayment([deposit, final], '2026-11-29', [quote])).toEqual({
      kind: 'paid',
      paid: TTC,
    });
    // A quote not accepted (replaced, refused…) asks nothing to invoice.
    expect(leadPayment([deposit], '2026-11-29', [{ ...quote, status: 'remplace' }]).kind).toBe(
      'paid',
    );
  });
});
