/**
 * The production build with a Firebase config: the Firebase SDK stays out of what the home
 * page loads (it comes in a lazy chunk, when the form or the dashboard needs the backend),
 * and nothing secret reaches the bundle. Builds the browser bundle only (no prerendering)
 * into a temporary folder.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAssets } from '../../scripts/assets.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A well-formed but fake web config: public values, as a real project's would be. */
const FAKE_FIREBASE_ENV = {
  VITE_FIREBASE_API_KEY: 'AIzaSyFAKE-bundle-test-0000000000000000',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-agence.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-agence',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0123456789abcdef',
  VITE_FIREBASE_STORAGE_BUCKET: 'demo-agence.firebasestorage.app',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '000000000000',
  VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '6LfFAKE-site-key-for-the-bundle-test',
};
/** Values that must never ship, set in the build's environment on purpose. */
const SECRETS = {
  // App Check's debug token lets anyone past App Check: development builds only.
  VITE_APPCHECK_DEBUG_TOKEN: '5e3c0b3a-debug-token-must-not-ship',
  ADMIN_PASSWORD: 'mot-de-passe-admin-qui-ne-doit-pas-fuiter',
  SESSION_SECRET: 'secret-de-session-qui-ne-doit-pas-fuiter',
  GOOGLE_APPLICATION_CREDENTIALS: '/chemin/vers/cle-compte-de-service.json',
};
/** What Firebase code looks like once minified. */
const FIREBASE_MARKERS = [
  'firestore.googleapis.com',
  'identitytoolkit.googleapis.com',
  '@firebase/',
];
/** What a leaked secret looks like. */
const SECRET_MARKERS = [
  'PRIVATE KEY-----',
  '"private_key"',
  'private_key_id',
  'client_x509_cert_url',
  'service_account',
  'ADMIN_PASSWORD',
  'SESSION_SECRET',
  'GOOGLE_APPLICATION_CREDENTIALS',
  ...Object.values(SECRETS),
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let outDir = '';
let manifest: Manifest = {};
const files = new Map<string, string>();
const savedEnv = new Map<string, string | undefined>();

/** The JavaScript files a chunk loads at once: itself and its static imports, recursively. */
function staticClosure(key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((child) => staticClosure(child, seen))];
}

function containing(markers: readonly string[], file: string): string[] {
  const text = files.get(file) ?? '';
  return markers.filter((marker) => text.includes(marker));
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'agence-bundle-'));
  // Vitest runs with NODE_ENV=test, which Vite would take for a development build.
  const buildEnv = { ...FAKE_FIREBASE_ENV, ...SECRETS, NODE_ENV: 'production' };
  for (const [name, value] of Object.entries(buildEnv)) {
    savedEnv.set(name, process.env[name]);
    process.env[name] = value;
  }
  // The generated fonts and pictures the bundles import, in case no build has run yet.
  await generateAssets();
  await build({
    root: path.join(ROOT, 'src-web'),
    configFile: path.join(ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      // Both pages' bundles: the public pages' and the private screens'.
      rolldownOptions: {
        input: {
          index: path.join(ROOT, 'src-web/site/index.html'),
          admin: path.join(ROOT, 'src-web/admin/admin.html'),
        },
      },
    },
  });
  manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|mjs|html|css|json|txt|webmanifest)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(outDir, full).split(path.sep).join('/'), await readFile(full, 'utf8'));
  }
}, 120_000);

afterAll(async () => {
  for (const [name, value] of savedEnv) {
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  }
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The two apps' pages, as the manifest names them (relative to Vite's root, src-web). */
const PUBLIC_ENTRY = 'site/index.html';
const ADMIN_ENTRY = 'admin/admin.html';

describe('the production bundle built with a Firebase config', () => {
  it('was built with that config (the public web config is in it)', () => {
    const all = [...files.values()].join('\n');
    expect(all).toContain(FAKE_FIREBASE_ENV.VITE_FIREBASE_API_KEY);
    expect(all).toContain(FAKE_FIREBASE_ENV.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY);
  });

  it('keeps Firebase out of what the home page loads', () => {
    const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    // The public pages, and the private screens' own bundle.
    expect(entries.sort()).toEqual([ADMIN_ENTRY, PUBLIC_ENTRY]);
    const homeFiles = staticClosure(PUBLIC_ENTRY).filter((file) => file.endsWith('.js'));
    expect(homeFiles.length).toBeGreaterThan(0);
    for (const file of homeFiles) expect(containing(FIREBASE_MARKERS, file), file).toEqual([]);
  });

  it('keeps Firebase out of the contact form too, until the visitor uses it', () => {
    const form = Object.keys(manifest).find((key) => key.endsWith('contact-form-island.tsx'));
    expect(form, 'the contact form is a chunk of its own').toBeDefined();
    for (const file of staticClosure(form ?? '')) {
      expect(containing(FIREBASE_MARKERS, file), file).toEqual([]);
    }
  });

  it('has the Firebase SDK in a chunk that is only ever imported dynamically', () => {
    const firebaseChunks = Object.entries(manifest).filter(
      ([, chunk]) => containing(['firestore.googleapis.com'], chunk.file).length > 0,
    );
    expect(firebaseChunks.length).toBeGreaterThan(0);
    const staticallyImported = new Set(
      Object.values(manifest).flatMap((chunk) => chunk.imports ?? []),
    );
    const dynamicallyImported = new Set(
      Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []),
    );
    // Each Firebase chunk is either a dynamic import itself, or shared only by such chunks.
    const reachableLazily = (key: string): boolean =>
      dynamicallyImported.has(key) ||
      Object.entries(manifest)
        .filter(([, chunk]) => chunk.imports?.includes(key))
        .every(
          ([parent]) =>
            parent !== PUBLIC_ENTRY && parent !== ADMIN_ENTRY && reachableLazily(parent),
        );
    for (const [key] of firebaseChunks) {
      expect(reachableLazily(key), key).toBe(true);
      expect(staticClosure(PUBLIC_ENTRY)).not.toContain(manifest[key]?.file);
      expect(staticClosure(ADMIN_ENTRY)).not.toContain(manifest[key]?.file);
    }
    expect(staticallyImported.size).toBeGreaterThan(0);
  });

  it('holds no secret: no key, no password, no debug token', () => {
    for (const [file] of files) expect(containing(SECRET_MARKERS, file), file).toEqual([]);
  });
});
