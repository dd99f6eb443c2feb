import { CONTACT_FIELD_KEYS, type ContactFields, type ContactMessage } from '../domain/contact.ts';
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
/**
 * The delivery's id (the message's, for a new message), the same at every attempt. Not
 * signed, as X-Webhook-Event is not: a receiver drops a repeat by the body's `deliveryId`,
 * which carries the same value under the signature (deliverWebhook, docs/inbox.md).
 */
export const WEBHOOK_DELIVERY_HEADER = 'X-Webhook-Id';
export const WEBHOOK_EVENT = 'contact.created';

/**
 * The fields of the message the payload carries: every field the visitor sent, in the
 * schema's order, but the language (the payload was published without it; docs/inbox.md).
 */
type WebhookFields = Omit<ContactFields, 'language'>;
const WEBHOOK_FIELD_KEYS = CONTACT_FIELD_KEYS.filter(
  (key): key is keyof WebhookFields => key !== 'language',
);

export type WebhookPayload = {
  event: typeof WEBHOOK_EVENT;
  id: string;
  /** ISO 8601, or null when the time is not known. */
  receivedAt: string | null;
} & WebhookFields & {
    /** The message in the dashboard. */
    url: string;
  };

/**
 * The JSON posted: `event`, `id`, `receivedAt`, the visitor's fields (the phone in E.164, as
 * stored), then `url`, always in this order (the receiver checks the signature of these bytes).
 */
export function composeWebhookPayload(message: ContactMessage, publicUrl: string): WebhookPayload {
  const fields = Object.fromEntries(WEBHOOK_FIELD_KEYS.map((key) => [key, message[key]]));
  return {
    event: WEBHOOK_EVENT,
    id: message.id,
    receivedAt: message.receivedAt === null ? null : new Date(message.receivedAt).toISOString(),
    ...(fields as WebhookFields),
    url: messageUrl(publicUrl, message.id),
  };
}
