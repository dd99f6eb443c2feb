import type { ContactMessage } from '../domain/contact.ts';
import { SMTP_FAILURES } from '../domain/messages.ts';
import { composeNotificationEmail, notificationMessageId } from './new-message.ts';
import { composePushPayload } from './push-payload.ts';
import { composeWebhookPayload, WEBHOOK_EVENT } from './webhook-payload.ts';
import { endpointHost } from './endpoint-host.ts';
import { composeDigestEmail } from './digest-email.ts';
import {
  composeQuoteAnswerEmail,
  composeQuoteAnswerPush,
  composeQuoteAnswerWebhookPayload,
  QUOTE_ANSWER_WEBHOOK_EVENT,
} from './quote-answer.ts';
import { noticeKey, type OwnerNotice } from './notice.ts';
import {
  composeReminderEmail,
  composeReminderPush,
  composeReminderWebhookPayload,
  REMINDER_WEBHOOK_EVENT,
} from './reminder.ts';

/**
 * How a notification of a new message is delivered, written once for both backends: the
 * embedded server's outbox (src-server/notifications) and the Cloud Function (functions/).
 * Platform-free: what to send, what counts as delivered, when to try again or give up, and
 * what the dashboard's health says. The transports that speak SMTP and Web Push implement
 * the interfaces below with Node's libraries, in shared/node/ (Node-only, imported by the
 * server and the function, never by a browser).
 */

/** A browser's push subscription, as the Push API gives it (PushSubscription.toJSON()). */
export interface PushSubscriptionRecord {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** An e-mail ready to go: the composed content plus its envelope. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The visitor: the owner's « Répondre » writes to them. */
  replyTo?: { name: string; address: string };
  /** The same at every attempt, so that a repeat is recognised (`<…@domain>`). */
  messageId?: string;
  date?: Date;
}

/** Sends e-mail (nodemailer over SMTP in shared/node/email-transport.ts). */
export interface EmailTransport {
  send(email: OutgoingEmail): Promise<void>;
  /** Why a send failed, in French, ready for the dashboard. */
  describe(error: unknown): string;
  /** Ends the connections; sends in progress fail (and stay to be retried). */
  close(): void;
}

/** Sends Web Push (web-push in shared/node/push-transport.ts). */
export interface PushTransport {
  /**
   * Encrypts the payload for this browser (RFC 8291) and hands it to its push service.
   * Rejects with SubscriptionGoneError (404, 410), PushServiceError (another status), or
   * another error when the service could not be reached.
   */
  send(subscription: PushSubscriptionRecord, payload: string): Promise<void>;
}

/** Posts a signed JSON body to the owner's webhook (shared/node/webhook-transport.ts). */
export interface WebhookTransport {
  /**
   * Rejects when the receiver did not answer 2xx (or could not be reached). `event` goes in
   * the X-Webhook-Event header (`contact.created` when not given).
   */
  send(body: string, deliveryId: string, event?: string): Promise<void>;
  /** Why a post failed, in French, ready for the dashboard (never the socket's own words). */
  describe(error: unknown): string;
}

/**
 * The most browsers that get a push for each message: each is contacted on every message, so
 * their number is bounded (a subscription the push service forgets is removed at its next push).
 */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

/** The push service no longer knows this subscription (404 or 410): it is to be removed. */
export class SubscriptionGoneError extends Error {
  constructor(status: number) {
    super(`abonnement inconnu du service de notifications (${status})`);
    this.name = 'SubscriptionGoneError';
  }
}

/** The push service answered with an error status (its body is never shown). */
export class PushServiceError extends Error {
  readonly statusCode: number;
  readonly host: string;
  constructor(statusCode: number, host: string) {
    super(`${host} : code ${statusCode}`);
    this.name = 'PushServiceError';
    this.statusCode = statusCode;
    this.host = host;
  }
}

export { endpointHost };

/** Why a push could not be sent, in plain French for the dashboard. */
export function describePushError(error: unknown, endpoint?: string): string {
  if (error instanceof PushServiceError) {
    const { host, statusCode } = error;
    if (statusCode === 401 || statusCode === 403) {
      return `${host} a refusé la signature VAPID (${statusCode}) : les clés ont peut-être changé ; réactivez les notifications sur l’appareil.`;
    }
    if (statusCode === 413) return `${host} a refusé une notification trop longue (413).`;
    if (statusCode === 429) return `${host} demande de ralentir (429) : nouvel essai plus tard.`;
    // The status only: the answer's body comes from an address the browser chose.
    return `${host} a refusé la notification (code ${statusCode}).`;
  }
  if (error instanceof UnsafeAddressError) return error.message;
  // Never the socket's own words (« connect ECONNREFUSED 10.0.0.1:8443 »): they would make
  // the dashboard a port scanner of the server's network.
  const host = endpoint ? endpointHost(endpoint) : 'le service de notifications';
  return `le service de notifications ${host} est injoignable : nouvel essai plus tard.`;
}

/** An address refused because it leads to a private, local or reserved network. */
export class UnsafeAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeAddressError';
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function responseCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return undefined;
  return typeof error.responseCode === 'number' ? error.responseCode : undefined;
}

/**
 * Why an e-mail could not be sent (from nodemailer's error codes), in plain French for the
 * dashboard (« le serveur SMTP a refusé l’identifiant ou le mot de passe »), with the
 * server's own words where they help.
 */
export function describeSmtpError(error: unknown, server: string): string {
  const code = errorCode(error);
  const detail = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : '';
  const cause = (error instanceof Error && errorCode(error.cause)) || code;
  switch (code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return SMTP_FAILURES.credentials(server);
    case 'EDNS':
      return SMTP_FAILURES.unknownHost(server);
    case 'ETIMEDOUT':
      return SMTP_FAILURES.noAnswer(server);
    case 'ETLS':
      return SMTP_FAILURES.tls(server);
    case 'EENVELOPE':
      return SMTP_FAILURES.envelope(server, detail);
    case 'ECONNECTION':
    case 'ESOCKET':
      if (cause === 'ECONNREFUSED' || /ECONNREFUSED/.test(detail)) {
        return SMTP_FAILURES.connectionRefused(server);
      }
      if (/certificate|self[- ]signed|TLS|SSL|wrong version/i.test(detail)) {
        return SMTP_FAILURES.tls(server);
      }
      return SMTP_FAILURES.connectionLost(server, detail);
    default: {
      const status = responseCode(error);
      if (status !== undefined) return SMTP_FAILURES.rejected(server, status, detail);
      return SMTP_FAILURES.other(server, detail || String(error));
    }
  }
}

/** The domain of the sender's address (`Nom <site@exemple.dz>`), for the Message-ID. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/** Where the e-mails go and what they link to. */
export interface Mailbox {
  to: string;
  /** The e-mails' sender (MAIL_FROM), for the Message-ID's domain. */
  from: string;
  /** The site's public address (PUBLIC_URL), for the link to the message. */
  publicUrl: string;
}

/** The e-mail about a new message, with its envelope: the same at every attempt. */
export function newMessageEmail(message: ContactMessage, mailbox: Mailbox): OutgoingEmail {
  return {
    ...composeNotificationEmail(message, { publicUrl: mailbox.publicUrl }),
    to: mailbox.to,
    messageId: notificationMessageId(message.id, senderDomain(mailbox.from)),
    ...(message.receivedAt === null ? {} : { date: new Date(message.receivedAt) }),
  };
}

/**
 * The e-mail of any notice, with its envelope: the same at every attempt (its Message-ID
 * comes from the notice's key, `<relance-…@domain>` for a reminder, `<resume-…@domain>` for
 * the digest).
 */
export function noticeEmail(notice: OwnerNotice, mailbox: Mailbox): OutgoingEmail {
  const options = { publicUrl: mailbox.publicUrl };
  const domain = senderDomain(mailbox.from);
  switch (notice.kind) {
    case 'new-message':
      return newMessageEmail(notice.message, mailbox);
    case 'reminder':
      return {
        ...composeReminderEmail(
          notice.reason,
          notice.message,
          notice.dueAt,
          options,
          notice.lastNote ?? null,
        ),
        to: mailbox.to,
        messageId: `<${noticeKey(notice).replace(/[^\w.-]/g, '')}@${domain}>`,
      };
    case 'digest':
      return {
        ...composeDigestEmail(notice.digest, options),
        to: mailbox.to,
        messageId: `<${noticeKey(notice)}@${domain}>`,
      };
    case 'quote-answer':
      return {
        ...composeQuoteAnswerEmail(notice.answer, notice.message, options),
        to: mailbox.to,
        messageId: `<${noticeKey(notice).replace(/[^\w.-]/g, '')}@${domain}>`,
      };
  }
}

/**
 * What one attempt came to. `sent`: delivered (the transport's server accepted it); `gone`:
 * the target no longer exists (a push subscription the service forgot), nothing to retry;
 * `error`: to be tried again, with the reason in French.
 */
export type Attempt =
  { state: 'sent' } | { state: 'gone'; reason: string } | { state: 'error'; error: string };

/** Sends the e-mail of a notice (a new message, a reminder, the digest). */
export async function deliverEmail(
  transport: EmailTransport,
  notice: OwnerNotice,
  mailbox: Mailbox,
): Promise<Attempt> {
  try {
    await transport.send(noticeEmail(notice, mailbox));
    return { state: 'sent' };
  } catch (error) {
    return { state: 'error', error: transport.describe(error) };
  }
}

/** A notice no push is made of (the digest is an e-mail). */
const NOT_ON_THIS_CHANNEL: Attempt = { state: 'gone', reason: 'pas sur ce canal' };

/** Pushes a notice (a new message, a reminder) to one browser. */
export async function deliverPush(
  transport: PushTransport,
  subscription: PushSubscriptionRecord,
  notice: OwnerNotice,
): Promise<Attempt> {
  if (notice.kind === 'digest') return NOT_ON_THIS_CHANNEL;
  const payload =
    notice.kind === 'new-message'
      ? composePushPayload(notice.message)
      : notice.kind === 'quote-answer'
        ? composeQuoteAnswerPush(notice.answer, notice.message)
        : composeReminderPush(notice.reason, notice.message, notice.dueAt, notice.lastNote ?? null);
  try {
    await transport.send(subscription, JSON.stringify(payload));
    return { state: 'sent' };
  } catch (error) {
    if (error instanceof SubscriptionGoneError) return { state: 'gone', reason: error.message };
    return { state: 'error', error: describePushError(error, subscription.endpoint) };
  }
}

/** Posts a notice (a new message, a reminder) to the owner's webhook. */
export async function deliverWebhook(
  transport: WebhookTransport,
  notice: OwnerNotice,
  publicUrl: string,
): Promise<Attempt> {
  if (notice.kind === 'digest') return NOT_ON_THIS_CHANNEL;
  const [body, event] =
    notice.kind === 'new-message'
      ? [composeWebhookPayload(notice.message, publicUrl), WEBHOOK_EVENT]
      : notice.kind === 'quote-answer'
        ? [
            composeQuoteAnswerWebhookPayload(notice.answer, notice.message, publicUrl),
            QUOTE_ANSWER_WEBHOOK_EVENT,
          ]
        : [
            composeReminderWebhookPayload(notice.reason, notice.message, notice.dueAt, publicUrl),
            REMINDER_WEBHOOK_EVENT,
          ];
  // The delivery's id in the signed body too: X-Webhook-Id and X-Webhook-Event are not signed
  // (a delivery replayed within 5 minutes under a new id passed a receiver deduplicating on
  // the header), so receivers deduplicate on `deliveryId` and read `event` from the body.
  const deliveryId = noticeKey(notice);
  try {
    await transport.send(JSON.stringify({ ...body, deliveryId }), deliveryId, event);
    return { state: 'sent' };
  } catch (error) {
    return { state: 'error', error: transport.describe(error) };
  }
}

/**
 * What a set of attempts on one channel says of its health, for the dashboard: whether any
 * got through, and the last error if any (null: nothing to record).
 */
export function healthReport(
  attempts: readonly Attempt[],
): { succeeded: boolean; lastError: string | null } | null {
  const errors = attempts.flatMap((attempt) => (attempt.state === 'error' ? [attempt.error] : []));
  const succeeded = attempts.some((attempt) => attempt.state === 'sent');
  if (errors.length === 0 && !succeeded) return null;
  return { succeeded, lastError: errors.at(-1) ?? null };
}
