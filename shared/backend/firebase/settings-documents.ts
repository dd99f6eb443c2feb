import { defaultSettings, type SettingsDefaultsSource } from '../../domain/settings/effective.ts';
import { settingsSchema, type StoredSettings } from '../../domain/settings/settings.ts';

/**
 * « Réglages » in Firestore (docs/firebase.md, « Les réglages »): one document,
 * `settings/current`, `{ settings, savedAt, savedBy, versionId }`, the settings in force; and
 * each save kept whole in `settings/current/versions/{versionId}` (`{ settings, savedAt,
 * savedBy }`), written in the same batch. Only an admin reads or writes them (firestore.rules:
 * the version a save names must be created with it, and is never changed nor deleted). The
 * browser's adapter and the Cloud Functions (sendQuote, remindOwner) both read these names;
 * no SDK here.
 */
export const SETTINGS_COLLECTION = 'settings';
export const SETTINGS_DOCUMENT = 'current';
export const SETTINGS_VERSIONS = 'versions';
/** `settings/current`, as a path. */
export const SETTINGS_PATH = `${SETTINGS_COLLECTION}/${SETTINGS_DOCUMENT}`;

/** A Firestore Timestamp of either SDK, or milliseconds. */
function millisOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'toMillis' in value) {
    const toMillis = (value as { toMillis: unknown }).toMillis;
    if (typeof toMillis === 'function') return Number(toMillis.call(value));
  }
  return null;
}

/**
 * The settings a document holds, or the configuration's defaults when there is none yet (or,
 * never written so, one the schema refuses: `unreadable` says so, for a log line).
 */
export function storedSettingsOf(
  data: Record<string, unknown> | undefined,
  defaults: SettingsDefaultsSource,
): StoredSettings & { unreadable: boolean } {
  if (data === undefined) {
    return { settings: defaultSettings(defaults), savedAt: null, unreadable: false };
  }
  const parsed = settingsSchema.safeParse(data.settings);
  const savedAt = millisOf(data.savedAt);
  if (!parsed.success || savedAt === null) {
    return { settings: defaultSettings(defaults), savedAt: null, unreadable: true };
  }
  return { settings: parsed.data, savedAt, unreadable: false };
}

export { millisOf as settingsMillisOf };
