import {
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  serverTimestamp,
  setDoc,
  type Firestore,
} from 'firebase/firestore';
import type { NotificationStatus } from '../../notifications/status.ts';
import type { OwnerNotifications } from '../ports.ts';
import { firestoreError } from './errors.ts';
import { toReceivedAt } from './firestore-messages.ts';

/** The admin-only collections of firestore.rules that the Cloud Function reads and writes. */
export const PUSH_SUBSCRIPTIONS_COLLECTION = 'pushSubscriptions';
export const NOTIFICATION_STATUS_COLLECTION = 'notificationStatus';

/** One document per browser, named after its endpoint (subscribing twice is one document). */
async function subscriptionId(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The owner's notifications in Firebase mode: the Cloud Function sends them and writes their
 * health in `notificationStatus`; this browser's push subscription goes to
 * `pushSubscriptions`. The test e-mail is the embedded server's only (`sendTestEmail` is
 * absent): here the function sends what the form receives.
 */
export function createFirestoreNotifications(
  db: Firestore,
  vapidPublicKey: string | null,
): OwnerNotifications {
  const health = async (channel: 'email' | 'push') => {
    const snapshot = await getDoc(doc(db, NOTIFICATION_STATUS_COLLECTION, channel));
    const data = snapshot.data() ?? {};
    return {
      lastSuccessAt: toReceivedAt(data.lastSuccessAt),
      lastFailureAt: toReceivedAt(data.lastFailureAt),
      lastError: typeof data.lastError === 'string' ? data.lastError : null,
      // The function's retries are Cloud Functions' own: not counted here.
      pending: 0,
      failed: 0,
    };
  };
  return {
    async status(): Promise<NotificationStatus> {
      try {
        const [email, push, subscriptions] = await Promise.all([
          health('email'),
          health('push'),
          getCountFromServer(collection(db, PUSH_SUBSCRIPTIONS_COLLECTION)),
        ]);
        return {
          email: { ...email, enabled: true, recipient: null },
          push: {
            ...push,
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
