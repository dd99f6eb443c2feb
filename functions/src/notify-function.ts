import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { ChannelModule } from '../../shared/notifications/channel.ts';
import { channelsFromParameters } from './channels.ts';
import { firestoreStore } from './firestore-store.ts';
import { SECRETS } from './params.ts';
import { notifyOwnerTrigger } from './trigger.ts';

initializeApp();

/**
 * The function that tells the owner of each new message on these channels (the registry's,
 * in index.ts; the tests add one of their own), set up from its parameters and secrets at
 * each run.
 */
export function notifyOwnerFunction(channels: readonly ChannelModule[]) {
  return notifyOwnerTrigger(
    async () => ({
      store: firestoreStore(getFirestore()),
      channels: await channelsFromParameters(getFirestore(), channels),
    }),
    SECRETS,
  );
}
