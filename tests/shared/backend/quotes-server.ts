import { EventSource } from 'eventsource';
import {
  createHttpBackend,
  type EventSourceConstructor,
} from '../../../shared/backend/http/index.ts';
import type { Backend } from '../../../shared/backend/ports.ts';
import type { SellerLegalDetails } from '../../../shared/domain/quotes/seller.ts';
import { smtpStandIn } from '../../fixtures/smtp-stand-in.ts';
import { ADMIN, createTestApp, type BuildOptions } from '../../server/helpers.ts';
import { cookieKeepingFetch } from './cookie-fetch.ts';
import { A_REAL_SELLER, QUOTES_START } from './quotes-contract.ts';

/*
 * The embedded server the quotes' and the invoices' HTTP tests run against
 * (quotes-http.test.ts, invoices-http.test.ts).
 */

export function nodeClient(baseUrl: string): Backend {
  const jar = cookieKeepingFetch();
  const JarEventSource: EventSourceConstructor = class extends EventSource {
    constructor(url: string, init?: { withCredentials?: boolean }) {
      super(url, { ...init, fetch: jar.fetch });
    }
  };
  return createHttpBackend({
    baseUrl,
    fetch: jar.fetch,
    EventSource: JarEventSource,
    reconnectDelayMs: { initial: 100, max: 500 },
  });
}

/** The embedded server on a clock and agency details the test sets, e-mailing a local SMTP server. */
export async function quotesServer(
  extra: { env?: Record<string, string>; notifications?: BuildOptions['notifications'] } = {},
) {
  const cleanups: (() => Promise<void> | void)[] = [];
  const smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
  await smtp.start();
  let now = QUOTES_START;
  let seller: SellerLegalDetails = A_REAL_SELLER;
  const built = await createTestApp({
    clock: () => now,
    seller: () => seller,
    env: {
      CONTACT_RATE_LIMIT: '1000',
      CONTACT_SENDER_LIMIT: '1000',
      SSE_HEARTBEAT_MS: '1000',
      SMTP_URL: smtp.url(),
      NOTIFY_EMAIL: 'proprietaire@agence.test',
      MAIL_FROM: 'Site de l’agence <site@agence.test>',
      PUBLIC_URL: 'https://agence.test',
      ...extra.env,
    },
    ...(extra.notifications ? { notifications: extra.notifications } : {}),
  });
  const baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    smtp,
    baseUrl,
    harness: {
      client: () => nodeClient(baseUrl),
      admin: ADMIN,
      setNow: (ms: number) => {
        now = ms;
      },
      setSeller: (details: SellerLegalDetails) => {
        seller = details;
      },
      dispose: async () => {
        await built.dispose();
        for (const cleanup of cleanups) await cleanup();
      },
    },
  };
}
