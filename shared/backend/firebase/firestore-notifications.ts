import {
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  query,
  serverTimestamp,
  setDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { FUNCTION_GIVE_UP_AFTER_MS } from '../../notifications/retry-policy.ts';
import type { NotificationChannelName, NotificationStatus } from '../../notifications/status.ts';
import type { OwnerNotifications } from '../ports.ts';
import { firestoreError } from './errors.ts';
import { toReceivedAt } from './firestore-messages.ts';

/** The admin-only collections of firestore.rules that the Cloud Function reads and writes. */
export const PUSH_SUBSCRIPTIONS_COLLECTION = 'pushSubscriptions';
export const NOTIFICATION_STATUS_COLLECTION = 'notificationStatus';
/**
 * One document per message the function has worked on: what it delivered (`targets`) and the
 * channels still to deliver (`pending`), written by the function alone.
 */
export const NOTIFICATION_DELIVERIES_COLLECTION = 'notificationDeliveries';

/** One document per browser, named after its endpoint (subscribing twice is one document). */
async function subscriptionId(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The owner's notifications in Firebase mode: the Cloud Function sends them and writes their
 * health and its e-mail settings (`enabled`, `recipient`) in `notificationStatus`; this browser's push subscription goes to
 * `pushSubscriptions`. The test e-mail is the embedded server's only (`sendTestEmail` is
 * absent): here the function sends what the form receives.
 */
export function createFirestoreNotifications(
  db: Firestore,
  vapidPublicKey: string | null,
): OwnerNotifications {
  const health = async (channel: NotificationChannelName) => {
    const [snapshot, pending] = await Promise.all([
      getDoc(doc(db, NOTIFICATION_STATUS_COLLECTION, channel)),
      // The messages whose delivery on this channel the function has not finished (it
      // retries them): counted by Firestore, without reading them.
      getCountFromServer(
        query(
          collection(db, NOTIFICATION_DELIVERIES_COLLECTION),
          where('pending', 'array-contains', channel),
        ),
      ),
    ]);
    const data = snapshot.data() ?? {};
    return {
      data,
      health: {
        lastSuccessAt: toReceivedAt(data.lastSuccessAt),
        lastFailureAt: toReceivedAt(data.lastFailureAt),
        lastError: typeof data.lastError === 'string' ? data.lastError : null,
        pending: pending.data().count,
        failed: typeof data.failed === 'number' ? data.failed : 0,
        giveUpAfterMs: FUNCTION_GIVE_UP_AFTER_MS,
      },
    };
  };
  return {
    async status(): Promise<NotificationStatus> {
      try {
        const [email, webhook, push, subscriptions] = await Promise.all([
          health('email'),
          health('webhook'),
          health('push'),
          getCountFromServer(collection(db, PUSH_SUBSCRIPTIONS_COLLECTION)),
        ]);
        // What the function published of its settings when it last ran (nothing before the
        // first message: not known yet).
        const { enabled, recipient } = email.data;
        return {
          email: {
            ...email.health,
            enabled: typeof enabled === 'boolean' ? enabled : null,
            recipient: typeof recipient === 'string' ? recipient : null,
          },
          webhook: {
            ...webhook.health,
            enabled: typeof webhook.data.enabled === 'boolean' ? webhook.data.enabled : null,
            host: typeof webhook.data.host === 'string' ? webhook.data.host : null,
          },
          push: {
            ...push.health,
            publicKey: vapidPublicKey,
            subscriptions: subscriptions.data().count,
          },
        };
      } catch (error) {
        throw firestoreError(error, 'admin');
      }
    },
    async addPushSubscription({ endpoint, keys }) {
      try {
        await setDoc(doc(db, PUSH_SUBSCRIPTIONS_COLLECTION, await subscriptionId(endpoint)), {
          endpoint,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
          createdAt: serverTimestamp(),
        });
      } catch (error) {
        throw firestoreError(error, 'admin');
      }
    },
    async removePushSubscription(endpoint) {
      try {
        await deleteDoc(doc(db, PUSH_SUBSCRIPTIONS_COLLECTION, await subscriptionId(endpoint)));
      } catch (error) {
        throw firestoreError(error, 'admin');
      }
    },
  };
}
