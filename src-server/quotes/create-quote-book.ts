import type { DatabaseSync } from 'node:sqlite';
import { sellerLegalDetails } from '../../shared/content/seller.ts';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import {
  createEmailTransport,
  type EmailTransportOptions,
} from '../../shared/node/email-transport.ts';
import type { Clock } from '../clock.ts';
import { mailFrom, type ServerConfig } from '../config.ts';
import { QuotesRepository } from '../db/quotes-repository.ts';
import type { LeadPipeline } from '../leads/lead-pipeline.ts';
import type { NotificationOutbox } from '../notifications/notification-outbox.ts';
import { QuoteBook } from './quote-book.ts';
import { loadQuoteLinkSecret } from './quote-link-secret.ts';

/**
 * The quotes' wiring: their repository, the agency's legal details (shared/content/seller.ts,
 * frozen into each quote sent), the client's e-mail by SMTP_URL (one connection per e-mail:
 * they are few), Reply-To the owner's address (the outbox's recipient).
 */
export function createQuoteBook(parts: {
  config: ServerConfig;
  db: DatabaseSync;
  leads: LeadPipeline;
  clock: Clock;
  outbox: NotificationOutbox;
  smtpTimeouts: EmailTransportOptions['timeouts'];
  /** The agency's details (tests change them between two starts). */
  seller?: () => SellerLegalDetails;
}) {
  const { config } = parts;
  const from = mailFrom(config);
  const transport =
    config.SMTP_URL && from
      ? createEmailTransport({
          smtpUrl: config.SMTP_URL,
          from,
          pooled: false,
          ...(parts.smtpTimeouts ? { timeouts: parts.smtpTimeouts } : {}),
        })
      : null;
  // The client's links, e-mail and secret, shared with the invoices' (issue 46).
  const links = {
    mailer: transport,
    ownerEmail: () => parts.outbox.recipient,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    linkSecret: loadQuoteLinkSecret(config.DATA_DIR, config.QUOTE_LINK_SECRET),
  };
  const book = new QuoteBook({
    db: parts.db,
    repository: new QuotesRepository(parts.db),
    leads: parts.leads,
    clock: parts.clock,
    seller: parts.seller ?? (() => sellerLegalDetails),
    ...links,
    // The client's answer goes to the owner on every channel, as a new message does.
    notifier: {
      queue: (contactId, answer) => parts.outbox.queueQuoteAnswer(contactId, answer),
      wake: () => parts.outbox.wake(),
    },
  });
  return { book, links, close: () => transport?.close() };
}
