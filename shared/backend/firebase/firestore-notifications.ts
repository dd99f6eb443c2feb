import { z } from 'zod';
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
} from '@firebase/firestore';
import { FUNCTION_GIVE_UP_AFTER_MS } from '../../notifications/retry-policy.ts';
import type { ChannelModule } from '../../notifications/channel.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../notifications/registry.ts';
import {
  notificationStatusSchemaFor,
  type NotificationStatus,
} from '../../notifications/status.ts';
import type { OwnerNotifications } from '../ports.ts';
import { firestoreError } from './errors.ts';
import { toReceivedAt } from './contact-documents.ts';

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
 * A channel's details (its module's `details`) from what the function published in its
 * document: each field as its schema reads it, else null.
 */
function publishedDetails(channel: ChannelModule, data: DocumentData): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(channel.details).map(([key, schema]) => {
      const read = z.safeParse(schema, data[key] ?? null);
      return [key, read.success ? read.data : null];
    }),
  );
}

/**
 * The owner's notifications in Firebase mode, for the registry's channels (or the ones a test
 * adds): the Cloud Function sends them and writes their health, and the settings it runs with
 * (`enabled` and each channel's details: the e-mail's `recipient`, the webhook's `host`), in
 * `notificationStatus/{channel}`; this browser's push subscription goes to
 * `pushSubscriptions`. The test e-mail is the embedded server's only (`sendTestEmail` is
 * absent): here the function sends what the form receives.
 */
export function createFirestoreNotifications(
  db: Firestore,
  vapidPublicKey: string | null,
  channels: readonly ChannelModule[] = NOTIFICATION_CHANNEL_REGISTRY,
): OwnerNotifications {
  const statusSchema = notificationStatusSchemaFor(channels);
  const health = async (channel: string) => {
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
    channels,
    async status(): Promise<NotificationStatus> {
      try {
        const [read, subscriptions] = await Promise.all([
          Promise.all(
            channels.map(async (channel) => [channel, await health(channel.name)] as const),
          ),
          getCountFromServer(collection(db, PUSH_SUBSCRIPTIONS_COLLECTION)),
        ]);
        return statusSchema.parse(
          Object.fromEntries(
            read.map(([channel, { data, health: channelHealth }]) => {
              return [
                channel.name,
                {
                  ...channelHealth,
                  ...publishedDetails(channel, data),
                  // A channel of one notification per browser: the browsers subscribed with
                  // the site's VAPID key (VITE_VAPID_PUBLIC_KEY), counted by Firestore.
                  ...(channel.fanOut === 'subscription'
                    ? { publicKey: vapidPublicKey, subscriptions: subscriptions.data().count }
                    : {}),
                },
              ];
            }),
          ),
        ) as NotificationStatus;
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
