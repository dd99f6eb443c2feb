import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  writeBatch,
  type Firestore,
} from '@firebase/firestore';
import type { SettingsDefaultsSource } from '../../domain/settings/effective.ts';
import { settingsAnswer } from '../../domain/settings/record.ts';
import {
  settingsFieldErrors,
  settingsSchema,
  type Settings,
  type SettingsVersion,
  type StoredSettings,
} from '../../domain/settings/settings.ts';
import { BackendError, type SettingsStore } from '../ports.ts';
import { NO_APP_CHECK, type AppCheckMonitor } from './app-check.ts';
import { firebaseErrorCode, firestoreError } from './errors.ts';
import {
  SETTINGS_COLLECTION,
  SETTINGS_DOCUMENT,
  SETTINGS_VERSIONS,
  settingsMillisOf,
  storedSettingsOf,
} from './settings-documents.ts';

/** How many versions the history shows (as on the embedded server). */
const HISTORY_LIMIT = 50;

export interface FirestoreSettingsOptions {
  appCheck?: AppCheckMonitor;
  /** The first values before the first save (the site's configuration, the content module). */
  defaults?: SettingsDefaultsSource;
  /** The signed-in owner's e-mail: who saved a version (the rules check it is the token's). */
  ownerEmail: () => string | null;
}

export interface FirestoreSettings extends SettingsStore {
  /** The settings in force, for the quotes' adapter (the seller a draft prints). */
  current(): Promise<StoredSettings>;
}

/**
 * The SettingsStore port on Firestore (docs/firebase.md, « Les réglages »): the admin-only
 * document `settings/current` and its versions, each save checked by the domain's schema
 * (French refusals under each field, nothing written) and written with its version in one
 * batch, dated by the server.
 */
export function createFirestoreSettings(
  db: Firestore,
  options: FirestoreSettingsOptions,
): FirestoreSettings {
  const appCheck = options.appCheck ?? NO_APP_CHECK;
  const defaults = options.defaults ?? {};
  const current = doc(db, SETTINGS_COLLECTION, SETTINGS_DOCUMENT);
  const versions = collection(current, SETTINGS_VERSIONS);

  async function attempt<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const code = firebaseErrorCode(error);
      const refused = code === 'permission-denied' || code === 'unauthenticated';
      throw firestoreError(error, 'admin', refused ? await appCheck.failing() : false);
    }
  }

  async function read(): Promise<StoredSettings> {
    const snapshot = await attempt(() => getDoc(current));
    const { settings, savedAt } = storedSettingsOf(snapshot.data(), defaults);
    return { settings, savedAt };
  }

  return {
    current: read,
    async get() {
      return settingsAnswer(await read());
    },
    async save(input) {
      const parsed = settingsSchema.safeParse(input);
      if (!parsed.success) {
        throw new BackendError('invalid-input', {
          message: 'Certains réglages sont à corriger.',
          fields: settingsFieldErrors(parsed.error.issues),
        });
      }
      const savedBy = options.ownerEmail();
      if (savedBy === null) throw new BackendError('unauthorized');
      const settings: Settings = parsed.data;
      const version = doc(versions);
      await attempt(async () => {
        const batch = writeBatch(db);
        const record = { settings, savedAt: serverTimestamp(), savedBy };
        batch.set(version, record);
        batch.set(current, { ...record, versionId: version.id });
        await batch.commit();
      });
      return settingsAnswer(await read());
    },
    async history() {
      const found = await attempt(() =>
        getDocs(query(versions, orderBy('savedAt', 'desc'), limit(HISTORY_LIMIT))),
      );
      return found.docs.flatMap((snapshot): SettingsVersion[] => {
        const data = snapshot.data();
        const parsed = settingsSchema.safeParse(data.settings);
        const savedAt = settingsMillisOf(data.savedAt);
        return parsed.success && savedAt !== null && typeof data.savedBy === 'string'
          ? [{ settings: parsed.data, savedAt, savedBy: data.savedBy }]
          : [];
      });
    },
  };
}
