import { describe, expect, it } from 'vitest';
import { sellerLegalDetails } from '../../../../shared/content/seller.ts';
import {
  invoiceLink,
  paymentReminderText,
  publicInvoiceFromJson,
  publicInvoiceOf,
  publicInvoiceToJson,
} from '../../../../shared/domain/invoices/client-link.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import { CURRENT_STAMP_DUTY_SCALE } from '../../../../shared/domain/quotes/stamp-duty.ts';
import {
  invoiceShareText,
  whatsappShareHref,
} from '../../../../shared/notifications/document-share.ts';

/** A final invoice of 83 300 DA (119 000 DA less a 35 700 DA deposit), 10 000 DA paid. */
const invoice = (language: 'fr' | 'ar'): Invoice => ({
  id: 'facture-1',
  leadId: 'contact-1',
  kind: 'solde',
  number: 'FAC-2026-0002',
  quoteId: 'devis-1',
  quoteNumber: 'DEV-2026-0001',
  share: null,
  deductions: [
    {
      invoiceId: 'facture-0',
      number: 'FAC-2026-0001',
      issueDate: '2026-11-26',
      totalHT: 30_000_00n,
      vat: [{ rate: 19, base: 30_000_00n, vat: 5_700_00n }],
      totalTTC: 35_700_00n,
    },
  ],
  corrects: null,
  reason: '',
  language,
  client: { kind: 'particulier', lastName: 'Client', firstName: '', address: 'Oran', phone: '' },
  lines: [
    {
      designation: 'Site vitrine',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 100_000_00n,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paymentMethod: 'ccp',
  issueDate: '2026-11-28',
  dueDate: '2026-12-28',
  seller: sellerLegalDetails,
  stampDutyScale: CURRENT_STAMP_DUTY_SCALE,
  issuedAt: Date.UTC(2026, 10, 28, 9),
  payments: [
    {
      id: 'paiement-1',
      date: '2026-11-29',
      amount: 10_000_00n,
      stampDuty: 0n,
      method: 'ccp',
      reference: '',
      recordedAt: Date.UTC(2026, 10, 29, 9),
      requestId: '0b6d2c1e-8f3a-4c55-9e21-7d4b9a0c3f18',
    },
  ],
  credits: [],
});

const LINK = invoiceLink('https://agence.example/', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd');
const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('the client’s link of an invoice (issue 46)', () => {
  it('is /pageFacture with the token in the fragment', () => {
    expect(LINK).toBe(
      'https://agence.example/pageFacture#AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd',
    );
  });

  it('shows the client the invoice without the ids of the lead, the quote or other invoices, and travels as JSON', () => {
    const shown = publicInvoiceOf(invoice('fr'), '2026-11-29');
    expect(shown).not.toHaveProperty('leadId');
    expect(shown).not.toHaveProperty('quoteId');
    expect(shown).not.toHaveProperty('id');
    expect(shown.deductions[0]?.invoiceId).toBe('');
    expect(shown.payments[0]?.id).toBe('1');
    // The owner's screen's request id is not the client's business.
    expect(shown.payments[0]).not.toHaveProperty('requestId');
    expect(JSON.stringify(publicInvoiceToJson(shown))).not.toMatch(/contact-1|devis-1|facture-0/u);
    expect(publicInvoiceFromJson(publicInvoiceToJson(shown))).toEqual(shown);
  });
});

describe('the one-tap payment reminder', () => {
  it('says in French what is left, on which invoice, its due date to come or passed, and the link', () => {
    expect(paymentReminderText(invoice('fr'), 73_300_00n, '2026-11-29', LINK, 'L’agence')).toBe(
      [
        `Bonjour, rappel : il reste 73${NNBSP}300,00${NBSP}DA à payer sur la facture FAC-2026-0002, à régler au plus tard le 28/12/2026.`,
        `Vous pouvez la consulter et l’imprimer sur cette page : ${LINK}`,
        'L’agence',
      ].join('\n'),
    );
    expect(
      paymentReminderText(invoice('fr'), 73_300_00n, '2026-12-29', LINK, 'L’agence'),
    ).toContain('sur la facture FAC-2026-0002, arrivée à échéance le 28/12/2026.');
  });

  it('says it in Arabic, amount and day kept left to right', () => {
    const text = paymentReminderText(invoice('ar'), 73_300_00n, '2026-12-29', LINK, 'الوكالة');
    expect(text).toContain(
      `تذكير: لا يزال مبلغ \u206673${NNBSP}300,00\u2069${NBSP}دج مستحقّ الدفع على الفاتورة FAC-2026-0002، وقد حلّ أجل استحقاقها يوم \u206628/12/2026\u2069.`,
    );
    expect(text).toContain(`على هذه الصفحة: ${LINK}`);
    expect(paymentReminderText(invoice('ar'), 1n, '2026-11-29', LINK, 'الوكالة')).toContain(
      'ويُسدَّد في أجل أقصاه',
    );
  });

  it('is what the owner’s WhatsApp chat opens with, to the client’s number', () => {
    const href = whatsappShareHref(
      '+213550123456',
      paymentReminderText(invoice('fr'), 73_300_00n, '2026-11-29', LINK, 'L’agence'),
    );
    expect(href.startsWith('https://wa.me/213550123456?text=')).toBe(true);
    expect(decodeURIComponent(href.split('text=')[1] ?? '')).toContain('rappel : il reste');
  });
});

describe('the invoice’s WhatsApp message', () => {
  it('gives its number, what it asks (deposits deducted), its due date and the link', () => {
    const [first, second] = invoiceShareText(invoice('fr'), LINK).split('\n');
    expect(first).toBe(
      `Bonjour, voici notre facture FAC-2026-0002 : net à payer 83${NNBSP}300,00 DA, à régler au plus tard le 28/12/2026.`,
    );
    expect(second).toBe(`Vous pouvez la lire et l’imprimer sur cette page : ${LINK}`);
    expect(invoiceShareText(invoice('ar'), LINK)).toContain('إليكم الفاتورة FAC-2026-0002');
  });

  it('asks what is left once a credit note has cancelled part of it, not the first amount', () => {
    const corrected: Invoice = {
      ...invoice('fr'),
      credits: [
        {
          invoiceId: 'avoir-1',
          number: 'AV-2026-0001',
          issueDate: '2026-11-29',
          amount: 19_000_00n,
        },
      ],
    };
    expect(invoiceShareText(corrected, LINK).split('\n')[0]).toBe(
      `Bonjour, voici notre facture FAC-2026-0002 : net à payer 64${NNBSP}300,00 DA, à régler au plus tard le 28/12/2026.`,
    );
    const cancelled: Invoice = {
      ...corrected,
      credits: [
        {
          invoiceId: 'avoir-1',
          number: 'AV-2026-0001',
          issueDate: '2026-11-29',
          amount: 83_300_00n,
        },
      ],
    };
    expect(invoiceShareText(cancelled, LINK)).toMatch(/net à payer 0,00\s*DA,/u);
  });
});
