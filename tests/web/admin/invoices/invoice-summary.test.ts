import { describe, expect, it } from 'vitest';
import { A_REAL_SELLER } from '../../../shared/backend/quotes-contract.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import { dinars } from '../../../../shared/domain/quotes/money.ts';
import { STAMP_DUTY_SCALE_LF_2025 } from '../../../../shared/domain/quotes/stamp-duty.ts';
import {
  invoicesToCsv,
  monthlyTotals,
} from '../../../../src-web/admin/features/invoices/invoice-summary.ts';

const base = (overrides: Partial<Invoice>): Invoice => ({
  id: 'f1',
  leadId: 'l1',
  kind: 'facture',
  number: 'FAC-2026-0001',
  quoteId: 'q1',
  quoteNumber: 'DEV-2026-0001',
  share: null,
  deductions: [],
  corrects: null,
  reason: '',
  language: 'fr',
  client: {
    kind: 'particulier',
    lastName: 'Client Exemple',
    firstName: '',
    address: 'Oran',
    phone: '',
  },
  lines: [
    {
      designation: 'Site vitrine',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: dinars(100_000),
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paymentMethod: null,
  issueDate: '2026-11-20',
  dueDate: '2026-12-20',
  seller: A_REAL_SELLER,
  stampDutyScale: STAMP_DUTY_SCALE_LF_2025,
  issuedAt: 0,
  payments: [],
  credits: [],
  ...overrides,
});

describe('the « Factures » folder’s figures', () => {
  const invoice = base({
    payments: [
      {
        id: 'p1',
        date: '2026-11-25',
        amount: dinars(50_000),
        stampDuty: 0n,
        method: 'ccp',
        reference: '',
        recordedAt: 0,
      },
      {
        id: 'p2',
        date: '2026-12-02',
        amount: dinars(20_000),
        stampDuty: 300_00n,
        method: 'especes',
        reference: '',
        recordedAt: 0,
      },
    ],
    credits: [
      { invoiceId: 'a1', number: 'AV-2026-0001', issueDate: '2026-12-03', amount: dinars(11_900) },
    ],
  });
  const credit = base({
    id: 'a1',
    kind: 'avoir',
    number: 'AV-2026-0001',
    corrects: { invoiceId: 'f1', number: 'FAC-2026-0001', issueDate: '2026-11-20' },
    reason: 'Remise',
    issueDate: '2026-12-03',
    dueDate: '2026-12-03',
    lines: base({}).lines.map((line) => ({
      ...line,
      designation: 'Avoir',
      unitPrice: dinars(10_000),
    })),
  });

  it('totals per month: facturé by issue (a credit note in its own month), encaissé by payment, the rest', () => {
    expect(monthlyTotals([invoice, credit], '2026-12-05')).toEqual([
      {
        month: '2026-12',
        label: 'décembre 2026',
        invoiced: -dinars(11_900),
        received: dinars(20_000),
        stampDuty: 300_00n,
        left: 0n,
      },
      {
        month: '2026-11',
        label: 'novembre 2026',
        invoiced: dinars(119_000),
        received: dinars(50_000),
        stampDuty: 0n,
        left: dinars(37_100),
      },
    ]);
  });

  it('the CSV: one line per invoice and per payment, amounts as numbers, a credit note negative', () => {
    const rows = invoicesToCsv([credit, invoice], '2026-12-05')
      .replace(/^\ufeff/u, '')
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('";"'));
    expect(rows.map((row) => [row[0], row[1], row[9] ?? '', row[10] ?? '', row[11] ?? ''])).toEqual(
      [
        ['Ligne', 'Numéro', 'Montant TTC (DA)', 'Payé (DA)', 'Reste à payer (DA)'],
        ['Facture', 'FAC-2026-0001', '119000,00', '70000,00', '37100,00'],
        ['Paiement', 'FAC-2026-0001', '', '50000,00', ''],
        ['Paiement', 'FAC-2026-0001', '', '20000,00', ''],
        ['Avoir', 'AV-2026-0001', '-11900,00', '', ''],
      ],
    );
    expect(rows[4]?.slice(7, 9)).toEqual(['-10000,00', '-1900,00']);
    expect(rows[3]?.slice(12, 14)).toEqual(['300,00', '20300,00']);
  });
});
