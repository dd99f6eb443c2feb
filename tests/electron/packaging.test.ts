/**
 * electron-builder.yml and its hooks, run for real on the built console (dist/electron) with
 * a stand-in Electron binary (the real one cannot be downloaded here): the app archive holds
 * the bundles and nothing else, and the fuses are flipped.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleFuses, packedExecutable } from '../../scripts/desktop-after-pack.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/electron/main/index.js'));
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ENABLE = 49;
const DISABLE = 48;

if (!built) {
  console.log(
    'Test d’empaquetage ignoré : dist/electron absent (lancez « npm run desktop:compile »).',
  );
}

interface AsarEntry {
  files?: Record<string, AsarEntry>;
  size?: number;
  offset?: string;
}

/** Reads an asar archive's table of contents and one file, without extra packages. */
async function readAsar(file: string) {
  const archive = await readFile(file);
  const headerSize = archive.readUInt32LE(4);
  const jsonSize = archive.readUInt32LE(12);
  const header = JSON.parse(archive.toString('utf8', 16, 16 + jsonSize)) as AsarEntry;
  const paths: string[] = [];
  const walk = (entry: AsarEntry, prefix: string) => {
    for (const [name, child] of Object.entries(entry.files ?? {})) {
      const full = `${prefix}/${name}`;
      if (child.files) walk(child, full);
      else paths.push(full);
    }
  };
  walk(header, '');
  const read = (name: string) => {
    let entry: AsarEntry | undefined = header;
    for (const part of name.split('/').filter(Boolean)) entry = entry?.files?.[part];
    if (!entry || entry.offset === undefined || entry.size === undefined) {
      throw new Error(`${name} absent de l’archive`);
    }
    const start = 8 + headerSize + Number(entry.offset);
    return archive.toString('utf8', start, start + entry.size);
  };
  return { paths, read };
}

describe('the afterPack hook’s settings', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect, and loads the app only from asar', () => {
    for (const platform of ['linux', 'win32']) {
      const fuses = consoleFuses(platform);
      expect(fuses[FuseV1Options.RunAsNode]).toBe(false);
      expect(fuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
      expect(fuses[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
      expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
      expect(fuses[FuseV1Options.EnableCookieEncryption]).toBe(true);
      expect(fuses[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
    }
  });

  it('turns on the asar integrity check where electron-builder embeds the hash: macOS and Windows', () => {
    for (const platform of ['darwin', 'mas', 'win32']) {
      expect(consoleFuses(platform)[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(
        true,
      );
    }
    // Electron checks no asar hash on Linux.
    expect(consoleFuses('linux')[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(false);
  });

  it('finds the packed executable on each platform', () => {
    const packager = { appInfo: { productFilename: 'Console Horizon Numérique' } };
    expect(packedExecutable({ appOutDir: '/out', electronPlatformName: 'win32', packager })).toBe(
      path.join('/out', 'Console Horizon Numérique.exe'),
    );
    expect(
      packedExecutable({
        appOutDir: '/out',
        electronPlatformName: 'linux',
        packager: { ...packager, executableName: 'horizon-numerique-console' },
      }),
    ).toBe(path.join('/out', 'horizon-numerique-console'));
  });
});

describe.skipIf(!built)('electron-builder on the built console', () => {
  const made: string[] = [];
  afterAll(async () => {
    await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it(
    'packs only the bundles, with main set, and flips the fuses',
    { timeout: 120_000 },
    async () => {
      const work = await mkdtemp(path.join(tmpdir(), 'agence-packaging-'));
      made.push(work);
      // A stand-in for Electron's Linux distribution: a "binary" carrying a fuse wire.
      const dist = path.join(work, 'electron-dist');
      await mkdir(path.join(dist, 'resources'), { recursive: true });
      const wire = Buffer.from([
        ENABLE,
        DISABLE,
        ENABLE,
        ENABLE,
        DISABLE,
        DISABLE,
        DISABLE,
        ENABLE,
        ENABLE,
      ]);
      await writeFile(
        path.join(dist, 'electron'),
        Buffer.concat([
          Buffer.from('binaire '),
          Buffer.from(FUSE_SENTINEL),
          Buffer.from([1, wire.length]),
          wire,
        ]),
      );
      await chmod(path.join(dist, 'electron'), 0o755);
      await writeFile(path.join(dist, 'LICENSE'), 'MIT');
      await writeFile(path.join(dist, 'version'), '45.4.1');

      const output = path.join(work, 'release');
      await promisify(execFile)(
        process.execPath,
        [
          path.join(root, 'node_modules/electron-builder/cli.js'),
          '--config',
          'electron-builder.yml',
          '--linux',
          'dir',
          `-c.electronDist=${dist}`,
          `-c.directories.output=${output}`,
        ],
        { cwd: root, env: { ...process.env, CI: 'true' } },
      );

      const unpacked = path.join(output, 'linux-unpacked');
      const asar = await readAsar(path.join(unpacked, 'resources/app.asar'));
      expect(asar.paths).toContain('/dist/electron/main/index.js');
      expect(asar.paths).toContain('/dist/electron/preload/index.cjs');
      expect(asar.paths).toContain('/dist/electron/renderer/index.html');
      expect(asar.paths.filter((file) => !file.startsWith('/dist/electron/'))).toEqual([
        '/package.json',
      ]);
      expect(asar.paths.some((file) => file.includes('node_modules'))).toBe(false);
      expect(asar.paths.some((file) => file.endsWith('.map'))).toBe(false);
      const manifest = JSON.parse(asar.read('/package.json')) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        name: 'horizon-numerique-console',
        main: 'dist/electron/main/index.js',
        type: 'module',
      });

      const fuses = await getCurrentFuseWire(path.join(unpacked, 'horizon-numerique-console'));
      expect(fuses[FuseV1Options.RunAsNode]).toBe(DISABLE);
      expect(fuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(DISABLE);
      expect(fuses[FuseV1Options.EnableNodeCliInspectArguments]).toBe(DISABLE);
      expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLE);
      expect(fuses[FuseV1Options.EnableCookieEncryption]).toBe(ENABLE);
    },
  );
});
