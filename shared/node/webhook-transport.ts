import { createHmac } from 'node:crypto';
import { request, type Agent } from 'node:https';
import { UnsafeAddressError, type WebhookTransport } from '../notifications/delivery.ts';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '../notifications/webhook-payload.ts';
import {
  checkPublicUrl,
  PUBLIC_ONLY,
  publicOnlyAgent,
  type AddressPolicy,
} from './public-address.ts';

/**
 * The webhook channel over HTTPS with node:https: the Node transport of
 * shared/notifications/delivery.ts, for the embedded server's outbox and the Cloud Function.
 * WEBHOOK_URL is checked like a push endpoint (public addresses only, at every send).
 */

/** How long the receiver may stay silent before the attempt fails (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 30_000;

export interface WebhookTransportOptions {
  url: string;
  secret: string;
  addresses?: AddressPolicy;
  /** Tests trust their local receiver's certificate through this agent. */
  agent?: Agent;
  timeoutMs?: number;
  /** The time signed with each attempt (tests move it). */
  now?: () => number;
}

/** The receiver answered, but not with 2xx. */
export class WebhookStatusError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`code ${statusCode}`);
    this.name = 'WebhookStatusError';
    this.statusCode = statusCode;
  }
}

/**
 * `sha256=<hex>`: HMAC-SHA256 of « timestamp.body » (Unix seconds, a dot, the exact body),
 * keyed with WEBHOOK_SECRET.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

export function createWebhookTransport({
  url,
  secret,
  addresses = PUBLIC_ONLY,
  agent = publicOnlyAgent(addresses),
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  now = Date.now,
}: WebhookTransportOptions): WebhookTransport {
  const host = new URL(url).host;
  return {
    async send(body, deliveryId, event = WEBHOOK_EVENT) {
      await checkPublicUrl(url, addresses);
      // Each attempt has its own time: a retry hours later is not taken for a replay.
      const timestamp = Math.floor(now() / 1000);
      await new Promise<void>((resolve, reject) => {
        const outgoing = request(
          url,
          {
            method: 'POST',
            agent,
            timeout: timeoutMs,
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Length': Buffer.byteLength(body),
              'User-Agent': 'agence-site-webhook',
              'X-Webhook-Event': event,
              [WEBHOOK_DELIVERY_HEADER]: deliveryId,
              [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
              [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body),
            },
          },
          (response) => {
            // The answer's body is not read into anything shown: only its status counts.
            response.resume();
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve();
            else reject(new WebhookStatusError(status));
          },
        );
        outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    },
    describe(error) {
      if (error instanceof UnsafeAddressError) return error.message;
      if (error instanceof WebhookStatusError) {
        return `le webhook ${host} a répondu ${error.statusCode} : nouvel essai plus tard.`;
      }
      return `le webhook ${host} est injoignable : nouvel essai plus tard.`;
    },
  };
}
