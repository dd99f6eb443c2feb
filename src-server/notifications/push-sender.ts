import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushSubscriptionRecord } from '../db/notifications-repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSender {
  /** Encrypts the payload for this browser (RFC 8291) and hands it to its push service. */
  send(subscription: PushSubscriptionRecord, payload: string): Promise<void>;
}

/** The push service no longer knows this subscription (404 or 410): it is to be removed. */
export class SubscriptionGoneError extends Error {
  constructor(status: number) {
    super(`abonnement inconnu du service de notifications (${status})`);
    this.name = 'SubscriptionGoneError';
  }
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Who to contact about these pushes (mailto: or https:), as VAPID asks. */
  subject: string;
  /** Tests trust their local push endpoint's certificate through this agent. */
  agent?: Agent;
}

/**
 * How long a push service keeps a notification for a browser that is offline (a phone in
 * airplane mode): as long as the outbox would keep trying an e-mail.
 */
const PUSH_TTL_SECONDS = 3 * 24 * 3600;
const PUSH_TIMEOUT_MS = 30_000;

/** web-push with VAPID. */
export function createPushSender({ vapid, subject, agent }: PushSenderOptions): PushSender {
  return {
    async send(subscription, payload) {
      try {
        await webpush.sendNotification(subscription, payload, {
          vapidDetails: { subject, ...vapid },
          TTL: PUSH_TTL_SECONDS,
          // A new lead: deliver it now, even to a phone saving its battery.
          urgency: 'high',
          contentEncoding: 'aes128gcm',
          timeout: PUSH_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        });
      } catch (error) {
        if (
          error instanceof webpush.WebPushError &&
          (error.statusCode === 404 || error.statusCode === 410)
        ) {
          throw new SubscriptionGoneError(error.statusCode);
        }
        throw error;
      }
    },
  };
}

/** Why a push could not be sent, in plain French for the dashboard. */
export function describePushError(error: unknown): string {
  if (error instanceof webpush.WebPushError) {
    const host = (() => {
      try {
        return new URL(error.endpoint).host;
      } catch {
        return 'le service de notifications';
      }
    })();
    if (error.statusCode === 401 || error.statusCode === 403) {
      return `${host} a refusé la signature VAPID (${error.statusCode}) : les clés ont peut-être changé ; réactivez les notifications sur l’appareil.`;
    }
    if (error.statusCode === 413) {
      return `${host} a refusé une notification trop longue (413).`;
    }
    if (error.statusCode === 429) {
      return `${host} demande de ralentir (429) : nouvel essai plus tard.`;
    }
    // The status only: the answer's body comes from an address the browser chose, and is not
    // shown in the dashboard.
    return `${host} a refusé la notification (code ${error.statusCode}).`;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `le service de notifications est injoignable : ${detail}`;
}
