import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { NotificationStore } from './notify-owner.ts';

/** The admin-only collections of firestore.rules. */
export function firestoreStore(db: Firestore): NotificationStore {
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
