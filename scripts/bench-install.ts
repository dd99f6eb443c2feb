/**
 * Benchmark of a newcomer's first `npm start` (`npm run bench:install`): clones the project's
 * last commit into a temporary folder, gives npm an empty cache (a new machine's), runs
 * `npm start` there and prints the seconds until the home page answers, what the install
 * brought (packages, megabytes of node_modules) and how long it took; the site's build is the
 * rest. With `--ref <commit>`, measures that commit instead. With `--test`, then installs
 * what `npm test` needs on top of it (scripts/setup.mjs --functions) and checks that the tools
 * are there. Needs git, the npm registry and du.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: { test: { type: 'boolean' }, keep: { type: 'boolean' }, ref: { type: 'string' } },
});

/** What `npm test` runs that `npm start` must not have installed. */
const TEST_TOOLS = [
  'node_modules/.bin/vitest',
  'node_modules/.bin/playwright',
  'node_modules/.bin/tsc',
  'node_modules/.bin/eslint',
  'node_modules/.bin/electron-vite',
  'node_modules/firebase-tools/package.json',
  'functions/node_modules/firebase-functions/package.json',
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function megabytes(folder: string): Promise<number> {
  const { stdout } = await run('du', ['-sk', folder]);
  return Math.round(Number(stdout.split('\t')[0]) / 1024);
}

/** npm's own count of what it installed: « added 276 packages in 25s ». */
function added(output: string): string {
  return [...output.matchAll(/added (\d+) packages?.*? in ([\d.]+\s*(?:ms|s|m))/g)]
    .map(([, count, time]) => `${count} paquets en ${time}`)
    .join(', puis ');
}

const work = await mkdtemp(path.join(os.tmpdir(), 'agence-bench-install-'));
const clone = path.join(work, 'clone');
// Nothing of the npm that runs this script (its settings, this checkout's node_modules/.bin)
// reaches the clone's, as on a new machine.
const env = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
  ),
  PATH: (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`) && !dir.includes('node-gyp-bin'))
    .join(path.delimiter),
  npm_config_cache: path.join(work, 'npm-cache'),
  PORT: String(await freePort()),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(work, 'data'),
};

try {
  await run('git', ['clone', '--quiet', '--no-local', root, clone]);
  // `-- --ref <commit>`: an older commit, to compare.
  if (options.ref) await run('git', ['-C', clone, 'checkout', '--quiet', options.ref]);
  const { stdout: commit } = await run('git', ['-C', clone, 'rev-parse', '--short', 'HEAD']);
  const [before] = os.loadavg();
  console.log(
    `Clone neuf du commit ${commit.trim()}, cache npm vide ; charge de la machine : ${before?.toFixed(1)}.`,
  );

  const started = performance.now();
  const server = spawn('npm', ['start'], { cwd: clone, env, detached: true });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  let stopped = false;
  void exited.then(() => (stopped = true));

  let firstPage: number | undefined;
  while (!stopped && firstPage === undefined) {
    try {
      const response = await fetch(`http://127.0.0.1:${env.PORT}/`);
      if (response.ok) firstPage = (performance.now() - started) / 1000;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  if (server.pid !== undefined && !stopped) process.kill(-server.pid, 'SIGTERM');
  await exited;
  if (firstPage === undefined) {
    console.error(output.split('\n').slice(-30).join('\n'));
    throw new Error('npm start s’est arrêté avant de servir la première page (sortie ci-dessus).');
  }

  console.log(`Première page servie après ${firstPage.toFixed(0)} s.`);
  console.log(`Installation : ${added(output)}.`);
  console.log(`node_modules : ${await megabytes(path.join(clone, 'node_modules'))} Mo (du).`);
  console.log(
    `functions/node_modules : ${existsSync(path.join(clone, 'functions/node_modules')) ? 'installé' : 'absent'}.`,
  );
  const [after] = os.loadavg();
  console.log(`Charge de la machine à la fin : ${after?.toFixed(1)}.`);

  if (options.test) {
    const testStarted = performance.now();
    const { stdout } = await run(process.execPath, ['scripts/setup.mjs', '--functions'], {
      cwd: clone,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - testStarted) / 1000;
    const missing = TEST_TOOLS.filter((tool) => !existsSync(path.join(clone, tool)));
    console.log(
      `Puis ce que npm test demande, en ${seconds.toFixed(0)} s : ${added(stdout)} ; node_modules : ${await megabytes(path.join(clone, 'node_modules'))} Mo.`,
    );
    if (missing.length > 0) throw new Error(`Outils de test absents : ${missing.join(', ')}`);
    console.log(`Outils de test présents : ${TEST_TOOLS.length} sur ${TEST_TOOLS.length}.`);
  }
} finally {
  if (options.keep) console.log(`Clone gardé dans ${clone}.`);
  else await rm(work, { recursive: true, force: true });
}
