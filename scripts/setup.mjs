// First step of every npm script that needs installed packages, so that each is the whole
// set-up on a fresh clone: stop with one clear line on a Node that is too old, then install
// what that command needs when it is missing or no longer matches its lockfile. Four levels:
// - `--site` (`npm start`, `npm run build`): the root's `dependencies` only
//   (npm ci --omit=dev), what serving and building the site needs;
// - no option (the desktop console, admin:grant): every package of the root, the tools too;
// - `--functions` (`npm test`, `npm run firebase:local`): also the Cloud Functions' packages
//   in functions/ (their own package.json, as Firebase deploys that folder alone);
// - `--bench` (`npm run bench:*`): also the benchmark tools' (bench/).
// A level includes the ones above it; what is installed already is kept when it suffices.
//
// Plain JavaScript with no dependency, so that it runs on any Node before anything is
// installed. `node scripts/setup.mjs --stamp` (the `postinstall` script) records which
// lockfile the installed packages come from, and whether the development ones are there,
// whoever ran the install. An install that fails or is cut short leaves no record (npm ci
// empties node_modules first), so the next command installs again.
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
const stamp = path.join(root, 'node_modules', '.installed-from-lock');

function lockHash(folder) {
  return createHash('sha256')
    .update(readFileSync(path.join(folder, 'package-lock.json')))
    .digest('hex');
}

/** `all` when every devDependency of the root is installed, else `site`. */
function installedLevel() {
  const { devDependencies = {} } = JSON.parse(
    readFileSync(path.join(root, 'package.json'), 'utf8'),
  );
  const complete = Object.keys(devDependencies).every((name) =>
    existsSync(path.join(root, 'node_modules', name, 'package.json')),
  );
  return complete ? 'all' : 'site';
}

function writeStamp() {
  writeFileSync(stamp, `${lockHash(root)} ${installedLevel()}\n`);
}

if (process.argv.includes('--stamp')) {
  writeStamp();
  process.exit(0);
}

function install(folder, options) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', ...options, '--no-audit', '--no-fund'], {
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
}

const wanted = process.argv.includes('--site') ? 'site' : 'all';
// An older stamp holds the hash alone: it was written by a complete install.
const [stampHash, stampLevel = 'all'] = existsSync(stamp)
  ? readFileSync(stamp, 'utf8').trim().split(' ')
  : [];
const upToDate = stampHash === lockHash(root);
// A complete install that no longer matches its lockfile is updated as a complete one: a
// `git pull` then `npm start` must not take a developer's tests and console tools away.
const level = wanted === 'site' && stampHash !== undefined && stampLevel === 'all' ? 'all' : wanted;
if (!upToDate || (wanted === 'all' && stampLevel !== 'all')) {
  if (!existsSync(path.join(root, 'node_modules'))) {
    console.log(
      wanted === 'site'
        ? 'Première utilisation : installation de ce que le site demande (npm ci --omit=dev, une minute environ)…'
        : 'Première utilisation : installation des dépendances et des outils (npm ci, quelques minutes)…',
    );
  } else if (!upToDate) {
    console.log(
      `Dépendances à mettre à jour (package-lock.json a changé) : npm ci${level === 'site' ? ' --omit=dev' : ''}…`,
    );
  } else {
    console.log(
      'Outils de développement, de test et de la console à installer (seul le site l’était) : npm ci, quelques minutes…',
    );
  }
  // Explicit both ways, so that NODE_ENV=production or an `omit` setting does not decide.
  install(root, level === 'site' ? ['--omit=dev'] : ['--include=dev']);
  // The postinstall script has written it too, unless scripts are turned off.
  writeStamp();
}

/**
 * Installs a folder that has its own package.json and lockfile when what is installed there
 * does not come from that lockfile.
 */
function ensureFolderInstalled(name, announce) {
  const folder = path.join(root, name);
  const folderLock = lockHash(folder);
  const folderStamp = path.join(folder, 'node_modules', '.installed-from-lock');
  if (existsSync(folderStamp) && readFileSync(folderStamp, 'utf8').trim() === folderLock) return;
  console.log(announce);
  install(folder, ['--include=dev']);
  writeFileSync(folderStamp, `${folderLock}\n`);
}

// The function's packages (257, 90 MB) for the commands that run or build it.
if (process.argv.includes('--functions')) {
  ensureFolderInstalled('functions', 'Dépendances des Cloud Functions (functions/) : npm ci…');
}
// The benchmark tools (Lighthouse, chrome-launcher, autocannon) only on a benchmark's first run:
// 170 packages that neither the product nor its tests need.
if (process.argv.includes('--bench')) {
  ensureFolderInstalled('bench', 'Outils des bancs d’essai (bench/) : npm ci…');
}
