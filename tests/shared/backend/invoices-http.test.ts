import { describe, expect, it, onTestFinished } from 'vitest';
import { ADMIN } from '../../server/helpers.ts';
import { CONTRACT_MESSAGE } from './contract.ts';
import {
  A_QUOTE_TO_INVOICE,
  describeInvoicesContract,
  invoicesOf,
  linksOf,
} from './invoices-contract.ts';
import { quotesOf } from './quotes-contract.ts';
import { quotesServer } from './quotes-server.ts';

describeInvoicesContract('http adapter + src-server', async () => (await quotesServer()).harness, {
  clientLinks: true,
});

describe('invoices on the embedded server', () => {
  it('e-mails the client the link to the invoice’s page, Reply-To the owner, in the invoice’s language', async () => {
    const server = await quotesServer();
    onTestFinished(server.harness.dispose);
    const { id: leadId } = await server.harness.client().messages.send({
      ...CONTRACT_MESSAGE,
      email: 'contact@boulangerie-exemple.dz',
    });
    const owner = server.harness.client();
    await owner.session.signIn(ADMIN.email, ADMIN.password);
    const draft = await quotesOf(owner).createDraft(leadId, {
      ...A_QUOTE_TO_INVOICE,
      language: 'ar',
    });
    const { link: quoteLink } = await quotesOf(owner).send(draft.id);
    await quotesOf(server.harness.client()).answer(new URL(quoteLink).hash.slice(1), {
      decision: 'accepte',
    });
    const invoices = invoicesOf(owner);
    const invoice = await invoices.issueFromQuote(draft.id, { kind: 'facture' });

    const sent = await linksOf(invoices).emailLink(invoice.id);
    expect(sent.email).toEqual({ to: 'contact@boulangerie-exemple.dz', sent: true });
    expect(sent.link).toMatch(/^https:\/\/agence\.test\/pageFacture#[A-Za-z0-9_-]{43}$/u);
    expect(sent.link).toBe((await linksOf(invoices).link(invoice.id)).link);

    // The owner's e-mail of the new message, the quote's, then the invoice's.
    const mails = await server.smtp.waitForMails(3);
    const mail = mails.find((m) => m.subject?.includes('FAC-2026-0001'));
    expect(mail?.subject).toContain('فاتورة');
    expect(mail?.replyTo?.value[0]?.address).toBe('proprietaire@agence.test');
    expect(mail?.text).toContain(sent.link);
    expect(mail?.text).toContain('119\u202f000,00 دج');
    // Another address, typed by the owner; one that is not an address is refused.
    const other = await linksOf(invoices).emailLink(invoice.id, {
      email: 'compta@boulangerie-exemple.dz',
    });
    expect(other.email).toEqual({ to: 'compta@boulangerie-exemple.dz', sent: true });
    await expect(
      linksOf(invoices).emailLink(invoice.id, { email: 'pas une adresse' }),
    ).rejects.toMatchObject({ code: 'invalid-input' });
  });
});
