// First step of `npm start` and `npm test`, so that they are the whole set-up on a fresh
// clone: stop with one clear line on a Node that is too old, then install the dependencies
// when they are missing or no longer match package-lock.json — the root's, and those of the
// Cloud Functions in functions/ (their own package.json, as Firebase deploys that folder
// alone), which the tests run; with `--bench`, the benchmark tools' (bench/).
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

/**
 * Installs a folder that has its own package.json and lockfile when what is installed there
 * does not come from that lockfile.
 */
function ensureFolderInstalled(name, announce) {
  const folder = path.join(root, name);
  const folderLock = createHash('sha256')
    .update(readFileSync(path.join(folder, 'package-lock.json')))
    .digest('hex');
  const folderStamp = path.join(folder, 'node_modules', '.installed-from-lock');
  if (existsSync(folderStamp) && readFileSync(folderStamp, 'utf8').trim() === folderLock) return;
  console.log(announce);
  install(folder, folderStamp, folderLock);
}

ensureFolderInstalled('functions', 'Dépendances des Cloud Functions (functions/) : npm ci…');
// The benchmark tools (Lighthouse, chrome-launcher, autocannon) only on a benchmark's first run:
// 170 packages that neither the product nor its tests need.
if (process.argv.includes('--bench')) {
  ensureFolderInstalled('bench', 'Outils des bancs d’essai (bench/) : npm ci…');
}
