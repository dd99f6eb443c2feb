import {
  INVOICE_LINK_MESSAGES,
  decideInvoiceRead,
  invoiceLink,
  invoiceLinkRefusal,
  isInvoiceToken,
  type PublicInvoice,
} from '../../shared/domain/invoices/client-link.ts';
import type { Invoice } from '../../shared/domain/invoices/invoice.ts';
import { quoteDay, quoteRecipient } from '../../shared/domain/quotes/rules.ts';
import { hashQuoteToken, invoiceLinkOf } from '../../shared/node/quote-link-token.ts';
import { composeInvoiceEmail } from '../../shared/notifications/quote-email.ts';
import type { Clock } from '../clock.ts';
import type { InvoiceLinksRepository } from '../db/invoice-links-repository.ts';
import type { QuoteMailer, SendResult } from '../quotes/quote-book.ts';
import { InvoiceRefusal } from './invoice-book.ts';

export interface ClientLinkParts {
  mailer: QuoteMailer | null;
  /** The owner's address: Reply-To of the client's e-mail. */
  ownerEmail: () => string | null;
  /** The site's public address, for the client's link. */
  publicUrl: string;
  /** The key the links' tokens are derived with (loadQuoteLinkSecret), the quotes' own. */
  linkSecret: string;
}

export interface InvoiceLinksOptions extends ClientLinkParts {
  repository: InvoiceLinksRepository;
  clock: Clock;
  /** An issued invoice (throws InvoiceRefusal 'not-found' for an unknown one). */
  invoice: (id: string) => Invoice;
}

const NO_SMTP = 'L’envoi d’e-mails n’est pas configuré sur le serveur (SMTP_URL).';

/**
 * The client's link of an invoice on the embedded server (issue 46, docs/invoices.md, « La page
 * du client »): the quotes' mechanism (a token derived from the invoice's id and the server's
 * secret, its hash kept, the same link each time), the e-mail in the invoice's language, and the
 * client's read by the token.
 */
export class InvoiceLinks {
  readonly #options: InvoiceLinksOptions;

  constructor(options: InvoiceLinksOptions) {
    this.#options = options;
  }

  /** The link of an issued invoice, the same each time; its hash kept the first time. */
  link(id: string): { link: string } {
    const invoice = this.#options.invoice(id);
    const refused = invoiceLinkRefusal(invoice);
    if (refused) throw new InvoiceRefusal({ kind: 'refused', message: refused });
    const { token, hash } = invoiceLinkOf(this.#options.linkSecret, invoice.id);
    this.#options.repository.keep(invoice.id, hash, this.#options.clock());
    return { link: invoiceLink(this.#options.publicUrl, token) };
  }

  /** « Envoyer par e-mail »: the link, e-mailed to `email` or the lead's address. */
  async emailLink(
    id: string,
    options: { email?: string | undefined } = {},
  ): Promise<Omit<SendResult, 'quote'>> {
    const { link } = this.link(id);
    const invoice = this.#options.invoice(id);
    const to = quoteRecipient(options.email, this.#options.repository.leadEmail(invoice.leadId));
    if (to === null) {
      return { link, email: { to: null, sent: false, error: INVOICE_LINK_MESSAGES.noRecipient } };
    }
    const mailer = this.#options.mailer;
    if (mailer === null) return { link, email: { to, sent: false, error: NO_SMTP } };
    try {
      await mailer.send(
        composeInvoiceEmail(invoice, link, { to, owner: this.#options.ownerEmail() }),
      );
      return { link, email: { to, sent: true } };
    } catch (error) {
      return { link, email: { to, sent: false, error: mailer.describe(error) } };
    }
  }

  /** The client's page: the invoice behind a token, read only, with the server's day. */
  readByToken(token: string): PublicInvoice {
    const id = isInvoiceToken(token)
      ? this.#options.repository.invoiceOf(hashQuoteToken(token))
      : null;
    const read = decideInvoiceRead(
      id === null ? null : this.#options.invoice(id),
      quoteDay(this.#options.clock()),
    );
    if (!read.ok) throw new InvoiceRefusal(read);
    return read.invoice;
  }
}
