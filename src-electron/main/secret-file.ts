import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SafeStorageLike } from './electron-apis.ts';

/**
 * A small secret kept on disk only when the operating system can encrypt it (`safeStorage`:
 * Keychain, DPAPI, libsecret/KWallet). Without a real keyring (Linux's `basic_text`
 * fallback encrypts with a constant key) nothing is written: the owner signs in again at
 * the next start, which is better than a session token readable by any program.
 */
export interface SecretFile {
  read(): Promise<string | null>;
  write(value: string | null): Promise<void>;
}

export async function canKeepSecrets(safeStorage: SafeStorageLike, platform: string) {
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    return false;
  }
  return safeStorage.isAsyncEncryptionAvailable();
}

export function createSecretFile(
  file: string,
  safeStorage: SafeStorageLike,
  platform: string,
): SecretFile {
  // Writes happen one after the other, in the order they were asked for.
  let queue: Promise<void> = Promise.resolve();

  const remove = () => rm(file, { force: true });

  return {
    async read() {
      // A read sees every write asked for before it.
      await queue;
      let encrypted: Buffer;
      try {
        encrypted = await readFile(file);
      } catch {
        return null;
      }
      try {
        if (!(await canKeepSecrets(safeStorage, platform))) {
          await remove();
          return null;
        }
        const { result } = await safeStorage.decryptStringAsync(encrypted);
        return result;
      } catch {
        // Another machine's or user's key, or a damaged file: forget it.
        await remove();
        return null;
      }
    },
    write(value) {
      queue = queue
        .then(async () => {
          if (value === null || !(await canKeepSecrets(safeStorage, platform))) {
            await remove();
            return;
          }
          const encrypted = await safeStorage.encryptStringAsync(value);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, encrypted, { mode: 0o600 });
        })
        .catch(() => remove().catch(() => undefined));
      return queue;
    },
  };
}
