import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretFilePersistence } from '../../../src-electron/main/firebase-session-store.ts';
import { createSecretFile } from '../../../src-electron/main/secret-file.ts';
import { createFakeElectron } from '../fake-electron.ts';
import { makeTempDir } from '../../temp-dirs.ts';

/** The methods Firebase Authentication calls on a persistence it was given (a class). */
interface PersistenceInstance {
  type: string;
  _isAvailable(): Promise<boolean>;
  _get(key: string): Promise<unknown>;
  _set(key: string, value: unknown): Promise<void>;
  _remove(key: string): Promise<void>;
}

const USER_KEY = 'firebase:authUser:cle:[DEFAULT]';
const USER = { uid: 'u1', stsTokenManager: { refreshToken: 'jeton-de-rafraichissement' } };

function setup() {
  const { safeStorage } = createFakeElectron();
  const file = path.join(makeTempDir('firebase-session'), 'session.bin');
  const secret = createSecretFile(file, safeStorage, 'linux');
  // As the SDK does: `new` on the class it was given.
  const open = (projectId = 'projet-a') =>
    new (secretFilePersistence(secret, projectId) as unknown as new () => PersistenceInstance)();
  return { safeStorage, file, secret, open };
}

describe('secretFilePersistence', () => {
  it('keeps the signed-in user for the next start, encrypted, and forgets it on sign-out', async () => {
    const { file, open } = setup();
    const first = open();
    expect(first.type).toBe('LOCAL');
    expect(await first._isAvailable()).toBe(true);
    await first._set(USER_KEY, USER);
    expect((await readFile(file)).toString()).not.toContain('jeton-de-rafraichissement');

    const next = open();
    expect(await next._get(USER_KEY)).toEqual(USER);
    await next._remove(USER_KEY);
    await expect(readFile(file)).rejects.toThrow();
    expect(await open()._get(USER_KEY)).toBeNull();
  });

  it('writes nothing without a real keyring: the owner signs in at each start', async () => {
    const { file, safeStorage, open } = setup();
    safeStorage.backend = 'basic_text';
    await open()._set(USER_KEY, USER);
    await expect(readFile(file)).rejects.toThrow();
    expect(await open()._get(USER_KEY)).toBeNull();
  });

  it('ignores the session of another project or of the local server', async () => {
    const { secret, open } = setup();
    await open('projet-a')._set(USER_KEY, USER);
    expect(await open('projet-b')._get(USER_KEY)).toBeNull();
    await secret.write(JSON.stringify({ origin: 'http://127.0.0.1:3000', cookies: [] }));
    expect(await open('projet-a')._get(USER_KEY)).toBeNull();
  });
});
