/**
 * Starts Firebase emulators for a test file, each on free ports, from the firebase-tools
 * devDependency, or tells at once why they cannot run here (so that its tests skip, saying
 * so, instead of waiting for an emulator that will never answer).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** A demo- project needs no credentials and never reaches a real Firebase project. */
export const DEMO_PROJECT = 'demo-agence';

const FIREBASE_BIN = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
const START_TIMEOUT_MS = 60_000;

export type EmulatorKind = 'auth' | 'firestore' | 'hosting';

export interface RunningEmulators {
  /** The emulators' directory (their firebase.json, and what `prepare` put there). */
  dir: string;
  /** `host:port` of each started emulator. */
  hosts: Partial<Record<EmulatorKind, string>>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function javaMajorVersion(): number | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match?.[1]) return undefined;
  // Java 8 and before call themselves 1.x.
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/** The Firestore emulator jar that this firebase-tools version runs. */
export function firestoreEmulatorJar(): string | undefined {
  const infoPath = path.join(
    ROOT,
    'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json',
  );
  if (!existsSync(infoPath)) return undefined;
  const info = JSON.parse(readFileSync(infoPath, 'utf8')) as {
    firestore?: { downloadPathRelativeToCacheDir?: string };
  };
  const name = info.firestore?.downloadPathRelativeToCacheDir;
  if (!name) return undefined;
  const cacheDir =
    process.env.FIREBASE_EMULATORS_PATH ?? path.join(os.homedir(), '.cache/firebase/emulators');
  return path.join(cacheDir, name);
}

/** Why these emulators cannot start on this machine, or undefined when they can. */
export function unavailableReason(kinds: readonly EmulatorKind[]): string | undefined {
  if (!existsSync(FIREBASE_BIN)) return 'firebase-tools n’est pas installé (npm install)';
  if (kinds.includes('firestore')) {
    const java = javaMajorVersion();
    if (java === undefined)
      return 'l’émulateur Firestore demande Java 21 ou plus : java introuvable';
    if (java < 21) return `l’émulateur Firestore demande Java 21 ou plus (Java ${java} ici)`;
    const jar = firestoreEmulatorJar();
    if (!jar || !existsSync(jar)) {
      return (
        `l’archive de l’émulateur Firestore manque (${jar ?? 'version inconnue'}) : ` +
        'lancez « npx firebase setup:emulators:firestore » sur une machine connectée'
      );
    }
  }
  return undefined;
}

/** Prints the one line that says why a group of tests is skipped. */
export function warnSkipped(what: string, reason: string): void {
  console.warn(`[ignoré] ${what} : ${reason}.`);
}

/** The first error firebase-tools reported, if it did: the emulators will not start. */
function reportedError(log: string): string | undefined {
  return /^\s*(Error: .*|.*Fatal error.*)$/mu.exec(log)?.[1];
}

async function waitUntilAnswering(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const error = reportedError(log());
    if (error) throw new Error(`l’émulateur ne démarre pas : ${error}`);
    if (child.exitCode !== null) {
      throw new Error(`l’émulateur s’est arrêté (code ${child.exitCode}) :\n${log()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`l’émulateur ne répond pas sur ${url} après ${START_TIMEOUT_MS} ms :\n${log()}`);
}

export interface StartOptions {
  /** Extra firebase.json content (e.g. `hosting`), merged with the emulator ports. */
  config?: Record<string, unknown>;
  /**
   * Fills the emulators' directory first (Hosting serves a `public` folder only when its
   * path is relative to that directory).
   */
  prepare?: (dir: string) => Promise<void>;
}

/**
 * Starts `firebase emulators:start --only <kinds>` for the demo project, with a firebase.json
 * of its own (free ports, the project's rules) in a temporary directory.
 */
export async function startEmulators(
  kinds: readonly EmulatorKind[],
  options: StartOptions = {},
): Promise<RunningEmulators> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agence-emulators-'));
  const host = '127.0.0.1';
  const ports: Record<string, number> = {};
  for (const name of [...kinds, 'hub', 'logging', 'websocket']) ports[name] = await freePort();
  const emulators: Record<string, unknown> = {
    hub: { host, port: ports.hub },
    logging: { host, port: ports.logging },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  for (const kind of kinds) {
    emulators[kind] =
      kind === 'firestore'
        ? { host, port: ports[kind], websocketPort: ports.websocket }
        : { host, port: ports[kind] };
  }
  const config: Record<string, unknown> = {
    ...(kinds.includes('firestore')
      ? { firestore: { rules: path.join(ROOT, 'firestore.rules') } }
      : {}),
    ...options.config,
    emulators,
  };
  await writeFile(path.join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
  await options.prepare?.(dir);

  let output = '';
  const child = spawn(
    process.execPath,
    [FIREBASE_BIN, 'emulators:start', '--only', kinds.join(','), '--project', DEMO_PROJECT],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // No prompt, no update check, no analytics: the emulators need no network.
        CI: 'true',
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_ANALYTICS: '1',
      },
    },
  );
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      // The whole group: the Firestore emulator is a Java child of the CLI.
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // Already gone.
      }
      const killer = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 10_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const hosts: Partial<Record<EmulatorKind, string>> = {};
    for (const kind of kinds) {
      hosts[kind] = `${host}:${ports[kind]}`;
      await waitUntilAnswering(`http://${hosts[kind]}/`, child, () => output);
    }
    return { dir, hosts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * For a test file's top level: the running emulators, or undefined once it has printed why
 * they cannot run here. Missing prerequisites (firebase-tools, Java, the Firestore jar) are
 * found without starting anything, and an emulator that stops or reports an error while
 * starting is given up on as soon as it does: the file's emulator tests then skip at once.
 */
export async function startEmulatorsOrSkip(
  what: string,
  kinds: readonly EmulatorKind[],
  options: StartOptions = {},
): Promise<RunningEmulators | undefined> {
  const reason = unavailableReason(kinds);
  if (reason) {
    warnSkipped(what, reason);
    return undefined;
  }
  try {
    return await startEmulators(kinds, options);
  } catch (error) {
    warnSkipped(what, error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

/** The emulators a suite skipped without them runs on (called from its hooks). */
export function startedEmulators(emulators: RunningEmulators | undefined): RunningEmulators {
  if (!emulators) throw new Error('émulateurs absents : cette suite aurait dû être ignorée');
  return emulators;
}
