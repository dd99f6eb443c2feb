/**
 * The Firebase mode's purge of spam, on the Firestore emulator: the scheduled function's work
 * (functions/src/purge-spam.ts), run at a chosen time, deletes the messages kept as spam for
 * 30 days and more, and nothing else (newer spam, the inbox's messages, however old), those
 * the owner marked 30 days after the marking; the function is declared to Cloud Scheduler,
 * every hour. And what the triggers on a deletion do with a message's lead when it only moved
 * between the inbox and « Indésirables » (functions/src/remove-lead.ts).
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestore } from '../../scripts/firebase-emulators.ts';
import { SPAM_RETENTION_MS } from '../../shared/domain/contact.ts';
import { purgeExpiredSpam, purgeExpiredSpamFunction } from '../../functions/src/purge-spam.ts';
import { removeLeadUnlessMoved } from '../../functions/src/remove-lead.ts';
import { CONTRACT_MESSAGE } from '../shared/backend/contract.ts';
import { emulatorsForFile, present, type FileEmulators } from './emulators.ts';

const available = emulatorsForFile('purge des indésirables (mode Firebase)', import.meta.url);

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const MINUTE = 60_000;

describe.skipIf(!available)('purgeExpiredSpam on the Firestore emulator', () => {
  let emulators: FileEmulators;
  let app: App;
  let db: Firestore;

  beforeAll(async () => {
    emulators = present(available);
    process.env.FIRESTORE_EMULATOR_HOST = emulators.firestore;
    app = initializeApp({ projectId: emulators.projectId }, `spam-purge-${Date.now()}`);
    db = getFirestore(app);
    await clearFirestore(emulators.firestore, emulators.projectId);
  });

  afterAll(async () => {
    if (app) await deleteApp(app);
    delete process.env.FIRESTORE_EMULATOR_HOST;
  });

  const at = (millis: number) => ({
    ...CONTRACT_MESSAGE,
    phone: '+213661234567',
    timestamp: Timestamp.fromMillis(millis),
  });

  it('deletes the spam received 30 days ago or more, and nothing else', async () => {
    const spam = db.collection('spam');
    await spam
      .doc('trente-jours')
      .set({ ...at(NOW - SPAM_RETENTION_MS), spamReason: 'hidden-field' });
    await spam
      .doc('deux-mois')
      .set({ ...at(NOW - 2 * SPAM_RETENTION_MS), spamReason: 'hidden-field' });
    await spam
      .doc('presque')
      .set({ ...at(NOW - SPAM_RETENTION_MS + MINUTE), spamReason: 'hidden-field' });
    await db
      .collection('contacts')
      .doc('ancien-message')
      .set(at(NOW - 3 * SPAM_RETENTION_MS));

    expect(await purgeExpiredSpam(db, NOW)).toBe(2);
    expect((await spam.get()).docs.map((document) => document.id)).toEqual(['presque']);
    expect((await db.collection('contacts').doc('ancien-message').get()).exists).toBe(true);

    // A minute later, the last one has had its 30 days too.
    expect(await purgeExpiredSpam(db, NOW + MINUTE)).toBe(1);
    expect((await spam.get()).empty).toBe(true);
    expect(await purgeExpiredSpam(db, NOW + MINUTE)).toBe(0);
  });

  it('counts the 30 days of a message the owner marked from the marking, not its reception', async () => {
    const spam = db.collection('spam');
    await spam.doc('marque-hier').set({
      ...at(NOW - 2 * SPAM_RETENTION_MS),
      spamReason: 'owner',
      markedAt: Timestamp.fromMillis(NOW - 24 * 60 * MINUTE),
    });
    await spam.doc('marque-il-y-a-30-jours').set({
      ...at(NOW - 2 * SPAM_RETENTION_MS),
      spamReason: 'owner',
      markedAt: Timestamp.fromMillis(NOW - SPAM_RETENTION_MS),
    });
    expect(await purgeExpiredSpam(db, NOW)).toBe(1);
    expect((await spam.get()).docs.map((document) => document.id)).toEqual(['marque-hier']);
    expect(await purgeExpiredSpam(db, NOW + SPAM_RETENTION_MS)).toBe(1);
    expect((await spam.get()).empty).toBe(true);
  });

  it('keeps the lead of a message moved to « Indésirables » or back; a message gone from both takes it', async () => {
    const lead = db.collection('leads').doc('m1');
    const seed = async () => {
      await lead.set({ status: 'contacte' });
      await lead.collection('timeline').doc('n1').set({ type: 'note', text: 'Rappeler.' });
    };
    await seed();
    // Marked: in `spam`, gone from `contacts` (the trigger on `contacts` runs).
    await db
      .collection('spam')
      .doc('m1')
      .set({ ...at(NOW), spamReason: 'owner' });
    await removeLeadUnlessMoved(db, 'm1');
    expect((await lead.get()).exists).toBe(true);
    // Put back: in `contacts`, gone from `spam` (the trigger on `spam` runs).
    await db.collection('spam').doc('m1').delete();
    await db.collection('contacts').doc('m1').set(at(NOW));
    await removeLeadUnlessMoved(db, 'm1');
    expect((await lead.collection('timeline').get()).size).toBe(1);
    // Deleted for good (from the inbox or from « Indésirables »): the lead goes.
    await db.collection('contacts').doc('m1').delete();
    await removeLeadUnlessMoved(db, 'm1');
    expect((await lead.get()).exists).toBe(false);
    expect((await lead.collection('timeline').get()).empty).toBe(true);
  });

  it('is declared to Cloud Scheduler, every hour', () => {
    const declared = purgeExpiredSpamFunction() as unknown as {
      __endpoint: { scheduleTrigger?: { schedule?: string }; region?: string[] };
    };
    expect(declared.__endpoint.scheduleTrigger?.schedule).toBe('every 60 minutes');
    expect(declared.__endpoint.region).toEqual(['europe-west1']);
  });
});
