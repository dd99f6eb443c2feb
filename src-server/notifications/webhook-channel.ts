import { deliverWebhook, type WebhookTransport } from '../../shared/notifications/delivery.ts';
import { switchedOff, type OutboxChannel } from './channels.ts';

/**
 * The webhook channel: each new message POSTed as signed JSON to WEBHOOK_URL (the payload and
 * the signature: shared/notifications/webhook-payload.ts, shared/node/webhook-transport.ts),
 * through the same outbox, back-off and health as e-mail and push. Off (null) without
 * WEBHOOK_URL.
 */
export function webhookChannel(
  webhook: { transport: WebhookTransport; host: string; publicUrl: string } | null,
): OutboxChannel {
  return {
    name: 'webhook',
    fanOut: 'message',
    enabled: webhook !== null,
    details: () => ({ host: webhook?.host ?? null }),
    deliver: (_item, message) =>
      webhook
        ? deliverWebhook(webhook.transport, message, webhook.publicUrl)
        : switchedOff('webhook'),
    close() {},
  };
}
