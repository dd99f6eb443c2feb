import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { onDocumentDeleted } from 'firebase-functions/v2/firestore';
import {
  CONTACTS_COLLECTION,
  SPAM_COLLECTION,
} from '../../shared/backend/firebase/contact-documents.ts';
import { LEADS_COLLECTION } from '../../shared/backend/firebase/lead-documents.ts';
import { REMINDERS_COLLECTION } from './remind-owner.ts';
import { QUOTES_COLLECTION } from '../../shared/backend/firebase/quote-documents.ts';
import { QUOTE_ANSWERS_COLLECTION } from './quote-link.ts';

/**
 * A message deleted in Firebase mode takes its lead with it, as `ON DELETE CASCADE` does on
 * the embedded server: `leads/{id}`, its whole timeline (notes included), its reminders'
 * records, its quotes and the notices of their answers. Done by a trigger on the deletion, so that any way of deleting (the dashboard,
 * several at once, the console) leaves no orphan, even one interrupted midway.
 */
export async function removeLeadOf(db: Firestore, messageId: string): Promise<void> {
  await db.recursiveDelete(db.collection(LEADS_COLLECTION).doc(messageId));
  const reminders = await db
    .collection(REMINDERS_COLLECTION)
    .where('contactId', '==', messageId)
    .get();
  await Promise.all(reminders.docs.map((doc) => doc.ref.delete()));
  // Its quotes and the notices of their answers go too (docs/quotes.md); the series of
  // numbers (quoteCounters) stays: a number is never given twice.
  for (const collection of [QUOTES_COLLECTION, QUOTE_ANSWERS_COLLECTION]) {
    const found = await db.collection(collection).where('leadId', '==', messageId).get();
    await Promise.all(found.docs.map((doc) => doc.ref.delete()));
  }
}

/**
 * A message gone from `contacts` or from `spam` takes its lead with it, unless it only moved
 * between them: « Marquer comme indésirable » moves it to `spam`, « Pas un indésirable » back,
 * each in one transaction, and its lead (status, notes, quotes) stays to come back with it,
 * as on the embedded server (one row whose reason changes). Deleted from « Indésirables », or
 * purged after its 30 days, it is gone from both: its lead goes then.
 */
export async function removeLeadUnlessMoved(db: Firestore, messageId: string): Promise<void> {
  const [inbox, spam] = await db.getAll(
    db.collection(CONTACTS_COLLECTION).doc(messageId),
    db.collection(SPAM_COLLECTION).doc(messageId),
  );
  if (inbox?.exists || spam?.exists) return;
  await removeLeadOf(db, messageId);
}

export function removeLeadOnMessageDeletedFunction(db: () => Firestore = defaultFirestore) {
  return onDocumentDeleted(
    { document: `${CONTACTS_COLLECTION}/{contactId}`, region: 'europe-west1', retry: true },
    async (event) => removeLeadUnlessMoved(db(), event.params.contactId),
  );
}

/** The same for a message deleted from `spam` (one the owner marked may have a lead). */
export function removeLeadOnSpamDeletedFunction(db: () => Firestore = defaultFirestore) {
  return onDocumentDeleted(
    { document: `${SPAM_COLLECTION}/{contactId}`, region: 'europe-west1', retry: true },
    async (event) => removeLeadUnlessMoved(db(), event.params.contactId),
  );
}

function defaultFirestore(): Firestore {
  if (getApps().length === 0) initializeApp();
  return getFirestore();
}
