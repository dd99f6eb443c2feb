import type { Agent } from 'node:https';
import webpush from 'web-push';
import {
  endpointHost,
  PushServiceError,
  SubscriptionGoneError,
  type PushTransport,
} from '../notifications/delivery.ts';
import {
  checkPushEndpoint,
  PUBLIC_ONLY,
  publicOnlyAgent,
  type AddressPolicy,
} from './public-address.ts';

/**
 * Web Push with web-push and VAPID: the Node transport of shared/notifications/delivery.ts,
 * used by the embedded server's outbox and by the Cloud Function alike. The endpoint is an
 * address a browser chose: only a public one is contacted (public-address.ts).
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTransportOptions {
  vapid: VapidKeys;
  /** Who to contact about these pushes (mailto: or https:), as VAPID asks. */
  subject: string;
  /** Which addresses an endpoint may lead to: public ones only (loopback too in tests). */
  addresses?: AddressPolicy;
  /** Tests trust their local push endpoint's certificate through this agent. */
  agent?: Agent;
}

/**
 * How long a push service keeps a notification for a browser that is offline (a phone in
 * airplane mode): as long as the outbox would keep trying an e-mail.
 */
const PUSH_TTL_SECONDS = 3 * 24 * 3600;
/** How long a push service may stay silent before the attempt fails (and is retried). */
export const PUSH_TIMEOUT_MS = 30_000;

export function createPushTransport({
  vapid,
  subject,
  addresses = PUBLIC_ONLY,
  agent = publicOnlyAgent(addresses),
}: PushTransportOptions): PushTransport {
  return {
    async send(subscription, payload) {
      // Checked at every send, not only when the browser subscribed: a name's DNS answer can
      // change, and a subscription may be older than this check.
      await checkPushEndpoint(subscription.endpoint, addresses);
      try {
        await webpush.sendNotification(subscription, payload, {
          vapidDetails: { subject, ...vapid },
          TTL: PUSH_TTL_SECONDS,
          // A new lead: deliver it now, even to a phone saving its battery.
          urgency: 'high',
          contentEncoding: 'aes128gcm',
          timeout: PUSH_TIMEOUT_MS,
          agent,
        });
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          if (error.statusCode === 404 || error.statusCode === 410) {
            throw new SubscriptionGoneError(error.statusCode);
          }
          throw new PushServiceError(error.statusCode, endpointHost(subscription.endpoint));
        }
        throw error;
      }
    },
  };
}
