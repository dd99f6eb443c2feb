import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { A_REAL_SELLER, IFU_SELLER } from '../../backend/quotes-contract.ts';
import { dinars, divideRoundHalfUp } from '../../../../shared/domain/quotes/money.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import { quoteTotals } from '../../../../shared/domain/quotes/record.ts';
import { STAMP_DUTY_SCALE_LF_2025 } from '../../../../shared/domain/quotes/stamp-duty.ts';
import { invoiceFigures } from '../../../../shared/domain/invoices/figures.ts';
import type { Invoice, Payment } from '../../../../shared/domain/invoices/invoice.ts';
import {
  INVOICE_STATUS_LABELS,
  PAYMENT_REQUEST_ID_PATTERN,
  paymentRequestId,
} from '../../../../shared/domain/invoices/invoice.ts';
import {
  formatInvoiceNumber,
  nextInvoiceNumber,
  parseInvoiceNumber,
} from '../../../../shared/domain/invoices/numbering.ts';
import {
  decideCreditNote,
  decideInvoiceFromQuote,
  decideInvoiceWithoutQuote,
  decidePayment,
  parseCreditNote,
  parseInvoiceFromQuote,
  parsePayment,
  type IssueContext,
} from '../../../../shared/domain/invoices/rules.ts';

/** `hh:mm` on `day` in Algiers (UTC+1), in ms. */
const algiers = (day: string, time = '12:00') => Date.parse(`${day}T${time}:00+01:00`);
const NOON = algiers('2026-11-28');

const accepted = (overrides: Partial<Quote> = {}): Quote => ({
  id: 'q1',
  leadId: 'lead-1',
  number: 'DEV-2026-0007',
  version: 1,
  replacesId: null,
  status: 'accepte',
  language: 'fr',
  client: {
    kind: 'entreprise',
    legalName: 'Boulangerie Exemple SARL',
    address: 'Oran',
    rc: '31/00-1234567 B 20',
    nif: '000131012345678',
    nis: '',
    articleImposition: '',
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
  paidInCash: false,
  validityDays: 30,
  issueDate: '2026-11-01',
  validUntil: '2026-12-01',
  seller: A_REAL_SELLER,
  stampDutyScale: STAMP_DUTY_SCALE_LF_2025,
  createdAt: 0,
  updatedAt: 0,
  sentAt: 0,
  sentTo: null,
  answer: { decision: 'accepte', comment: null, at: 0 },
  ...overrides,
});

const context = (overrides: Partial<IssueContext> = {}): IssueContext => ({
  now: NOON,
  seller: A_REAL_SELLER,
  counter: null,
  ...overrides,
});

let ids = 0;
/** Issues what `decide` answers, as a store would: an id, no payment, no credit. */
function issued(decision: ReturnType<typeof decideInvoiceFromQuote>): Invoice {
  if (!decision.ok) throw new Error(decision.message);
  ids += 1;
  return { ...decision.invoice, id: `inv-${ids}`, payments: [], credits: [] };
}

const request = (input: unknown) => {
  const parsed = parseInvoiceFromQuote(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
  return parsed.request;
};

function paid(invoice: Invoice, input: unknown, now = NOON): Invoice {
  const parsed = parsePayment(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
  const decision = decidePayment(invoice, parsed.request, now);
  if (!decision.ok) throw new Error(decision.message);
  const payment: Payment = { ...decision.payment, id: `p-${invoice.payments.length + 1}` };
  return { ...invoice, payments: [...invoice.payments, payment] };
}

describe('invoice numbers', () => {
  it('FAC-2026-0001 then 0002, a new series each year, AV apart', () => {
    const first = nextInvoiceNumber('FAC', null, '2026-11-28');
    expect(first).toMatchObject({ ok: true, number: 'FAC-2026-0001' });
    if (!first.ok) return;
    expect(nextInvoiceNumber('FAC', first.counter, '2026-11-28')).toMatchObject({
      number: 'FAC-2026-0002',
    });
    expect(nextInvoiceNumber('FAC', first.counter, '2027-01-01')).toMatchObject({
      number: 'FAC-2027-0001',
    });
    expect(nextInvoiceNumber('AV', null, '2026-11-28')).toMatchObject({ number: 'AV-2026-0001' });
    expect(formatInvoiceNumber('FAC', 2026, 12_345)).toBe('FAC-2026-12345');
    expect(parseInvoiceNumber('AV-2026-0003')).toEqual({ series: 'AV', year: 2026, sequence: 3 });
    expect(parseInvoiceNumber('FAC-2026-0000')).toBeNull();
  });

  it('refuses a date before the last one numbered, in French', () => {
    const last = { series: 'FAC' as const, year: 2026, sequence: 4, lastIssueDate: '2026-11-28' };
    expect(nextInvoiceNumber('FAC', last, '2026-11-27')).toEqual({
      ok: false,
      error:
        'Une facture datée du 27 novembre 2026 ne peut pas suivre le numéro du 28 novembre 2026 : la numérotation suit l’ordre des dates.',
    });
  });
});

describe('from an accepted quote to money received (issue 46’s walk)', () => {
  it('a 30 % deposit, a CCP payment, the final invoice less the deposit, the cash balance with its stamp duty', () => {
    const quote = accepted();
    expect(quoteTotals(quote).totalTTC).toBe(dinars(119_000));

    const deposit = issued(
      decideInvoiceFromQuote(quote, request({ kind: 'acompte', percent: '30' }), [], context()),
    );
    expect(deposit).toMatchObject({
      kind: 'acompte',
      number: 'FAC-2026-0001',
      quoteNumber: 'DEV-2026-0007',
      issueDate: '2026-11-28',
      dueDate: '2026-12-28',
      share: { kind: 'percent', basisPoints: 3000n },
    });
    expect(deposit.lines).toEqual([
      expect.objectContaining({
        designation: 'Acompte de 30 % sur le devis DEV-2026-0007',
        unitPrice: dinars(30_000),
        vatRate: 19,
      }),
    ]);
    let figures = invoiceFigures(deposit, '2026-11-28');
    expect(figures).toMatchObject({ due: dinars(35_700), left: dinars(35_700), status: 'emise' });
    expect(figures.totals.vat).toEqual([{ rate: 19, base: dinars(30_000), vat: dinars(5_700) }]);

    const depositPaid = paid(deposit, {
      date: '2026-11-28',
      amount: '35 700',
      method: 'ccp',
      reference: 'BaridiMob 778899',
    });
    figures = invoiceFigures(depositPaid, '2026-11-28');
    expect(figures).toMatchObject({
      paid: dinars(35_700),
      stampDuty: 0n,
      left: 0n,
      status: 'payee',
    });

    const final = issued(
      decideInvoiceFromQuote(
        quote,
        request({ kind: 'solde', paymentMethod: 'especes' }),
        [depositPaid],
        context({
          counter: { series: 'FAC', year: 2026, sequence: 1, lastIssueDate: '2026-11-28' },
        }),
      ),
    );
    expect(final.number).toBe('FAC-2026-0002');
    expect(final.lines).toEqual(quote.lines);
    expect(final.deductions).toEqual([
      {
        invoiceId: deposit.id,
        number: 'FAC-2026-0001',
        issueDate: '2026-11-28',
        totalHT: dinars(30_000),
        vat: [{ rate: 19, base: dinars(30_000), vat: dinars(5_700) }],
        totalTTC: dinars(35_700),
      },
    ]);
    figures = invoiceFigures(final, '2026-11-28');
    expect(figures).toMatchObject({ deducted: dinars(35_700), due: dinars(83_300) });
    expect(figures.vatDue).toEqual([{ rate: 19, base: dinars(70_000), vat: dinars(13_300) }]);

    const settled = paid(final, { date: '2026-11-28', amount: '83300,00', method: 'especes' });
    figures = invoiceFigures(settled, '2026-11-28');
    // 83 300 DA in cash: 833 tranches of 100 DA at 1,5 DA.
    expect(settled.payments[0]?.stampDuty).toBe(1_249_50n);
    expect(figures).toMatchObject({ paid: dinars(83_300), left: 0n, status: 'payee' });
  });

  it('a deposit of an amount TTC asks exactly that amount, its TVA inside', () => {
    const deposit = issued(
      decideInvoiceFromQuote(
        accepted(),
        request({ kind: 'acompte', amount: '36 000' }),
        [],
        context(),
      ),
    );
    expect(deposit.lines[0]?.designation).toBe('Acompte sur le devis DEV-2026-0007');
    expect(invoiceFigures(deposit, '2026-11-28').due).toBe(dinars(36_000));
  });

  it('a deposit on a quote with two rates takes its share of each, one line per rate, in Arabic too', () => {
    const quote = accepted({
      language: 'ar',
      lines: [
        ...accepted().lines,
        {
          designation: 'Hébergement',
          unit: 'an',
          quantityMilli: 1000n,
          unitPrice: dinars(10_000),
          discountBasisPoints: 0n,
          vatRate: 9,
        },
      ],
    });
    const deposit = issued(
      decideInvoiceFromQuote(quote, request({ kind: 'acompte', percent: '30' }), [], context()),
    );
    expect(deposit.lines.map((line) => [line.designation, line.unitPrice, line.vatRate])).toEqual([
      ['دفعة مقدمة بنسبة 30 % من عرض الأسعار DEV-2026-0007 (الرسم 19 %)', dinars(30_000), 19],
      ['دفعة مقدمة بنسبة 30 % من عرض الأسعار DEV-2026-0007 (الرسم 9 %)', dinars(3_000), 9],
    ]);
    expect(invoiceFigures(deposit, '2026-11-28').due).toBe(
      divideRoundHalfUp(quoteTotals(quote).totalTTC * 30n, 100n),
    );
  });

  it('whatever the quote and the share, the deposit’s TTC is within a centime of the share asked', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPrice: fc.bigInt({ min: 1n, max: 99_999_999_99n }),
            quantityMilli: fc.bigInt({ min: 1n, max: 100_000n }),
            vatRate: fc.constantFrom(19 as const, 9 as const, 0 as const),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.bigInt({ min: 1n, max: 9_999n }),
        (lines, basisPoints) => {
          const quote = accepted({
            lines: lines.map((line) => ({
              ...line,
              designation: 'Ligne',
              unit: 'u',
              discountBasisPoints: 0n,
            })),
          });
          const whole = quoteTotals(quote).totalTTC;
          const target = divideRoundHalfUp(whole * basisPoints, 10_000n);
          fc.pre(target > 0n);
          const decision = decideInvoiceFromQuote(
            quote,
            {
              kind: 'acompte',
              share: { kind: 'percent', basisPoints },
              dueDays: 30,
              paymentMethod: null,
            },
            [],
            context(),
          );
          expect(decision.ok).toBe(true);
          const due = invoiceFigures(issued(decision), '2026-11-28').due;
          expect(due - target <= 1n && target - due <= 1n).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('under the IFU a deposit carries no TVA', () => {
    const quote = accepted({
      seller: IFU_SELLER,
      lines: accepted().lines.map((line) => ({ ...line, vatRate: 0 as const })),
    });
    const deposit = issued(
      decideInvoiceFromQuote(
        quote,
        request({ kind: 'acompte', percent: '30' }),
        [],
        context({ seller: IFU_SELLER }),
      ),
    );
    const figures = invoiceFigures(deposit, '2026-11-28');
    expect(figures.totals.vat).toEqual([]);
    expect(figures.due).toBe(dinars(30_000));
  });
});

/** A refusal's fields, else its sentence; null when allowed. */
const refusal = (result: { ok: boolean; message?: string; fields?: Record<string, string> }) =>
  result.ok ? null : (result.fields ?? result.message);

describe('every refusal is a French sentence, and nothing is issued', () => {
  it('an invoice on a refused, expired, sent or replaced quote', () => {
    const whole = request({ kind: 'facture' });
    expect(
      refusal(decideInvoiceFromQuote(accepted({ status: 'refuse' }), whole, [], context())),
    ).toBe('Ce devis a été refusé : il ne peut pas être facturé.');
    expect(
      refusal(decideInvoiceFromQuote(accepted({ status: 'expire' }), whole, [], context())),
    ).toBe('Ce devis a expiré : il ne peut pas être facturé. Faites-en une nouvelle version.');
    expect(
      refusal(decideInvoiceFromQuote(accepted({ status: 'envoye' }), whole, [], context())),
    ).toBe('Ce devis n’est pas encore accepté : il ne peut pas être facturé.');
    expect(
      refusal(decideInvoiceFromQuote(accepted({ status: 'remplace' }), whole, [], context())),
    ).toBe('Ce devis a été remplacé par une version plus récente : facturez celle-là.');
  });

  it('a deposit over 100 %, of zero, negative, or neither/both given', () => {
    const fields = (input: unknown) => {
      const parsed = parseInvoiceFromQuote(input);
      return parsed.ok ? null : parsed.fields;
    };
    expect(fields({ kind: 'acompte', percent: '120' })).toEqual({
      percent: 'Un acompte ne peut pas dépasser 100 % du devis.',
    });
    expect(fields({ kind: 'acompte', percent: '0' })).toEqual({
      percent: 'L’acompte doit être supérieur à zéro.',
    });
    expect(fields({ kind: 'acompte', amount: '-5 000' })).toEqual({
      amount: 'Saisissez un nombre positif.',
    });
    expect(fields({ kind: 'acompte', percent: 'trente' })).toEqual({
      percent: 'Saisissez un pourcentage, par exemple 30 ou 12,5.',
    });
    expect(fields({ kind: 'acompte' })).toEqual({
      percent: 'Saisissez le pourcentage ou le montant de l’acompte.',
    });
    expect(fields({ kind: 'acompte', percent: '30', amount: '1000' })).toEqual({
      amount: 'Saisissez un pourcentage ou un montant, pas les deux.',
    });
    expect(fields({ kind: 'acompte', amount: '200 000' })).toBeNull();
    expect(
      refusal(
        decideInvoiceFromQuote(
          accepted(),
          request({ kind: 'acompte', amount: '200 000' }),
          [],
          context(),
        ),
      ),
    ).toEqual({ amount: 'Un acompte ne peut pas dépasser 100 % du devis.' });
  });

  it('deposits above the quote, a whole invoice after a deposit, a final one without, twice invoiced', () => {
    const quote = accepted();
    const deposit = issued(
      decideInvoiceFromQuote(quote, request({ kind: 'acompte', percent: '80' }), [], context()),
    );
    expect(
      refusal(
        decideInvoiceFromQuote(
          quote,
          request({ kind: 'acompte', percent: '30' }),
          [deposit],
          context(),
        ),
      ),
    ).toEqual({
      percent: 'Cet acompte dépasse ce qui reste à facturer sur ce devis : 23\u202f800,00 DA.',
    });
    expect(
      refusal(decideInvoiceFromQuote(quote, request({ kind: 'facture' }), [deposit], context())),
    ).toBe(
      'Un acompte est déjà facturé sur ce devis : faites une facture de solde, qui le déduit.',
    );
    expect(refusal(decideInvoiceFromQuote(quote, request({ kind: 'solde' }), [], context()))).toBe(
      'Aucun acompte n’est facturé sur ce devis : faites une facture pour le tout.',
    );
    const whole = issued(
      decideInvoiceFromQuote(quote, request({ kind: 'facture' }), [], context()),
    );
    expect(
      refusal(
        decideInvoiceFromQuote(
          quote,
          request({ kind: 'acompte', percent: '10' }),
          [whole],
          context(),
        ),
      ),
    ).toBe(
      'Ce devis est déjà facturé en entier : pour corriger une facture, émettez une facture d’avoir.',
    );
  });

  it('an invoice while a legal mention is missing', () => {
    expect(
      refusal(
        decideInvoiceFromQuote(
          accepted(),
          request({ kind: 'facture' }),
          [],
          context({ seller: { ...A_REAL_SELLER, nif: '' } }),
        ),
      ),
    ).toBe(
      'Cette facture ne peut pas être émise : il manque le NIF. Complétez les mentions légales dans « Réglages ».',
    );
  });

  it('a payment above what is left, of zero, negative, dated tomorrow, on a paid invoice', () => {
    const invoice = issued(
      decideInvoiceFromQuote(accepted(), request({ kind: 'facture' }), [], context()),
    );
    const tryPaying = (input: unknown, on: Invoice = invoice) => {
      const parsed = parsePayment(input);
      if (!parsed.ok) return parsed.fields;
      return refusal(decidePayment(on, parsed.request, NOON));
    };
    expect(tryPaying({ date: '2026-11-28', amount: '119 000,01', method: 'virement' })).toEqual({
      amount: 'Ce paiement dépasse ce qui reste à payer sur cette facture : 119\u202f000,00 DA.',
    });
    expect(tryPaying({ date: '2026-11-28', amount: '0', method: 'virement' })).toEqual({
      amount: 'Le montant du paiement doit être supérieur à zéro.',
    });
    expect(tryPaying({ date: '2026-11-28', amount: '-10', method: 'virement' })).toEqual({
      amount: 'Saisissez un nombre positif.',
    });
    expect(tryPaying({ date: '2026-11-29', amount: '10', method: 'virement' })).toEqual({
      date: 'Un paiement ne peut pas être daté d’un jour à venir.',
    });
    expect(tryPaying({ date: '2026-11-28', amount: '10', method: 'bitcoin' })).toEqual({
      method: 'Choisissez le mode de paiement.',
    });
    const settled = paid(invoice, {
      date: '2026-11-28',
      amount: '119000',
      method: 'cheque',
      reference: '0012345',
    });
    expect(tryPaying({ date: '2026-11-28', amount: '1', method: 'especes' }, settled)).toBe(
      'Cette facture est déjà payée : il n’y a plus rien à encaisser.',
    );
  });
});

describe('a payment retried after a timeout', () => {
  it('answers a request id already recorded on the invoice with that payment, before any refusal', () => {
    const invoice = issued(
      decideInvoiceFromQuote(accepted(), request({ kind: 'facture' }), [], context()),
    );
    const input = {
      date: '2026-11-28',
      amount: '119 000',
      method: 'ccp',
      requestId: '3f1c2a9e-5b7d-4e21-9c0a-6d8e2f4b1a70',
    };
    const settled = paid(invoice, input);
    expect(settled.payments[0]?.requestId).toBe(input.requestId);
    const parsed = parsePayment({ ...input, amount: '5' });
    if (!parsed.ok) throw new Error(parsed.message);
    // Paid in full by it: the retry is not « déjà payée », it is that payment again.
    expect(decidePayment(settled, parsed.request, NOON + 60_000)).toEqual({
      ok: true,
      repeated: true,
      payment: settled.payments[0],
    });
    // Another request: decided as any payment.
    const other = parsePayment({ ...input, requestId: 'b0a5e7c4-1d2f-4a6b-8e9c-0f1a2b3c4d5e' });
    if (!other.ok) throw new Error(other.message);
    expect(refusal(decidePayment(settled, other.request, NOON))).toBe(
      'Cette facture est déjà payée : il n’y a plus rien à encaisser.',
    );
    // No id (an older screen): a new payment each time; a malformed one is refused.
    const plain = parsePayment({ date: '2026-11-28', amount: '10', method: 'ccp' });
    expect(plain.ok && plain.request.requestId).toBeUndefined();
    expect(parsePayment({ ...input, requestId: 'x' })).toMatchObject({
      ok: false,
      fields: {
        requestId:
          'Ce paiement n’a pas pu être identifié. Avant de l’enregistrer de nouveau, vérifiez dans « Factures » qu’il ne l’est pas déjà.',
      },
    });
  });
});

describe('states and « Reste à payer »', () => {
  it('Émise, Partiellement payée, En retard past the due date, Payée', () => {
    const invoice = issued(
      decideInvoiceFromQuote(accepted(), request({ kind: 'facture', dueDays: 15 }), [], context()),
    );
    expect(invoice.dueDate).toBe('2026-12-13');
    const status = (on: Invoice, day: string) =>
      INVOICE_STATUS_LABELS[invoiceFigures(on, day).status].fr;
    expect(status(invoice, '2026-12-13')).toBe('Émise');
    const part = paid(invoice, { date: '2026-11-28', amount: '50 000', method: 'virement' });
    expect(status(part, '2026-12-13')).toBe('Partiellement payée');
    expect(invoiceFigures(part, '2026-12-13').left).toBe(dinars(69_000));
    expect(status(part, '2026-12-14')).toBe('En retard');
    const all = paid(part, { date: '2026-11-28', amount: '69 000', method: 'carte' });
    expect(status(all, '2027-03-01')).toBe('Payée');
  });

  it('a credit note in part lowers what is left; in whole it cancels; never above the invoice', () => {
    const invoice = issued(
      decideInvoiceFromQuote(accepted(), request({ kind: 'facture' }), [], context()),
    );
    const credit = (input: unknown, on: Invoice = invoice) => {
      const parsed = parseCreditNote(input);
      if (!parsed.ok) return parsed;
      return decideCreditNote(on, parsed.request, context());
    };
    expect(refusal(credit({ amount: '119 000,01', reason: 'Erreur de prix' }))).toEqual({
      amount: 'Cet avoir dépasse ce qui reste de la facture après ses avoirs : 119\u202f000,00 DA.',
    });
    expect(refusal(credit({ amount: '100' }))).toEqual({
      reason: 'Dites en une phrase pourquoi cet avoir est émis.',
    });
    const part = credit({ amount: '11 900', reason: 'Remise commerciale' });
    if (!part.ok) throw new Error(part.message);
    expect(part.invoice).toMatchObject({
      kind: 'avoir',
      number: 'AV-2026-0001',
      corrects: { invoiceId: invoice.id, number: 'FAC-2026-0001' },
    });
    expect(part.invoice.lines[0]).toMatchObject({
      designation: 'Avoir sur la facture FAC-2026-0001 : Remise commerciale',
      unitPrice: dinars(10_000),
    });
    const lowered: Invoice = {
      ...invoice,
      credits: [
        { invoiceId: 'av-1', number: 'AV-2026-0001', issueDate: '2026-11-28', amount: part.amount },
      ],
    };
    expect(invoiceFigures(lowered, '2026-11-28')).toMatchObject({
      left: dinars(107_100),
      status: 'emise',
    });
    const rest = credit({ reason: 'Annulation de la commande' }, lowered);
    if (!rest.ok) throw new Error(rest.message);
    expect(rest.amount).toBe(dinars(107_100));
    const cancelled: Invoice = {
      ...lowered,
      credits: [
        ...lowered.credits,
        { invoiceId: 'av-2', number: 'AV-2026-0002', issueDate: '2026-11-28', amount: rest.amount },
      ],
    };
    expect(INVOICE_STATUS_LABELS[invoiceFigures(cancelled, '2026-11-28').status].fr).toBe(
      'Annulée',
    );
    expect(refusal(credit({ reason: 'Encore' }, cancelled))).toBe(
      'Cette facture est déjà annulée en entier par ses avoirs.',
    );
    const parsed = parsePayment({ date: '2026-11-28', amount: '1', method: 'especes' });
    if (!parsed.ok) throw new Error('parse');
    expect(refusal(decidePayment(cancelled, parsed.request, NOON))).toBe(
      'Cette facture est annulée par un avoir : elle ne reçoit plus de paiement.',
    );
  });
});

describe('« Facture » for a lead without a quote', () => {
  const lead = { id: 'lead-2' };
  const typed = {
    language: 'fr',
    client: {
      kind: 'particulier',
      lastName: 'Client Exemple',
      address: 'Cité 200 logements, Mostaganem',
      phone: '0550 12 34 56',
    },
    lines: [
      { designation: 'Maintenance', quantity: '3', unit: 'mois', unitPrice: '10 000', vatRate: 19 },
      { designation: 'Formation', quantity: '1', unit: 'forfait', unitPrice: '5 000', vatRate: 9 },
    ],
    dueDays: 15,
  };

  it('takes the owner’s lines and client, numbered in the invoices’ series, due after its term', () => {
    const decision = decideInvoiceWithoutQuote(
      lead,
      typed,
      context({ counter: { series: 'FAC', year: 2026, sequence: 4, lastIssueDate: '2026-11-20' } }),
    );
    const invoice = issued(decision);
    expect(invoice).toMatchObject({
      leadId: 'lead-2',
      kind: 'facture',
      number: 'FAC-2026-0005',
      quoteId: null,
      quoteNumber: null,
      issueDate: '2026-11-28',
      dueDate: '2026-12-13',
      client: { kind: 'particulier', lastName: 'Client Exemple', phone: '+213550123456' },
      paymentMethod: null,
    });
    const figures = invoiceFigures(invoice, '2026-11-28');
    // 30 000 at 19 % and 5 000 at 9 %: 35 000 HT, 5 700 + 450 TVA.
    expect(figures.totals.totalHT).toBe(dinars(35_000));
    expect(figures.due).toBe(dinars(41_150));
    expect(figures.status).toBe('emise');
  });

  it('refuses, in French under each field, what a quote’s lines refuse, an empty client, nothing to ask, an unknown lead', () => {
    expect(
      refusal(
        decideInvoiceWithoutQuote(
          lead,
          {
            ...typed,
            client: { kind: 'particulier', lastName: '', address: '' },
            lines: [
              { designation: '', quantity: '0', unit: 'mois', unitPrice: 'dix', vatRate: 19 },
            ],
          },
          context(),
        ),
      ),
    ).toEqual({
      'client.lastName': 'Ce champ est obligatoire.',
      'client.address': 'Ce champ est obligatoire.',
      'lines.0.designation': 'Ce champ est obligatoire.',
      'lines.0.quantity': 'La quantité doit être supérieure à zéro.',
      'lines.0.unitPrice': 'Saisissez un prix en dinars, par exemple 120 000 ou 2 500,50.',
    });
    expect(refusal(decideInvoiceWithoutQuote(lead, { ...typed, lines: [] }, context()))).toEqual({
      lines: 'Ajoutez au moins une ligne à la facture.',
    });
    expect(
      refusal(
        decideInvoiceWithoutQuote(
          lead,
          { ...typed, lines: [{ ...typed.lines[0], unitPrice: '0' }] },
          context(),
        ),
      ),
    ).toEqual({ lines: 'Cette facture ne demande rien : donnez un prix à au moins une ligne.' });
    expect(
      refusal(decideInvoiceWithoutQuote(lead, typed, context({ seller: IFU_SELLER }))),
    ).toEqual({
      'lines.0.vatRate': 'Au régime de l’IFU, la facture ne porte pas de TVA : choisissez 0 %.',
      'lines.1.vatRate': 'Au régime de l’IFU, la facture ne porte pas de TVA : choisissez 0 %.',
    });
    expect(refusal(decideInvoiceWithoutQuote(null, typed, context()))).toBe(
      'Ce contact n’est pas (ou plus) dans la boîte de réception.',
    );
    expect(
      refusal(
        decideInvoiceWithoutQuote(lead, typed, context({ seller: { ...A_REAL_SELLER, nif: '' } })),
      ),
    ).toBe(
      'Cette facture ne peut pas être émise : il manque le NIF. Complétez les mentions légales dans « Réglages ».',
    );
  });
});

describe('the request id of « Enregistrer un paiement »', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u;
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a random UUID, also on a page without crypto.randomUUID (plain HTTP on the local network)', () => {
    const secure = paymentRequestId();
    // What a browser gives a page that is not secure: getRandomValues, no randomUUID.
    const { crypto } = globalThis;
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const ids = [secure, paymentRequestId(), paymentRequestId()];
    for (const id of ids) {
      expect(id).toMatch(UUID_V4);
      expect(id).toMatch(PAYMENT_REQUEST_ID_PATTERN);
      expect(
        parsePayment({ date: '2026-11-28', amount: '10', method: 'ccp', requestId: id }).ok,
      ).toBe(true);
    }
    expect(new Set(ids).size).toBe(3);
  });
});
