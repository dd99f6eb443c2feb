import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { SPAM_COLLECTION } from '../../shared/backend/firebase/contact-documents.ts';
import { SPAM_RETENTION_MS } from '../../shared/domain/contact.ts';
import { systemClock, type FunctionClock } from './clock.ts';

/** Deleted per batch (Firestore takes 500 writes at most). */
const BATCH = 400;

/**
 * Deletes the messages kept as spam SPAM_RETENTION_DAYS (30) ago or more, at `nowMs`;
 * resolves with how many. Messages of the inbox (`contacts`) are never touched.
 */
export async function purgeExpiredSpam(db: Firestore, nowMs: number): Promise<number> {
  // A Date, not the SDK's Timestamp: the query converts it, whichever copy of the SDK made db.
  const cutoff = new Date(nowMs - SPAM_RETENTION_MS);
  let purged = 0;
  for (;;) {
    const expired = await db
      .collection(SPAM_COLLECTION)
      .where('timestamp', '<=', cutoff)
      .limit(BATCH)
      .get();
    if (expired.empty) return purged;
    const batch = db.batch();
    for (const document of expired.docs) batch.delete(document.ref);
    await batch.commit();
    purged += expired.size;
  }
}

/**
 * The scheduled function: every hour, the spam past its 30 days is deleted (within the hour;
 * the dashboard's list leaves it out from its 30th day). Cloud Scheduler runs it (docs/firebase.md).
 */
export const purgeExpiredSpamFunction = (clock: FunctionClock = systemClock) =>
  onSchedule({ schedule: 'every 60 minutes', region: 'europe-west1' }, async () => {
    if (getApps().length === 0) initializeApp();
    const purged = await purgeExpiredSpam(getFirestore(), await clock());
    if (purged > 0) logger.info(`${purged} indésirable(s) de plus de 30 jours supprimé(s).`);
  });
