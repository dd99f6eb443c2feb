import { deliverWebhook, type WebhookTransport } from '../../shared/notifications/delivery.ts';
import type { OutboxChannel } from './channels.ts';

/**
 * The webhook channel: each new message POSTed as signed JSON to WEBHOOK_URL (the payload and
 * the signature: shared/notifications/webhook-payload.ts, shared/node/webhook-transport.ts),
 * through the same outbox, back-off and health as e-mail and push.
 */
export function webhookChannel(transport: WebhookTransport, publicUrl: string): OutboxChannel {
  return {
    name: 'webhook',
    fanOut: 'message',
    deliver: (_item, message) => deliverWebhook(transport, message, publicUrl),
    close() {},
  };
}
