import { z } from 'zod';
import { defineChannel, sendingCode } from '../channel.ts';

/**
 * The webhook: each new message POSTed as signed JSON to WEBHOOK_URL (the payload and the
 * signature: webhook-payload.ts, shared/node/webhook-transport.ts), with WEBHOOK_SECRET.
 * Off without them.
 */
export const webhookChannel = defineChannel({
  name: 'webhook',
  label: 'Le webhook',
  fanOut: 'message',
  details: {
    /** The receiver's host (never the full address: it may hold a token). */
    host: z.string().nullable(),
  },
  configure({ setting, publicUrl, transports }) {
    const url = setting('WEBHOOK_URL');
    const secret = setting('WEBHOOK_SECRET');
    // The embedded server refuses one without the other, or a short secret, at start.
    if (!url || !secret || secret.length < 16) return null;
    // An unreadable address still gives a channel, whose sends fail with the reason
    // (shared/node/transports.ts): the other channels go on, and the dashboard says why.
    const host = URL.canParse(url) ? new URL(url).host : 'adresse illisible';
    return { transport: transports.webhook({ url, secret }), host, publicUrl };
  },
  describe: (webhook) => ({ host: webhook?.host ?? null }),
  deliver: async (webhook, notice) =>
    (await sendingCode()).deliverWebhook(webhook.transport, notice, webhook.publicUrl),
  attemptName: (webhook) => `le webhook ${webhook.host}`,
});
