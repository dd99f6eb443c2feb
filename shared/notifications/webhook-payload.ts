import type { ContactMessage } from '../domain/contact.ts';
import { messageUrl } from './new-message.ts';

/**
 * The webhook channel's request, written once for both backends: each new message is POSTed
 * as JSON to WEBHOOK_URL (Slack through a relay, n8n, Zapier, Make…), signed with
 * HMAC-SHA256 of « timestamp.body » (the timestamp header, a dot, the exact body) with
 * WEBHOOK_SECRET, hex-encoded, in this header. Signing the time too, as Stripe and Slack do,
 * lets the receiver refuse an old request replayed by whoever saw it pass (docs/inbox.md).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature';
/** When this attempt was sent, in Unix seconds; signed with the body. */
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
/** How old a request the receiver should still accept: what docs/inbox.md tells it. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** The message's id: the same at every attempt, so that a receiver can drop a repeat. */
export const WEBHOOK_DELIVERY_HEADER = 'X-Webhook-Id';
export const WEBHOOK_EVENT = 'contact.created';

export interface WebhookPayload {
  event: typeof WEBHOOK_EVENT;
  id: string;
  /** ISO 8601, or null when the time is not known. */
  receivedAt: string | null;
  fullName: string;
  service: string;
  email: string;
  /** E.164, as stored. */
  phone: string;
  subject: string;
  message: string;
  /** The message in the dashboard. */
  url: string;
}

export function composeWebhookPayload(message: ContactMessage, publicUrl: string): WebhookPayload {
  return {
    event: WEBHOOK_EVENT,
    id: message.id,
    receivedAt: message.receivedAt === null ? null : new Date(message.receivedAt).toISOString(),
    fullName: message.fullName,
    service: message.service,
    email: message.email,
    phone: message.phone,
    subject: message.subject,
    message: message.message,
    url: messageUrl(publicUrl, message.id),
  };
}
