import type { Persistence } from '@firebase/auth';
import { z } from 'zod';
import type { SecretFile } from './secret-file.ts';

/**
 * What the console keeps of a Firebase session: the values Firebase Authentication asks its
 * persistence to keep (the signed-in user, with its refresh token), for one project. The same
 * secret file holds the local server's cookies when that is the backend: one session at a time.
 */
const storedFirebaseSessionSchema = z.object({
  kind: z.literal('firebase'),
  projectId: z.string(),
  values: z.record(z.string(), z.unknown()),
});

type StoredValues = Record<string, unknown>;

async function readValues(secret: SecretFile, projectId: string): Promise<StoredValues> {
  const text = await secret.read();
  if (text === null) return {};
  try {
    const parsed = storedFirebaseSessionSchema.safeParse(JSON.parse(text));
    // Another backend's session, or another project's: nothing for this one.
    return parsed.success && parsed.data.projectId === projectId ? parsed.data.values : {};
  } catch {
    return {};
  }
}

/**
 * A Firebase Authentication persistence kept in the console's secret file (encrypted by
 * `safeStorage`, and not written at all without a real keyring: the owner then signs in at
 * each start). Under Node, the SDK offers only its in-memory persistence; this one has the
 * shape of the SDK's own (browserLocalPersistence's): a class the SDK instantiates, with the
 * `_get`/`_set`/`_remove` it calls. Signing out, or Firebase refusing the stored user at
 * start (account deleted, disabled, tokens revoked), makes the SDK remove it: the file is
 * emptied.
 */
export function secretFilePersistence(secret: SecretFile, projectId: string): Persistence {
  // Read once; every later change goes through here, in order.
  let values: Promise<StoredValues> | undefined;
  const load = () => (values ??= readValues(secret, projectId));
  const save = async (change: (current: StoredValues) => StoredValues) => {
    const next = change(await load());
    values = Promise.resolve(next);
    await secret.write(
      Object.keys(next).length > 0
        ? JSON.stringify({ kind: 'firebase', projectId, values: next })
        : null,
    );
  };

  return class SecretFilePersistence {
    static readonly type = 'LOCAL';
    readonly type = 'LOCAL';

    _isAvailable(): Promise<boolean> {
      return Promise.resolve(true);
    }

    async _get(key: string): Promise<unknown> {
      return (await load())[key] ?? null;
    }

    _set(key: string, value: unknown): Promise<void> {
      return save((current) => ({ ...current, [key]: value }));
    }

    _remove(key: string): Promise<void> {
      return save(({ [key]: _removed, ...rest }) => rest);
    }

    // One process, one console: no other tab to follow.
    _addListener(): void {}
    _removeListener(): void {}
  };
}
