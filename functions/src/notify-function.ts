import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { setUpChannels, type ChannelModule } from '../../shared/notifications/channel.ts';
import { nodeTransports } from '../../shared/node/transports.ts';
import type { NotificationStore } from './notify-owner.ts';
import {
  CHANNEL_PARAMETERS,
  NOTIFY_EMAIL,
  PUBLIC_URL,
  SECRETS,
  TEST_LOOPBACK_ENDPOINTS,
} from './params.ts';
import { notifyOwnerTrigger } from './trigger.ts';

initializeApp();

/** The admin-only collections of firestore.rules. */
function firestoreStore(): NotificationStore {
  const db = getFirestore();
  const subscriptions = db.collection('pushSubscriptions');
  const status = db.collection('notificationStatus');
  const deliveries = db.collection('notificationDeliveries');
  return {
    async subscriptions() {
      const snapshot = await subscriptions.get();
      return snapshot.docs.flatMap((doc) => {
        const { endpoint, keys } = doc.data();
        return typeof endpoint === 'string' && keys?.p256dh && keys?.auth
          ? [{ endpoint, keys: { p256dh: String(keys.p256dh), auth: String(keys.auth) } }]
          : [];
      });
    },
    async removeSubscription(endpoint) {
      const found = await subscriptions.where('endpoint', '==', endpoint).get();
      await Promise.all(found.docs.map((doc) => doc.ref.delete()));
    },
    async delivered(contactId) {
      const doc = await deliveries.doc(contactId).get();
      const targets: unknown = doc.get('targets');
      return new Set(Array.isArray(targets) ? targets.map(String) : []);
    },
    async markDelivered(contactId, target) {
      await deliveries
        .doc(contactId)
        .set({ targets: FieldValue.arrayUnion(target) }, { merge: true });
    },
    async markPending(contactId, channels) {
      await deliveries.doc(contactId).set({ pending: [...channels] }, { merge: true });
    },
    async recordHealth(channel, { succeeded, lastError, givenUp }) {
      await status.doc(channel).set(
        {
          ...(succeeded ? { lastSuccessAt: FieldValue.serverTimestamp() } : {}),
          ...(lastError === null ? {} : { lastFailureAt: FieldValue.serverTimestamp(), lastError }),
          ...(givenUp > 0 ? { failed: FieldValue.increment(givenUp) } : {}),
        },
        { merge: true },
      );
    },
    async publishConfiguration(configuration) {
      await Promise.all(
        Object.entries(configuration).map(([channel, settings]) =>
          status.doc(channel).set(settings, { merge: true }),
        ),
      );
    },
  };
}

const parameters: Partial<Record<string, { value(): string }>> = CHANNEL_PARAMETERS;

/**
 * The function that tells the owner of each new message on these channels (the registry's,
 * in index.ts; the tests add one of their own), set up from its parameters and secrets at
 * each run.
 */
export function notifyOwnerFunction(channels: readonly ChannelModule[]) {
  return notifyOwnerTrigger(
    () => ({
      store: firestoreStore(),
      channels: setUpChannels(channels, {
        setting: (name) => parameters[name]?.value() || undefined,
        ownerEmail: NOTIFY_EMAIL.value(),
        publicUrl: PUBLIC_URL.value(),
        transports: nodeTransports({
          // One run, one connection: nothing to keep open between events.
          pooledEmail: false,
          addresses: { allowLoopback: TEST_LOOPBACK_ENDPOINTS.value() === 'true' },
        }),
      }),
    }),
    SECRETS,
  );
}
