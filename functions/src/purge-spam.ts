import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  MARKED_AT_FIELD,
  SPAM_COLLECTION,
  TIMESTAMP_FIELD,
  toReceivedAt,
} from '../../shared/backend/firebase/contact-documents.ts';
import { spamRetentionCutoff } from '../../shared/domain/spam-marking.ts';
import { systemClock, type FunctionClock } from './clock.ts';

/** Deleted per batch (Firestore takes 500 writes at most). */
const BATCH = 400;

/**
 * Deletes the messages kept as spam SPAM_RETENTION_DAYS (30) ago or more, at `nowMs`:
 * received then, or marked then by the owner (« Marquer comme indésirable »); resolves with
 * how many. Messages of the inbox (`contacts`) are never touched. A marked message's lead goes
 * with it (removeLeadOfDeletedSpam, remove-lead.ts).
 */
export async function purgeExpiredSpam(db: Firestore, nowMs: number): Promise<number> {
  // A Date, not the SDK's Timestamp: the query converts it, whichever copy of the SDK made db.
  const cutoff = new Date(spamRetentionCutoff(nowMs));
  const spam = db.collection(SPAM_COLLECTION);
  let purged = 0;
  // Received 30 days ago or more, kept since then (spamKeptSince): not one the owner marked
  // less than 30 days ago, which the pages skip past.
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    let page = spam.where(TIMESTAMP_FIELD, '<=', cutoff).orderBy(TIMESTAMP_FIELD).limit(BATCH);
    if (after) page = page.startAfter(after);
    const received = await page.get();
    if (received.empty) break;
    after = received.docs.at(-1);
    const expired = received.docs.filter((document) => {
      const markedAt = toReceivedAt(document.get(MARKED_AT_FIELD));
      return markedAt === null || markedAt <= cutoff.getTime();
    });
    if (expired.length > 0) {
      const batch = db.batch();
      for (const document of expired) batch.delete(document.ref);
      await batch.commit();
      purged += expired.length;
    }
  }
  return purged;
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
