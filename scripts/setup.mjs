// First step of `npm start` and `npm test`, so that they are the whole set-up on a fresh
// clone: stop with one clear line on a Node that is too old, then install the dependencies
// when they are missing or no longer match package-lock.json — the root's, and those of the
// Cloud Functions in functions/ (their own package.json, as Firebase deploys that folder
// alone), which the tests run.
//
// Plain JavaScript with no dependency, so that it runs on any Node before anything is
// installed. `node scripts/setup.mjs --stamp` (the `postinstall` script) records which
// lockfile the installed dependencies come from, whoever ran the install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MINIMUM = { major: 22, minor: 12 };

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MINIMUM.major || (major === MINIMUM.major && minor < MINIMUM.minor)) {
  console.error(
    `Node ${process.versions.node} est trop ancien : ce projet demande Node ${MINIMUM.major}.${MINIMUM.minor} ou plus récent (24 conseillé). Installez-le avec « npm install -g --prefix /usr/local node@24 », puis relancez.`,
  );
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const lockfile = path.join(root, 'package-lock.json');
const stamp = path.join(root, 'node_modules', '.installed-from-lock');

function lockHash() {
  return createHash('sha256').update(readFileSync(lockfile)).digest('hex');
}

if (process.argv.includes('--stamp')) {
  writeFileSync(stamp, `${lockHash()}\n`);
  process.exit(0);
}

function install(folder, stampFile, lockHashValue) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], {
    cwd: folder,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(
      'L’installation des dépendances a échoué (voir ci-dessus) : vérifiez l’accès au registre npm, puis relancez.',
    );
    process.exit(result.status ?? 1);
  }
  if (stampFile) writeFileSync(stampFile, `${lockHashValue}\n`);
}

const installed = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === lockHash();
if (!installed) {
  console.log(
    existsSync(path.join(root, 'node_modules'))
      ? 'Dépendances à mettre à jour (package-lock.json a changé) : npm ci…'
      : 'Première utilisation : installation des dépendances (npm ci, quelques minutes)…',
  );
  // The root's postinstall script writes its stamp.
  install(root);
}

const functionsDir = path.join(root, 'functions');
const functionsLock = createHash('sha256')
  .update(readFileSync(path.join(functionsDir, 'package-lock.json')))
  .digest('hex');
const functionsStamp = path.join(functionsDir, 'node_modules', '.installed-from-lock');
if (!existsSync(functionsStamp) || readFileSync(functionsStamp, 'utf8').trim() !== functionsLock) {
  console.log('Dépendances des Cloud Functions (functions/) : npm ci…');
  install(functionsDir, functionsStamp, functionsLock);
}
