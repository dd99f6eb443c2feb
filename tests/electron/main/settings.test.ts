import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  parseSettings,
  saveSettings,
} from '../../../src-electron/main/settings.ts';
import { makeTempDir } from '../../temp-dirs.ts';

const server = (url: string) => ({ backend: { kind: 'server', url }, openAtLogin: false });

describe('parseSettings', () => {
  it('accepts an http(s) server address and drops its trailing slash', () => {
    expect(parseSettings(server(' http://127.0.0.1:3000/ '))).toEqual({
      ok: true,
      settings: { backend: { kind: 'server', url: 'http://127.0.0.1:3000' }, openAtLogin: false },
    });
    expect(parseSettings(server('https://console.exemple.dz/agence'))).toMatchObject({ ok: true });
  });

  it.each([
    ['', 'empty'],
    ['127.0.0.1:3000', 'no scheme'],
    ['file:///etc/passwd', 'file'],
    ['javascript:alert(1)', 'javascript'],
    ['https://admin:secret@exemple.dz', 'credentials'],
    ['https://exemple.dz/?x=1', 'query'],
    ['https://exemple.dz/#x', 'fragment'],
    [`https://exemple.dz/${'a'.repeat(3000)}`, 'too long'],
  ])('refuses %j (%s) with a French message on backend.url', (url) => {
    const result = parseSettings(server(url));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields['backend.url']).toMatch(/[a-zé]/);
  });

  it('accepts plain http only to this computer', () => {
    for (const url of [
      'http://127.0.0.1:3000',
      'http://127.1.2.3',
      'http://localhost:3000',
      'http://console.localhost',
      'http://[::1]:3000',
    ]) {
      expect(parseSettings(server(url)), url).toMatchObject({ ok: true });
    }
    for (const url of [
      'http://exemple.dz',
      'http://192.168.1.20:3000',
      'http://127.0.0.1.exemple.dz',
      'http://localhost.exemple.dz',
    ]) {
      const result = parseSettings(server(url));
      expect(result, url).toMatchObject({
        ok: false,
        fields: { 'backend.url': expect.stringContaining('https://') },
      });
    }
  });

  it('accepts a complete Firebase config and refuses a partial one', () => {
    const config = {
      apiKey: 'AIza',
      authDomain: 'x.firebaseapp.com',
      projectId: 'x',
      appId: '1:2:web:3',
    };
    expect(
      parseSettings({ backend: { kind: 'firebase', config }, openAtLogin: true }),
    ).toMatchObject({
      ok: true,
    });
    const partial = parseSettings({
      backend: { kind: 'firebase', config: { ...config, projectId: ' ' } },
      openAtLogin: true,
    });
    expect(partial).toMatchObject({
      ok: false,
      fields: { 'backend.config.projectId': expect.any(String) },
    });
  });

  it('refuses unknown keys and wrong types', () => {
    expect(parseSettings({ ...server('https://a.dz'), extra: 1 }).ok).toBe(false);
    expect(parseSettings({ ...server('https://a.dz'), openAtLogin: 'oui' }).ok).toBe(false);
    expect(parseSettings({ backend: { kind: 'ftp', url: 'x' }, openAtLogin: false }).ok).toBe(
      false,
    );
    expect(parseSettings(null).ok).toBe(false);
  });
});

describe('loadSettings and saveSettings', () => {
  it('round-trips through the file, and falls back to the defaults', async () => {
    const dir = makeTempDir('settings');
    const file = path.join(dir, 'sous-dossier', 'settings.json');
    expect(await loadSettings(file)).toEqual({ settings: DEFAULT_SETTINGS });

    const settings = {
      backend: { kind: 'server' as const, url: 'https://a.dz' },
      openAtLogin: true,
    };
    await saveSettings(file, settings);
    expect(await loadSettings(file)).toEqual({ settings });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(settings);

    await writeFile(file, '{ pas du json');
    expect(await loadSettings(file)).toMatchObject({
      settings: DEFAULT_SETTINGS,
      problem: expect.any(String),
    });
    await writeFile(file, JSON.stringify(server('ftp://a.dz')));
    expect(await loadSettings(file)).toMatchObject({
      settings: DEFAULT_SETTINGS,
      problem: expect.stringContaining('backend.url'),
    });
  });
});
