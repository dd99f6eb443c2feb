import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretFile } from '../../../src-electron/main/secret-file.ts';
import { createFakeElectron } from '../fake-electron.ts';
import { makeTempDir } from '../../temp-dirs.ts';

async function setup(platform = 'linux') {
  const { safeStorage } = createFakeElectron();
  const file = path.join(makeTempDir('secret'), 'session.bin');
  return { safeStorage, file, secret: createSecretFile(file, safeStorage, platform) };
}

describe('createSecretFile', () => {
  it('keeps the value encrypted by safeStorage, never in clear', async () => {
    const { file, secret } = await setup();
    await secret.write('sid=jeton-secret');
    const onDisk = await readFile(file);
    expect(onDisk.toString()).not.toContain('jeton-secret');
    expect(await secret.read()).toBe('sid=jeton-secret');
    await secret.write(null);
    expect(await secret.read()).toBeNull();
  });

  it('writes nothing without a real keyring (Linux basic_text) or without encryption', async () => {
    const linux = await setup();
    linux.safeStorage.backend = 'basic_text';
    await linux.secret.write('sid=jeton');
    await expect(readFile(linux.file)).rejects.toThrow();

    const windows = await setup('win32');
    windows.safeStorage.available = false;
    await windows.secret.write('sid=jeton');
    expect(await windows.secret.read()).toBeNull();
  });

  it('forgets a file it cannot decrypt', async () => {
    const { file, secret } = await setup();
    await writeFile(file, 'abîmé');
    expect(await secret.read()).toBeNull();
    await expect(readFile(file)).rejects.toThrow();
  });
});
