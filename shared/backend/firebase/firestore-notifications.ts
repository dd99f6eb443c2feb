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
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { FUNCTION_GIVE_UP_AFTER_MS } from '../../notifications/retry-policy.ts';
import {
  NOTIFICATION_CHANNELS,
  notificationStatusSchema,
  type ChannelHealth,
  type NotificationChannelName,
  type NotificationStatus,
} from '../../notifications/status.ts';
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

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** One document per browser, named after its endpoint (subscribing twice is one document). */
async function subscriptionId(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The owner's notifications in Firebase mode: the Cloud Function sends them and writes their
 * health, and the settings it runs with (`enabled`, the e-mail's `recipient`, the webhook's
 * `host`), in `notificationStatus/{channel}`; this browser's push subscription goes to
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
        // What the function published of its settings when it last ran (nothing before the
        // first message: not known yet).
        enabled: typeof data.enabled === 'boolean' ? data.enabled : null,
        lastSuccessAt: toReceivedAt(data.lastSuccessAt),
        lastFailureAt: toReceivedAt(data.lastFailureAt),
        lastError: text(data.lastError),
        pending: pending.data().count,
        failed: typeof data.failed === 'number' ? data.failed : 0,
        giveUpAfterMs: FUNCTION_GIVE_UP_AFTER_MS,
      },
    };
  };
  return {
    async status(): Promise<NotificationStatus> {
      try {
        const [channels, subscriptions] = await Promise.all([
          Promise.all(
            NOTIFICATION_CHANNELS.map(async (name) => [name, await health(name)] as const),
          ),
          getCountFromServer(collection(db, PUSH_SUBSCRIPTIONS_COLLECTION)),
        ]);
        // What each channel adds to its health (CHANNEL_STATUS_DETAILS), from what the
        // function published in its document.
        const details: {
          [Name in NotificationChannelName]: (
            data: DocumentData,
          ) => Omit<NotificationStatus[Name], keyof ChannelHealth>;
        } = {
          email: (data) => ({ recipient: text(data.recipient) }),
          push: () => ({ publicKey: vapidPublicKey, subscriptions: subscriptions.data().count }),
          webhook: (data) => ({ host: text(data.host) }),
        };
        return notificationStatusSchema.parse(
          Object.fromEntries(
            channels.map(([name, channel]) => [
              name,
              { ...channel.health, ...details[name](channel.data) },
            ]),
          ),
        );
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
