import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackendError, type Backend, type InvoiceStore } from '../../../shared/backend/ports.ts';
import { invoiceFigures } from '../../../shared/domain/invoices/figures.ts';
import type { Invoice } from '../../../shared/domain/invoices/invoice.ts';
import { dinars } from '../../../shared/domain/quotes/money.ts';
import type { QuoteDraftFields } from '../../../shared/domain/quotes/record.ts';
import { todayInAlgiers } from '../../../shared/domain/quotes/validity.ts';
import { CONTRACT_MESSAGE } from './contract.ts';
import { A_REAL_SELLER, QUOTES_START, quotesOf, type QuotesHarness } from './quotes-contract.ts';

/** One line of 100 000 DA HT at 19 %: 119 000 DA TTC, paid by transfer. */
export const A_QUOTE_TO_INVOICE: QuoteDraftFields = {
  language: 'fr',
  validityDays: 30,
  client: {
    kind: 'entreprise',
    legalName: 'Boulangerie Exemple SARL',
    address: 'Oran',
    rc: '31/00-1234567 B 20',
    nif: '000131012345678',
    nis: '000131010012345',
    articleImposition: '31011234567',
    phone: '',
  },
  lines: [
    {
      designation: 'Site vitrine',
      quantity: '1',
      unit: 'forfait',
      unitPrice: '100 000',
      vatRate: 19,
    },
  ],
  paidInCash: false,
};

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected a rejection');
}

/** The client-link operations of a store that has them (issue 46). */
export function linksOf(
  store: InvoiceStore,
): Required<Pick<InvoiceStore, 'link' | 'emailLink' | 'readByToken'>> {
  const { link, emailLink, readByToken } = store;
  if (!link || !emailLink || !readByToken) throw new Error('no client links for invoices');
  return { link, emailLink, readByToken };
}

/** « Facture » for a lead without a quote, of a store that has it. */
export function withoutQuoteOf(store: InvoiceStore): Required<InvoiceStore>['issueWithoutQuote'] {
  const { issueWithoutQuote } = store;
  if (!issueWithoutQuote) throw new Error('no invoice without a quote');
  return issueWithoutQuote;
}

export function invoicesOf(backend: Backend): InvoiceStore {
  if (!backend.invoices) throw new Error('no invoices');
  return backend.invoices;
}

const DAY = todayInAlgiers(new Date(QUOTES_START));

/**
 * The invoices' contract (issue 46), the same on every backend that has them: from an
 * accepted quote to the money received, numbering at issue without gaps or doubles (also for
 * two requests at once), payments and « Reste à payer », credit notes, French refusals that
 * store nothing, admin only.
 */
/**
 * `clientLinks`: whether the backend gives the client a link to an invoice's page (the embedded
 * server does; Firebase mode not yet, docs/invoices.md). Without them, the contract checks that
 * the port leaves the operations out, which is what hides « Envoyer » in « Factures ».
 */
export function describeInvoicesContract(
  name: string,
  setup: () => Promise<QuotesHarness>,
  { clientLinks }: { clientLinks: boolean },
) {
  describe(`InvoiceStore contract: ${name}`, () => {
    const current: { harness?: QuotesHarness } = {};
    beforeEach(async () => {
      current.harness = await setup();
      await current.harness.setSeller(A_REAL_SELLER);
    });
    afterEach(async () => {
      await current.harness?.dispose();
      current.harness = undefined;
    });
    const harness = () => {
      if (!current.harness) throw new Error('no harness');
      return current.harness;
    };

    async function signedIn(): Promise<Backend> {
      const backend = harness().client();
      await backend.session.signIn(harness().admin.email, harness().admin.password);
      return backend;
    }

    /** A lead's quote, sent and answered by the client through the link. */
    async function answeredQuote(
      owner: Backend,
      decision: 'accepte' | 'refuse' = 'accepte',
    ): Promise<string> {
      const { id: leadId } = await harness()
        .client()
        .messages.send({ ...CONTRACT_MESSAGE, subject: 'Un site pour la boulangerie' });
      const quotes = quotesOf(owner);
      const draft = await quotes.createDraft(leadId, A_QUOTE_TO_INVOICE);
      const { link } = await quotes.send(draft.id);
      await quotesOf(harness().client()).answer(new URL(link).hash.slice(1), { decision });
      return draft.id;
    }

    it('keeps invoices to the owner: a visitor reads and writes none', async () => {
      const owner = await signedIn();
      const quoteId = await answeredQuote(owner);
      const invoice = await invoicesOf(owner).issueFromQuote(quoteId, { kind: 'facture' });
      const visitor = invoicesOf(harness().client());
      expect((await rejection(visitor.list())).code).toBe('unauthorized');
      expect((await rejection(visitor.get(invoice.id))).code).toBe('unauthorized');
      expect((await rejection(visitor.issueFromQuote(quoteId, { kind: 'facture' }))).code).toBe(
        'unauthorized',
      );
      expect(
        (
          await rejection(
            visitor.recordPayment(invoice.id, { date: DAY, amount: '1', method: 'especes' }),
          )
        ).code,
      ).toBe('unauthorized');
    });

    it('takes an accepted quote to a 30 % deposit paid by CCP, then the final invoice paid in cash with its stamp duty', async () => {
      const owner = await signedIn();
      const invoices = invoicesOf(owner);
      const quoteId = await answeredQuote(owner);

      const deposit = await invoices.issueFromQuote(quoteId, { kind: 'acompte', percent: '30' });
      expect(deposit).toMatchObject({ kind: 'acompte', number: 'FAC-2026-0001', issueDate: DAY });
      // Frozen from « Réglages » (which may add its terms: Firebase reads them with the details).
      expect(deposit.seller).toMatchObject(A_REAL_SELLER);
      expect(invoiceFigures(deposit, DAY)).toMatchObject({ due: dinars(35_700), status: 'emise' });

      const depositPaid = await invoices.recordPayment(deposit.id, {
        date: DAY,
        amount: '35 700',
        method: 'ccp',
        reference: 'BaridiMob 778899',
      });
      expect(depositPaid.payments).toMatchObject([
        {
          date: DAY,
          amount: dinars(35_700),
          stampDuty: 0n,
          method: 'ccp',
          reference: 'BaridiMob 778899',
        },
      ]);
      expect(invoiceFigures(depositPaid, DAY)).toMatchObject({ left: 0n, status: 'payee' });

      const final = await invoices.issueFromQuote(quoteId, {
        kind: 'solde',
        paymentMethod: 'especes',
      });
      expect(final).toMatchObject({
        kind: 'solde',
        number: 'FAC-2026-0002',
        paymentMethod: 'especes',
        deductions: [{ invoiceId: deposit.id, number: 'FAC-2026-0001', totalTTC: dinars(35_700) }],
      });
      expect(invoiceFigures(final, DAY).due).toBe(dinars(83_300));

      const settled = await invoices.recordPayment(final.id, {
        date: DAY,
        amount: '83 300',
        method: 'especes',
      });
      expect(settled.payments[0]).toMatchObject({ amount: dinars(83_300), stampDuty: 1_249_50n });
      expect(invoiceFigures(settled, DAY)).toMatchObject({ left: 0n, status: 'payee' });

      // The list: newest first, with what each received; the quote is invoiced in full.
      const all = await invoices.list();
      expect(all.map((invoice) => invoice.number)).toEqual(['FAC-2026-0002', 'FAC-2026-0001']);
      const figures = all.map((invoice) => invoiceFigures(invoice, DAY));
      expect(figures.reduce((sum, f) => sum + f.due, 0n)).toBe(dinars(119_000));
      expect(figures.reduce((sum, f) => sum + f.paid, 0n)).toBe(dinars(119_000));
      expect(figures.reduce((sum, f) => sum + f.stampDuty, 0n)).toBe(1_249_50n);
      expect((await rejection(invoices.issueFromQuote(quoteId, { kind: 'facture' }))).message).toBe(
        'Ce devis est déjà facturé en entier : pour corriger une facture, émettez une facture d’avoir.',
      );
      expect(await invoices.listByLead(deposit.leadId)).toHaveLength(2);
    });

    it('refuses bad input and what the rules forbid in French, storing nothing and skipping no number', async () => {
      const owner = await signedIn();
      const invoices = invoicesOf(owner);
      const refusedQuote = await answeredQuote(owner, 'refuse');
      expect(
        (await rejection(invoices.issueFromQuote(refusedQuote, { kind: 'facture' }))).message,
      ).toBe('Ce devis a été refusé : il ne peut pas être facturé.');
      const quoteId = await answeredQuote(owner);
      const over = await rejection(
        invoices.issueFromQuote(quoteId, { kind: 'acompte', percent: '150' }),
      );
      expect(over.code).toBe('invalid-input');
      expect(over.fields).toEqual({ percent: 'Un acompte ne peut pas dépasser 100 % du devis.' });
      expect((await rejection(invoices.get('aucune'))).code).toBe('not-found');
      expect(await invoices.list()).toEqual([]);

      const invoice = await invoices.issueFromQuote(quoteId, { kind: 'facture' });
      expect(invoice.number).toBe('FAC-2026-0001');
      const tooMuch = await rejection(
        invoices.recordPayment(invoice.id, { date: DAY, amount: '119 000,01', method: 'virement' }),
      );
      expect(tooMuch.fields).toEqual({
        amount: 'Ce paiement dépasse ce qui reste à payer sur cette facture : 119\u202f000,00 DA.',
      });
      const tomorrow = todayInAlgiers(new Date(QUOTES_START + 86_400_000));
      expect(
        (
          await rejection(
            invoices.recordPayment(invoice.id, { date: tomorrow, amount: '10', method: 'cheque' }),
          )
        ).fields,
      ).toEqual({ date: 'Un paiement ne peut pas être daté d’un jour à venir.' });
      expect(
        (
          await rejection(
            invoices.recordPayment(invoice.id, { date: DAY, amount: '0', method: 'cheque' }),
          )
        ).fields,
      ).toEqual({ amount: 'Le montant du paiement doit être supérieur à zéro.' });
      expect((await invoices.get(invoice.id)).payments).toEqual([]);
      expect(
        (
          await rejection(
            invoices.issueCreditNote(invoice.id, { amount: '200 000', reason: 'Erreur' }),
          )
        ).fields,
      ).toEqual({
        amount:
          'Cet avoir dépasse ce qui reste de la facture après ses avoirs : 119\u202f000,00 DA.',
      });

      // A legal mention missing from « Réglages »: refused, and the number is not used up.
      const accepted = await answeredQuote(owner);
      await harness().setSeller({ ...A_REAL_SELLER, nif: '' });
      expect(
        (await rejection(invoices.issueFromQuote(accepted, { kind: 'facture' }))).message,
      ).toBe(
        'Cette facture ne peut pas être émise : il manque le NIF. Complétez les mentions légales dans « Réglages ».',
      );
      await harness().setSeller(A_REAL_SELLER);
      const next = await invoices.issueFromQuote(accepted, { kind: 'facture' });
      expect(next.number).toBe('FAC-2026-0002');
    });

    it('invoices a lead without a quote: its lines and client, in the same series; refusals under their field store nothing and skip no number', async () => {
      const owner = await signedIn();
      const invoices = invoicesOf(owner);
      const issueWithoutQuote = withoutQuoteOf(invoices);
      const { id: leadId } = await harness()
        .client()
        .messages.send({ ...CONTRACT_MESSAGE, subject: 'Une maintenance' });
      const maintenance = {
        designation: 'Maintenance',
        quantity: '3',
        unit: 'mois',
        unitPrice: '10 000',
        vatRate: 19 as const,
      };
      const typed = {
        language: 'fr' as const,
        client: A_QUOTE_TO_INVOICE.client,
        lines: [
          maintenance,
          {
            designation: 'Formation',
            quantity: '1',
            unit: 'forfait',
            unitPrice: '5 000',
            vatRate: 9 as const,
          },
        ],
        dueDays: 15,
        paymentMethod: 'virement' as const,
      };
      const bad = await rejection(
        issueWithoutQuote(leadId, {
          ...typed,
          client: { ...A_QUOTE_TO_INVOICE.client, address: '' },
          lines: [{ ...maintenance, unitPrice: 'dix' }],
        }),
      );
      expect(bad.code).toBe('invalid-input');
      expect(bad.fields).toEqual({
        'client.address': 'Ce champ est obligatoire.',
        'lines.0.unitPrice': 'Saisissez un prix en dinars, par exemple 120 000 ou 2 500,50.',
      });
      expect((await rejection(issueWithoutQuote(leadId, { ...typed, lines: [] }))).fields).toEqual({
        lines: 'Ajoutez au moins une ligne à la facture.',
      });
      const unknown = await rejection(issueWithoutQuote('aucun-contact', typed));
      expect(unknown.code).toBe('not-found');
      expect(unknown.message).toBe('Ce contact n’est pas (ou plus) dans la boîte de réception.');
      expect(
        (await rejection(withoutQuoteOf(invoicesOf(harness().client()))(leadId, typed))).code,
      ).toBe('unauthorized');
      expect(await invoices.list()).toEqual([]);

      const invoice = await issueWithoutQuote(leadId, typed);
      expect(invoice).toMatchObject({
        leadId,
        kind: 'facture',
        number: 'FAC-2026-0001',
        quoteId: null,
        quoteNumber: null,
        issueDate: DAY,
        paymentMethod: 'virement',
        client: { kind: 'entreprise', legalName: 'Boulangerie Exemple SARL' },
        seller: { legalName: A_REAL_SELLER.legalName },
        payments: [],
      });
      const figures = invoiceFigures(invoice, DAY);
      expect(figures.due).toBe(dinars(41_150));
      expect(figures.status).toBe('emise');
      expect(await invoices.listByLead(leadId)).toEqual([invoice]);
      // The same series as the invoices from a quote, and paid the same way.
      const quoteId = await answeredQuote(owner);
      expect((await invoices.issueFromQuote(quoteId, { kind: 'facture' })).number).toBe(
        'FAC-2026-0002',
      );
      const paid = await invoices.recordPayment(invoice.id, {
        date: DAY,
        amount: '41 150',
        method: 'virement',
      });
      expect(invoiceFigures(paid, DAY).status).toBe('payee');
    });

    it('gives two invoices asked at once two numbers in order, and lets two deposits at once not pass the quote', async () => {
      const owner = await signedIn();
      const invoices = invoicesOf(owner);
      const [first, second] = [await answeredQuote(owner), await answeredQuote(owner)];
      const both = await Promise.all([
        invoices.issueFromQuote(first, { kind: 'facture' }),
        invoices.issueFromQuote(second, { kind: 'facture' }),
      ]);
      expect(both.map((invoice) => invoice.number).sort()).toEqual([
        'FAC-2026-0001',
        'FAC-2026-0002',
      ]);
      const third = await answeredQuote(owner);
      const deposits = await Promise.allSettled([
        invoices.issueFromQuote(third, { kind: 'acompte', percent: '60' }),
        invoices.issueFromQuote(third, { kind: 'acompte', percent: '60' }),
      ]);
      expect(deposits.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const failed = deposits.find((result) => result.status === 'rejected');
      expect((failed?.reason as BackendError).fields).toEqual({
        percent: 'Cet acompte dépasse ce qui reste à facturer sur ce devis : 47\u202f600,00 DA.',
      });
      expect((await invoices.list()).map((invoice) => invoice.number).sort()).toEqual([
        'FAC-2026-0001',
        'FAC-2026-0002',
        'FAC-2026-0003',
      ]);
    });

    it('records a payment retried after a timeout once: the same request id, at once or later, answers the first payment', async () => {
      const owner = await signedIn();
      const invoices = invoicesOf(owner);
      const invoice = await invoices.issueFromQuote(await answeredQuote(owner), {
        kind: 'facture',
      });
      const requestId = '3f1c2a9e-5b7d-4e21-9c0a-6d8e2f4b1a70';
      const payment = { date: DAY, amount: '19 000', method: 'ccp', requestId } as const;
      // The first attempt still running when the owner presses again: both answer one payment.
      const [first, second] = await Promise.all([
        invoices.recordPayment(invoice.id, payment),
        invoices.recordPayment(invoice.id, payment),
      ]);
      expect(first.payments).toHaveLength(1);
      expect(second.payments).toEqual(first.payments);
      expect(first.payments[0]).toMatchObject({ amount: dinars(19_000), requestId });
      // Later, even with another amount typed since: the first payment, nothing recorded.
      const later = await invoices.recordPayment(invoice.id, { ...payment, amount: '100 000' });
      expect(later.payments).toEqual(first.payments);
      expect((await invoices.get(invoice.id)).payments).toEqual(first.payments);
      // Paid in full by another request: the first one's retry still answers, not « déjà payée ».
      const rest = await invoices.recordPayment(invoice.id, {
        date: DAY,
        amount: '100 000',
        method: 'virement',
        requestId: 'b0a5e7c4-1d2f-4a6b-8e9c-0f1a2b3c4d5e',
      });
      expect(invoiceFigures(rest, DAY).status).toBe('payee');
      expect((await invoices.recordPayment(invoice.id, payment)).payments).toHaveLength(2);
      // A malformed id is refused under its field, nothing recorded.
      expect(
        (
          await rejection(
            invoices.recordPayment(invoice.id, { ...payment, requestId: 'pas un identifiant' }),
          )
        ).fields,
      ).toEqual({
        requestId:
          'Ce paiement n’a pas pu être identifié. Avant de l’enregistrer de nouveau, vérifiez dans « Factures » qu’il ne l’est pas déjà.',
      });
    });

    it('corrects an issued invoice only by a credit note: in part, then in whole (« Annulée »), in its own series', async () => {
      const owner = await signedIn();
      const invoices = invoicesOf(owner);
      const invoice = await invoices.issueFromQuote(await answeredQuote(owner), {
        kind: 'facture',
        dueDays: 15,
      });
      const part = await invoices.issueCreditNote(invoice.id, {
        amount: '11 900',
        reason: 'Remise commerciale',
      });
      expect(part).toMatchObject({
        kind: 'avoir',
        number: 'AV-2026-0001',
        corrects: { invoiceId: invoice.id, number: 'FAC-2026-0001' },
      });
      const lowered = await invoices.get(invoice.id);
      // Nothing issued changes: only the credit note is added.
      expect({ ...lowered, credits: [] }).toEqual({ ...invoice, credits: [] });
      expect(invoiceFigures(lowered, DAY)).toMatchObject({
        left: dinars(107_100),
        status: 'emise',
      });
      const rest = await invoices.issueCreditNote(invoice.id, { reason: 'Commande annulée' });
      expect(rest.number).toBe('AV-2026-0002');
      const cancelled = await invoices.get(invoice.id);
      expect(invoiceFigures(cancelled, DAY).status).toBe('annulee');
      expect(
        (
          await rejection(
            invoices.recordPayment(invoice.id, { date: DAY, amount: '1', method: 'especes' }),
          )
        ).message,
      ).toBe('Cette facture est annulée par un avoir : elle ne reçoit plus de paiement.');
    });

    if (clientLinks) {
      it('gives the client a link to the invoice’s page: the same each time, read without a session, with what is paid and left; dead links and credit notes refused', async () => {
        const owner = await signedIn();
        const invoices = invoicesOf(owner);
        if (!invoices.link || !invoices.readByToken) throw new Error(`${name}: no client links`);
        const quoteId = await answeredQuote(owner);
        const deposit = await invoices.issueFromQuote(quoteId, { kind: 'acompte', percent: '30' });
        const { link } = await invoices.link(deposit.id);
        expect(link).toMatch(/\/pageFacture#[A-Za-z0-9_-]{43}$/u);
        // Derived, not drawn: the same link each time it is asked.
        expect((await invoices.link(deposit.id)).link).toBe(link);
        await invoices.recordPayment(deposit.id, { date: DAY, amount: '10 000', method: 'ccp' });

        // The client, without a session, reads the invoice: its figures, not the lead's ids.
        const visitor = invoicesOf(harness().client());
        const token = new URL(link).hash.slice(1);
        const read = await linksOf(visitor).readByToken(token);
        expect(read).toMatchObject({
          number: 'FAC-2026-0001',
          kind: 'acompte',
          quoteNumber: 'DEV-2026-0001',
          dueDate: '2026-12-26',
          today: DAY,
          payments: [{ amount: dinars(10_000), method: 'ccp' }],
        });
        expect(read).not.toHaveProperty('leadId');
        expect(read).not.toHaveProperty('id');
        expect(invoiceFigures(read, read.today)).toMatchObject({
          due: dinars(35_700),
          paid: dinars(10_000),
          left: dinars(25_700),
          status: 'partielle',
        });
        // Another invoice has another link; a token that never was leads nowhere.
        const final = await invoices.issueFromQuote(quoteId, { kind: 'solde' });
        expect((await invoices.link(final.id)).link).not.toBe(link);
        const dead = await rejection(linksOf(visitor).readByToken('A'.repeat(43)));
        expect(dead.code).toBe('not-found');
        expect(dead.message).toBe(
          'Ce lien ne mène à aucune facture : il est incomplet ou n’a jamais existé. Demandez à l’agence de vous renvoyer la facture.',
        );
        // The owner's operation: a visitor cannot make a link; a credit note has none.
        expect((await rejection(linksOf(visitor).link(deposit.id))).code).toBe('unauthorized');
        const note = await invoices.issueCreditNote(final.id, {
          reason: 'Remise commerciale',
          amount: '100',
        });
        const refused = await rejection(invoices.link(note.id));
        expect(refused.code).toBe('refused');
        expect(refused.message).toBe(
          'Une facture d’avoir n’a pas de page pour le client : envoyez-lui la facture qu’elle corrige.',
        );
        expect((await rejection(invoices.link('aucune'))).code).toBe('not-found');
      });
    } else {
      it('offers no client link for an invoice, so « Factures » offers no « Envoyer »', async () => {
        const invoices = invoicesOf(await signedIn());
        expect([invoices.link, invoices.emailLink, invoices.readByToken]).toEqual([
          undefined,
          undefined,
          undefined,
        ]);
      });
    }

    it('dates and numbers on the backend’s clock: a new year starts FAC-2027-0001; past its due date unpaid, « En retard »', async () => {
      const owner = await signedIn();
      const invoices = invoicesOf(owner);
      const invoice: Invoice = await invoices.issueFromQuote(await answeredQuote(owner), {
        kind: 'facture',
      });
      expect(invoice.dueDate).toBe('2026-12-26');
      expect(invoiceFigures(invoice, '2026-12-27').status).toBe('en-retard');
      const quoteId = await answeredQuote(owner);
      await harness().setNow(Date.UTC(2027, 0, 4, 9, 0, 0));
      const again = await signedIn();
      const next = await invoicesOf(again).issueFromQuote(quoteId, { kind: 'facture' });
      expect(next).toMatchObject({ number: 'FAC-2027-0001', issueDate: '2027-01-04' });
    });
  });
}
