import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebConfig, WEB_VARIABLES } from '../../src-web/backend/config.ts';
import { ROOT } from './emulators.ts';

const FIREBASE = {
  VITE_FIREBASE_API_KEY: 'AIzaSyFakeKeyForTests000000000000000000',
  VITE_FIREBASE_AUTH_DOMAIN: 'agence-site.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'agence-site',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789',
};

describe('the web build configuration', () => {
  it('uses the local server when no Firebase config is given', () => {
    expect(parseWebConfig({})).toMatchObject({ VITE_API_BASE_URL: '', firebase: null });
  });

  it('treats empty variables (VITE_X= in a .env file) as unset', () => {
    const empty = Object.fromEntries(Object.keys(FIREBASE).map((name) => [name, '']));
    expect(parseWebConfig(empty).firebase).toBeNull();
  });

  it('picks Firebase when the four required values are given', () => {
    expect(parseWebConfig(FIREBASE).firebase).toEqual({
      config: {
        apiKey: FIREBASE.VITE_FIREBASE_API_KEY,
        authDomain: FIREBASE.VITE_FIREBASE_AUTH_DOMAIN,
        projectId: FIREBASE.VITE_FIREBASE_PROJECT_ID,
        appId: FIREBASE.VITE_FIREBASE_APP_ID,
      },
    });
  });

  it('adds the optional values, App Check and the emulators', () => {
    const settings = parseWebConfig({
      ...FIREBASE,
      VITE_FIREBASE_STORAGE_BUCKET: 'agence-site.firebasestorage.app',
      VITE_FIREBASE_MESSAGING_SENDER_ID: '123456789012',
      VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '6LcFakeSiteKey',
      VITE_APPCHECK_DEBUG_TOKEN: 'true',
      VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    }).firebase;
    expect(settings).toEqual({
      config: {
        apiKey: FIREBASE.VITE_FIREBASE_API_KEY,
        authDomain: FIREBASE.VITE_FIREBASE_AUTH_DOMAIN,
        projectId: FIREBASE.VITE_FIREBASE_PROJECT_ID,
        appId: FIREBASE.VITE_FIREBASE_APP_ID,
        storageBucket: 'agence-site.firebasestorage.app',
        messagingSenderId: '123456789012',
      },
      appCheck: { siteKey: '6LcFakeSiteKey', debugToken: true },
      emulators: { auth: 'http://127.0.0.1:9099', firestore: '127.0.0.1:8080' },
    });
  });

  it('keeps a debug token as given', () => {
    const settings = parseWebConfig({
      ...FIREBASE,
      VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '6LcFakeSiteKey',
      VITE_APPCHECK_DEBUG_TOKEN: '123e4567-e89b-12d3-a456-426614174000',
    }).firebase;
    expect(settings?.appCheck?.debugToken).toBe('123e4567-e89b-12d3-a456-426614174000');
  });

  it('refuses a partial Firebase config, naming what is missing, in French', () => {
    const partial: Record<string, string> = { ...FIREBASE };
    delete partial.VITE_FIREBASE_APP_ID;
    expect(() => parseWebConfig(partial)).toThrow(
      /Configuration du site invalide : VITE_FIREBASE_APP_ID: manquante/,
    );
  });

  it('refuses a malformed project id or emulator address', () => {
    expect(() => parseWebConfig({ ...FIREBASE, VITE_FIREBASE_PROJECT_ID: 'Agence Site' })).toThrow(
      /VITE_FIREBASE_PROJECT_ID/,
    );
    expect(() =>
      parseWebConfig({ ...FIREBASE, VITE_FIRESTORE_EMULATOR_HOST: 'localhost' }),
    ).toThrow(/VITE_FIRESTORE_EMULATOR_HOST/);
  });
});

describe('.env.example, Firebase section', () => {
  const text = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  const lines = text.split('\n');
  const section = lines.indexOf('# Firebase');

  it('documents every Firebase build variable under a comment, empty by default', () => {
    expect(section).toBeGreaterThan(0);
    for (const name of WEB_VARIABLES.filter((variable) => variable !== 'VITE_API_BASE_URL')) {
      const index = lines.findIndex((line) => line.startsWith(`${name}=`));
      expect(index, name).toBeGreaterThan(section);
      expect(lines[index], name).toBe(`${name}=`);
      expect(lines[index - 1]?.startsWith('#') || lines[index - 1]?.startsWith('VITE_'), name).toBe(
        true,
      );
    }
  });

  it('holds values the site accepts: the local server by default', () => {
    const env = Object.fromEntries(
      lines
        .filter((line) => line.startsWith('VITE_'))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(parseWebConfig(env).firebase).toBeNull();
  });
});
