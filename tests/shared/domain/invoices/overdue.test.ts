/**
 * « Factures en retard » (issue 46): an issued invoice past its due date with something left to
 * pay reaches the owner in the daily digest and « Aujourd’hui », each opening the invoice in
 * « Factures ». Days are calendar days of Algiers, as the invoice's dates are.
 */
import { describe, expect, it } from 'vitest';
import { EVERY_DAY_HOURS } from '../../../../shared/domain/leads/business-hours.ts';
import {
  dailyDigest,
  digestSubject,
  digestText,
} from '../../../../shared/domain/leads/follow-up.ts';
import { newLead } from '../../../../shared/domain/leads/pipeline.ts';
import { overdueInvoices } from '../../../../shared/domain/invoices/overdue.ts';
import { composeDigestEmail } from '../../../../shared/notifications/digest-email.ts';
import { aPayment, anIssuedInvoice } from '../../../fixtures/invoices.ts';
import { aMessage } from '../../../fixtures/messages.ts';

/** Algiers is UTC+1 all year: `algiers(12, 27, 0)` is 27 December 2026 at 00:00 there. */
const algiers = (month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(2026, month - 1, day, hour - 1, minute);

const TTC = 142_800_00n;

describe('the invoices « En retard »', () => {
  it('lists an invoice from the day after its due date, Algiers, with what is left to pay', () => {
    const invoice = anIssuedInvoice();
    // Its due date, 26 December, to its last minute in Algiers (already the 27th in no zone east).
    expect(overdueInvoices([invoice], algiers(12, 26, 23, 59))).toEqual([]);
    // The 27th at 00:00 in Algiers (23:00 UTC on the 26th): late.
    expect(overdueInvoices([invoice], algiers(12, 27, 0))).toEqual([
      {
        id: 'facture-1',
        leadId: 'message-1',
        number: 'FAC-2026-0001',
        client: 'Transport Oran Sud',
        dueDate: '2026-12-26',
        left: String(TTC),
      },
    ]);
    // Partly paid: still late, for what is left.
    const partly = anIssuedInvoice({ payments: [aPayment(42_800_00n)] });
    expect(overdueInvoices([partly], algiers(12, 27, 8))[0]?.left).toBe('10000000');
  });

  it('leaves out a paid invoice, one cancelled by its credit notes, a credit note, and one not yet due', () => {
    const now = algiers(12, 30, 8);
    const left = [
      anIssuedInvoice({ id: 'payee', payments: [aPayment(TTC)] }),
      anIssuedInvoice({
        id: 'moitie-avoir-moitie-payee',
        payments: [aPayment(TTC / 2n)],
        credits: [
          { invoiceId: 'av', number: 'AV-2026-0001', issueDate: '2026-12-01', amount: TTC / 2n },
        ],
      }),
      anIssuedInvoice({
        id: 'annulee',
        credits: [
          { invoiceId: 'av', number: 'AV-2026-0002', issueDate: '2026-12-01', amount: TTC },
        ],
      }),
      anIssuedInvoice({
        id: 'avoir',
        kind: 'avoir',
        number: 'AV-2026-0003',
        dueDate: '2026-12-01',
      }),
      anIssuedInvoice({ id: 'pas-encore', dueDate: '2026-12-30' }),
    ];
    expect(overdueInvoices(left, now)).toEqual([]);
  });

  it('puts them in the digest, oldest due date first, whatever their lead, each linking to « Factures »', () => {
    const messages = [aMessage({ id: 'gagne', fullName: 'Transport Oran Sud' })];
    // Won: no follow-up to make, but the money is still to come.
    const leads = new Map([['gagne', { ...newLead('gagne'), status: 'gagne' as const }]]);
    const invoices = [
      anIssuedInvoice({ id: 'f2', leadId: 'gagne', number: 'FAC-2026-0002' }),
      // Its message was deleted: an invoice is kept, and so is what it asks.
      anIssuedInvoice({
        id: 'f1',
        leadId: 'supprime',
        number: 'FAC-2026-0001',
        dueDate: '2026-12-20',
        client: {
          kind: 'particulier',
          lastName: 'Benali',
          firstName: 'Karima',
          address: '',
          phone: '',
        },
        payments: [aPayment(100_000_00n)],
      }),
    ];
    const now = algiers(12, 28, 8);
    const digest = dailyDigest(messages, leads, now, { hours: EVERY_DAY_HOURS, invoices });
    if (!digest) throw new Error('no digest');
    expect(digest.overdueInvoices.map((invoice) => invoice.id)).toEqual(['f1', 'f2']);
    expect(digestSubject(digest)).toBe('Votre journée : 2 factures en retard');
    // The amounts group their thousands with a narrow no-break space, as every amount shown.
    expect(digestText(digest).replaceAll('\u202f', ' ')).toBe(
      [
        'Factures en retard de paiement :',
        '- FAC-2026-0001 — Benali Karima (reste à payer 42 800,00 DA, échue le 20/12/2026)',
        '- FAC-2026-0002 — Transport Oran Sud (reste à payer 142 800,00 DA, échue le 26/12/2026)',
      ].join('\n'),
    );
    const email = composeDigestEmail(digest, { publicUrl: 'https://agence.test' });
    expect(email.html).toContain(
      '<a href="https://agence.test/pageDashboard?dossier=factures&amp;facture=f1">FAC-2026-0001 — <bdi>Benali Karima</bdi></a>',
    );
    expect(email.text).toContain(
      'FAC-2026-0001 : https://agence.test/pageDashboard?dossier=factures&facture=f1',
    );

    // Its due day, or once paid: nothing to say, no digest.
    expect(
      dailyDigest(messages, leads, algiers(12, 20, 8), { hours: EVERY_DAY_HOURS, invoices }),
    ).toBeNull();
    expect(
      dailyDigest(messages, leads, now, {
        hours: EVERY_DAY_HOURS,
        invoices: [anIssuedInvoice({ payments: [aPayment(TTC)] })],
      }),
    ).toBeNull();
    // One, in the singular.
    const one = dailyDigest(messages, leads, now, {
      hours: EVERY_DAY_HOURS,
      invoices: [anIssuedInvoice()],
    });
    expect(one && digestSubject(one)).toBe('Votre journée : 1 facture en retard');
  });
});
