/**
 * What `npm start` installs on a fresh clone: what serving and building the site needs, not
 * the tools of the tests, the desktop console, Firebase or the benchmarks (a gigabyte, then
 * most of the first start's wait). The test runs `npm start` in a copy of the project's
 * manifests with a stand-in `npm` on the PATH that records the install it is asked for, reads
 * from package-lock.json what that install brings, and checks it against the packages the
 * site's code imports (src-web, src-server, and the scripts and shared modules they reach).
 * Then, after that `npm start`, that each command using the tools installs them first.
 * docs/performance.md measures the real thing on a bare clone (`npm run bench:install`).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../temp-dirs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Tools that only tests, the console, Firebase's CLI or the benchmarks use. */
const TOOLS = [
  'electron',
  'electron-builder',
  'electron-vite',
  '@electron/fuses',
  'firebase-tools',
  'firebase-admin',
  '@playwright/test',
  'playwright',
  'vitest',
  'eslint',
  'prettier',
  'typescript',
  'jsdom',
  '@testing-library/react',
  'smtp-server',
  // The metrics of every Google font (169 MB): the build reads five, from scripts/font-metrics.ts.
  '@capsizecss/metrics',
  // Every Firebase product, compat layers included: the site imports four of its modules.
  'firebase',
  'lighthouse',
];

/** Packages the build loads with no import in the project's code. */
const IMPLICIT = [
  // Vite compiles the .scss files with it.
  'sass',
];

/** Where the site's code starts: the whole of src-web and src-server, the start script, Vite's config. */
const ROOTS = ['src-web', 'src-server', 'scripts/start.ts', 'vite.config.ts'];
const SOURCE = /\.(ts|tsx|mts|js|mjs|html|scss|css)$/;

interface LockEntry {
  dev?: boolean;
}
interface Lockfile {
  packages: Record<string, LockEntry>;
}

interface NpmCall {
  cwd: string;
  args: string[];
}

/** The real npm's script (the `npm` of the PATH, a link to it). */
function npmCli(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'npm');
    if (dir && existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error('npm introuvable dans le PATH');
}

/**
 * A copy of the project's manifests and set-up script, with a stand-in `npm` first on the PATH
 * that records each call and leaves the folder `npm ci` would have made. `run` gives the npm
 * commands a command line ran there.
 */
async function sandbox() {
  const dir = makeTempDir('slim-install');
  for (const file of [
    'package.json',
    'package-lock.json',
    '.npmrc',
    'scripts/setup.mjs',
    'functions/package.json',
    'functions/package-lock.json',
  ]) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await copyFile(path.join(ROOT, file), path.join(dir, file));
  }
  await writeFile(path.join(dir, 'scripts/start.ts'), "console.log('site servi');\n");
  const bin = path.join(dir, 'bin');
  const calls = path.join(dir, 'npm-calls.jsonl');
  await mkdir(bin);
  await writeFile(
    path.join(bin, 'npm'),
    `#!${process.execPath}
import { appendFileSync, mkdirSync } from 'node:fs';
appendFileSync(${JSON.stringify(calls)}, JSON.stringify({ cwd: process.cwd(), args: process.argv.slice(2) }) + '\\n');
if (process.argv[2] === 'ci') mkdirSync('node_modules', { recursive: true });
`,
  );
  await chmod(path.join(bin, 'npm'), 0o755);
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  return {
    dir,
    async run(file: string, args: string[]): Promise<{ stdout: string; calls: NpmCall[] }> {
      await rm(calls, { force: true });
      const { stdout } = await promisify(execFile)(file, args, { cwd: dir, env });
      const recorded = existsSync(calls) ? await readFile(calls, 'utf8') : '';
      return {
        stdout,
        calls: recorded
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as NpmCall)
          .map((call) => ({ ...call, cwd: path.relative(dir, call.cwd) })),
      };
    },
  };
}

/** Runs `npm start` on a fresh clone (nothing installed); returns the npm commands it ran. */
async function npmStartInstalls(): Promise<NpmCall[]> {
  const { run } = await sandbox();
  const { stdout, calls } = await run(process.execPath, [npmCli(), 'start']);
  expect(stdout).toContain('site servi');
  return calls;
}

/** The packages an `npm ci` with these arguments puts in node_modules, by name. */
function installedBy(args: string[], lock: Lockfile): Set<string> {
  const omitsDev = args.some((arg) => arg === '--omit=dev' || arg === '--production');
  const names = new Set<string>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || (omitsDev && entry.dev)) continue;
    names.add(key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  return names;
}

/** The package a specifier names (`@scope/name/file` → `@scope/name`), if it is one. */
function packageOf(specifier: string, known: Set<string>): string | undefined {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name && known.has(name) ? name : undefined;
}

// What loads a module or a package's file at run or build time; `import type` and
// `export type` are gone once Node or Vite strips the types.
const LOADS = [
  /(?:^|[^\w.])import\s+(?!type\s)[^'";]*?from\s*['"]([^'"]+)['"]/g,
  /(?:^|[^\w.])export\s+(?!type\s)[^'";]*?from\s*['"]([^'"]+)['"]/g,
  /(?:^|[^\w.])import\s*['"]([^'"]+)['"]/g,
  /import\(\s*['"]([^'"]+)['"]\s*,?\s*\)/g,
  /(?:require|resolve|\))\(\s*['"]([^'"]+)['"]\s*,?\s*\)/g,
  /@(?:import|use|forward)\s+['"]([^'"]+)['"]/g,
  /src=["']([^"']+)["']/g,
  // A package's file named by its path, e.g. fonts.ts's sources, icons.ts's folder.
  /['"]((?:@[\w.-]+\/)?[\w.-]+\/[^'"\s]+\.(?:woff2|svg|scss|css|js|mjs))['"]/g,
  /node_modules\/((?:@[\w.-]+\/)?[\w.-]+)/g,
];

async function filesUnder(entry: string): Promise<string[]> {
  const full = path.join(ROOT, entry);
  if (SOURCE.test(entry) && existsSync(full)) return [full];
  const found: string[] = [];
  for (const item of await readdir(full, { withFileTypes: true, recursive: true })) {
    if (item.isFile() && SOURCE.test(item.name)) found.push(path.join(item.parentPath, item.name));
  }
  return found;
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier.split('?')[0] ?? '');
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => SOURCE.test(candidate) && existsSync(candidate),
  );
}

/** Every package the site's code loads, with a file that loads it. */
async function packagesTheSiteLoads(known: Set<string>): Promise<Map<string, string>> {
  const queue = (await Promise.all(ROOTS.map(filesUnder))).flat();
  const seen = new Set(queue);
  const packages = new Map<string, string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const text = await readFile(file, 'utf8');
    for (const pattern of LOADS) {
      for (const [, specifier = ''] of text.matchAll(pattern)) {
        if (specifier.startsWith('.')) {
          const target = resolveRelative(file, specifier);
          if (target && !seen.has(target)) {
            seen.add(target);
            queue.push(target);
          }
          continue;
        }
        const name = packageOf(specifier, known);
        if (name && !packages.has(name)) packages.set(name, path.relative(ROOT, file));
      }
    }
  }
  return packages;
}

describe('the install `npm start` makes on a fresh clone', { timeout: 60_000 }, () => {
  let calls: NpmCall[];
  let lock: Lockfile;
  let installed: Set<string>;

  // npm itself takes seconds to start on a loaded machine: more than a hook's default 10 s.
  beforeAll(async () => {
    calls = await npmStartInstalls();
    lock = JSON.parse(await readFile(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
    const [rootInstall] = calls;
    installed = installedBy(rootInstall?.args ?? [], lock);
  }, 60_000);

  it('is one npm ci at the root: the Cloud Functions’ packages wait for the commands that use them', () => {
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ cwd: '', args: expect.arrayContaining(['ci']) as string[] });
  });

  it('brings none of the tests’, console’s, Firebase CLI’s or benchmarks’ tools', () => {
    expect(TOOLS.filter((tool) => installed.has(tool))).toEqual([]);
    // About 340 packages serve and build the site, against about 1,500 with the tools.
    expect(installed.size).toBeLessThan(500);
  });

  it('brings every package the site’s server and build load', async () => {
    const known = installedBy([], lock);
    const loaded = await packagesTheSiteLoads(known);
    // The scan sees the site's real imports (a scan that found nothing would prove nothing).
    for (const name of ['fastify', 'vite', 'react', 'beasties', 'sharp']) {
      expect(loaded.has(name), name).toBe(true);
    }
    const missing = [...loaded]
      .filter(([name]) => !installed.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
    expect(IMPLICIT.filter((name) => !installed.has(name))).toEqual([]);
  });
});

/**
 * The set-up step a package.json script starts with (`node scripts/setup.mjs …`), as arguments.
 * `npm test` runs its phases from scripts/test.mjs, whose first phase is that step.
 */
function setupStep(script: string, scripts: Record<string, string>, testPhases: string): string[] {
  const [first = ''] = (scripts[script] ?? '').split('&&');
  let words = first.trim().split(/\s+/);
  if (words.join(' ') === 'node scripts/test.mjs') {
    const phase = /\['dépendances', process\.execPath, \[([^\]]*)\]\]/u.exec(testPhases)?.[1] ?? '';
    words = ['node', ...phase.split(',').map((word) => word.trim().replace(/^'|'$/gu, ''))];
  }
  expect(words.slice(0, 2), `npm run ${script} starts by installing what it lacks`).toEqual([
    'node',
    'scripts/setup.mjs',
  ]);
  return words.slice(1);
}

describe('the commands that use the tools install them', { timeout: 60_000 }, () => {
  let scripts: Record<string, string>;
  let testPhases: string;

  beforeAll(async () => {
    ({ scripts } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    });
    testPhases = await readFile(path.join(ROOT, 'scripts', 'test.mjs'), 'utf8');
  });

  it.each([
    ['test', ['', 'functions']],
    ['firebase:local', ['', 'functions']],
    ['desktop', ['']],
    ['desktop:compile', ['']],
    ['admin:grant', ['']],
    ['bench:dashboard', ['']],
  ])(
    'npm run %s after npm start: npm ci with the tools where it needs them',
    async (script, folders) => {
      const box = await sandbox();
      await box.run(process.execPath, [npmCli(), 'start']);
      const { calls } = await box.run(process.execPath, setupStep(script, scripts, testPhases));
      expect(calls.map((call) => call.cwd)).toEqual(folders);
      for (const call of calls)
        expect(call.args).toEqual(expect.arrayContaining(['ci', '--include=dev']));
    },
  );

  it('npm start updates a complete install that no longer matches its lockfile as a complete one', async () => {
    const box = await sandbox();
    await mkdir(path.join(box.dir, 'node_modules'));
    await writeFile(
      path.join(box.dir, 'node_modules/.installed-from-lock'),
      `${'0'.repeat(64)} all\n`,
    );
    const { calls } = await box.run(process.execPath, [npmCli(), 'start']);
    expect(calls.map((call) => call.cwd)).toEqual(['']);
    for (const call of calls) {
      expect(call.args).toEqual(expect.arrayContaining(['ci', '--include=dev']));
      expect(call.args).not.toContain('--omit=dev');
    }
  });

  it('npm start keeps a complete install as it is', async () => {
    const box = await sandbox();
    const lock = await readFile(path.join(box.dir, 'package-lock.json'));
    await mkdir(path.join(box.dir, 'node_modules'));
    await writeFile(
      path.join(box.dir, 'node_modules/.installed-from-lock'),
      `${createHash('sha256').update(lock).digest('hex')} all\n`,
    );
    const { stdout, calls } = await box.run(process.execPath, [npmCli(), 'start']);
    expect(stdout).toContain('site servi');
    expect(calls).toEqual([]);
  });
});
