import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  SETTINGS_PATH,
  storedSettingsOf,
} from '../../shared/backend/firebase/settings-documents.ts';
import { sellerLegalDetails } from '../../shared/content/seller.ts';
import type { StoredSettings } from '../../shared/domain/settings/settings.ts';
import { DIGEST_TIME, NOTIFY_EMAIL } from './params.ts';

/** A parameter's value, or undefined where it has none (a test calling the code directly). */
function parameter(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * « Réglages » as the functions read them (docs/firebase.md, « Les réglages »): the document
 * `settings/current` the owner saved, or, before the first save, the first values — DIGEST_TIME
 * and NOTIFY_EMAIL, and the content module's agency details (bracketed examples: a quote
 * cannot be sent with them). Inside a transaction when given, so a quote is frozen with the
 * settings of the moment it is sent.
 */
export async function readSettings(
  db: Firestore,
  transaction?: Transaction,
): Promise<StoredSettings> {
  const ref = db.doc(SETTINGS_PATH);
  const snapshot = transaction ? await transaction.get(ref) : await ref.get();
  const stored = storedSettingsOf(snapshot.data(), {
    digestTime: parameter(() => DIGEST_TIME.value()),
    notifyEmail: parameter(() => NOTIFY_EMAIL.value()),
    seller: sellerLegalDetails,
  });
  if (stored.unreadable) {
    logger.error(
      'Réglages : le document settings/current est illisible, les premières valeurs s’appliquent.',
    );
  }
  return { settings: stored.settings, savedAt: stored.savedAt };
}
