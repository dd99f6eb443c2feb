/**
 * What the invoices' e2e tests share: a lead with an accepted quote, an invoice issued on it.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { TestMessage } from './fixtures.ts';

/**
 * A lead, its quote of 100 000 DA HT at 19 % (119 000 DA TTC) sent and accepted by the client's
 * link: the lead's and the quote's ids. The owner must be signed in on `request`'s context.
 */
export async function acceptedQuoteOf(
  request: APIRequestContext,
  origin: string,
  lead: TestMessage,
  language: 'fr' | 'ar',
): Promise<{ leadId: string; quoteId: string }> {
  const contact = await request.post(`${origin}/api/contacts`, { data: { ...lead, language } });
  expect(contact.status()).toBe(201);
  const leadId = ((await contact.json()) as { id: string }).id;
  const draft = await request.post(`${origin}/api/quotes`, {
    data: {
      leadId,
      draft: {
        language,
        validityDays: 30,
        client: {
          kind: 'entreprise',
          legalName: lead.fullName,
          address: language === 'ar' ? 'وهران' : 'Oran',
          rc: '31/00-1234567 B 20',
          nif: '000131012345678',
          nis: '000131010012345',
          articleImposition: '31011234567',
          phone: '',
        },
        lines: [
          {
            designation: language === 'ar' ? 'موقع تعريفي' : 'Site vitrine',
            quantity: '1',
            unit: 'forfait',
            unitPrice: '100 000',
            vatRate: 19,
          },
        ],
        paidInCash: false,
      },
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const quoteId = ((await draft.json()) as { id: string }).id;
  const sent = await request.post(`${origin}/api/quotes/${quoteId}/send`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const token = new URL(((await sent.json()) as { link: string }).link).hash.slice(1);
  const answer = await request.post(`${origin}/api/quote-links/answer`, {
    data: { token, decision: 'accepte' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return { leadId, quoteId };
}

/** The quote's id of `acceptedQuoteOf`. */
export async function acceptedQuote(
  request: APIRequestContext,
  origin: string,
  lead: TestMessage,
  language: 'fr' | 'ar',
): Promise<string> {
  return (await acceptedQuoteOf(request, origin, lead, language)).quoteId;
}

/** « Facture » for the whole of an accepted quote, due in `dueDays` days: its id and number. */
export async function issuedInvoice(
  request: APIRequestContext,
  origin: string,
  quoteId: string,
  dueDays = 30,
): Promise<{ id: string; number: string }> {
  const issued = await request.post(`${origin}/api/quotes/${quoteId}/invoices`, {
    data: { kind: 'facture', dueDays },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  return (await issued.json()) as { id: string; number: string };
}
