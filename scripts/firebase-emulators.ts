/**
 * The Firebase emulators this project runs on one machine, offline and without a Google
 * account: the Google Cloud CLI's Firestore emulator (Java 17), and firebase-tools' Auth and
 * Hosting emulators (Node). Used by the tests' global setup (tests/firebase/global-setup.ts),
 * by `npm run firebase:local`, and by anything else that needs them (Playwright's global
 * setup): each emulator on a free port by default, stopped with its whole process group.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** A demo- project needs no credentials and never reaches a real Firebase project. */
export const DEMO_PROJECT = 'demo-agence';
export const RULES_FILE = path.join(ROOT, 'firestore.rules');

/** Where the Debian package google-cloud-cli-firestore-emulator puts its launcher. */
const FIRESTORE_EMULATOR_BIN =
  process.env.FIRESTORE_EMULATOR_BIN ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';
const FIREBASE_BIN = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
/**
 * How long an emulator may take to answer once started. 90 s was too short on a fresh clone at
 * load 15 (the Java emulator's start alone took longer); at load 20 it has taken up to 3 min.
 * FIREBASE_EMULATOR_START_TIMEOUT_MS changes it.
 */
const START_TIMEOUT_MS = Number(process.env.FIREBASE_EMULATOR_START_TIMEOUT_MS) || 300_000;
const STOP_GRACE_MS = 10_000;
const HOST = '127.0.0.1';

/** The one line (French) that says what to install when the emulators cannot run here. */
export const INSTALL_HINT =
  'installez Java 17 ou plus et l’émulateur Firestore de Google Cloud CLI ' +
  '(paquets Debian openjdk-17-jre-headless et google-cloud-cli-firestore-emulator), ' +
  'ou lancez les tests avec FIREBASE_TESTS=skip pour ignorer ceux de Firebase';

/** Whether a port can be listened on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** The first port the system hands out by itself (Linux's ephemeral range), or its default. */
function firstEphemeralPort(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return low !== undefined && Number.isInteger(low) ? low : 32768;
  } catch {
    return 32768;
  }
}

/**
 * A free port below the range the system hands out by itself: while an emulator restarts on
 * its port (the reconnection tests), no `listen(0)` or outgoing connection of another test can
 * be given that port in between (a test once reached another server there and failed).
 */
export async function freePort(): Promise<number> {
  const high = firstEphemeralPort() - 1;
  const low = 10_000;
  for (let attempt = 0; high > low && attempt < 50; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function javaMajorVersion(): number | undefined {
  const result = spawnSync(process.env.JAVA ?? 'java', ['-version'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match?.[1]) return undefined;
  // Java 8 and before call themselves 1.x.
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/**
 * Why the Firestore and Auth emulators cannot run on this machine (French, one line, saying
 * what to install), or undefined when they can. Starts nothing.
 */
export function emulatorsMissing(): string | undefined {
  const missing: string[] = [];
  if (!existsSync(FIREBASE_BIN)) missing.push('firebase-tools n’est pas installé (npm install)');
  if (!existsSync(FIRESTORE_EMULATOR_BIN)) {
    missing.push(`émulateur Firestore introuvable (${FIRESTORE_EMULATOR_BIN})`);
  }
  const java = javaMajorVersion();
  if (java === undefined) missing.push('java introuvable');
  else if (java < 17) missing.push(`Java ${java} trop ancien`);
  if (missing.length === 0) return undefined;
  return `Émulateurs Firebase indisponibles (${missing.join(' ; ')}) : ${INSTALL_HINT}.`;
}

/** A child process started in a process group of its own, and its last output. */
interface Spawned {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
  stop: () => Promise<void>;
}

function spawnGroup(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Spawned {
  let output = '';
  const child = spawn(command, args, {
    cwd: options.cwd,
    // A group of its own: the Firestore launcher is a shell script running java, and the
    // firebase CLI starts children too; stopping kills the whole group.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signal('SIGTERM');
      const killer = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(killer);
    }
    // What the group's leader left behind (java under the launcher script).
    signal('SIGKILL');
  };
  return { child, output: () => output, exited, stop };
}

/**
 * Waits until `what` (« l’émulateur Firestore »…) answers at `url`; once it does, says in one
 * line how long that took and under what load, and if it never does, what it waited for.
 */
async function waitUntilAnswering(
  what: string,
  url: string,
  spawned: Spawned,
  isFatal?: (log: string) => string | undefined,
) {
  const started = Date.now();
  const deadline = started + START_TIMEOUT_MS;
  const load = () => (os.loadavg()[0] ?? 0).toFixed(1);
  while (Date.now() < deadline) {
    const fatal = isFatal?.(spawned.output());
    if (fatal) throw new Error(`l’émulateur ne démarre pas : ${fatal}`);
    if (spawned.child.exitCode !== null) {
      throw new Error(
        `l’émulateur s’est arrêté (code ${spawned.child.exitCode}) :\n${spawned.output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      console.log(
        `${what} répond sur ${url} après ${((Date.now() - started) / 1000).toFixed(1)} s (charge ${load()}).`,
      );
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(
    `${what} ne répond pas sur ${url} après ${START_TIMEOUT_MS / 1000} s d’attente (charge de la machine ${load()} ; FIREBASE_EMULATOR_START_TIMEOUT_MS allonge l’attente). Sa sortie :\n${spawned.output()}`,
  );
}

export interface FirestoreEmulator {
  /** `127.0.0.1:PORT`, as FIRESTORE_EMULATOR_HOST and connectFirestoreEmulator want it. */
  host: string;
  port: number;
  /** Stops it (its data is in memory: gone). */
  stop(): Promise<void>;
  /**
   * Stops it and starts it again on the same port (an outage, for reconnection tests): empty,
   * or with the documents `keepProject` had (exported first, then seeded from the export).
   * `whileDown` runs between the stop and the start. Rules are not kept: load them again.
   */
  restart(options?: { keepProject?: string; whileDown?: () => Promise<unknown> }): Promise<void>;
}

export interface FirestoreOptions {
  /** A port of your choosing (default: a free one). */
  port?: number;
  /** `host:port` of a Functions emulator to run the Firestore triggers on. */
  functionsEmulator?: string;
  /** A project to tell the emulator about (its single-project mode stays off). */
  projectId?: string;
}

/**
 * Starts the Google Cloud CLI's Firestore emulator (`cloud_firestore_emulator start`) and
 * resolves once it answers. Load rules with `loadRules`: without them, a project allows all.
 */
export async function startFirestoreEmulator(
  options: FirestoreOptions = {},
): Promise<FirestoreEmulator> {
  const attempts = options.port === undefined ? 3 : 1;
  let port = options.port ?? (await freePort());
  let current: Spawned | undefined;

  const launch = async (seedFromExport?: string) => {
    const args = ['start', `--host=${HOST}`, `--port=${port}`];
    if (seedFromExport) args.push(`--seed_from_export=${seedFromExport}`);
    if (options.functionsEmulator) args.push(`--functions_emulator=${options.functionsEmulator}`);
    if (options.projectId) args.push(`--project_id=${options.projectId}`);
    const spawned = spawnGroup(FIRESTORE_EMULATOR_BIN, args);
    try {
      await waitUntilAnswering(
        'L’émulateur Firestore (Google Cloud CLI, Java)',
        `http://${HOST}:${port}/`,
        spawned,
        (log) => /Address already in use|BindException/u.exec(log)?.[0],
      );
    } catch (error) {
      await spawned.stop();
      throw error;
    }
    current = spawned;
  };

  for (let attempt = 1; ; attempt += 1) {
    try {
      await launch();
      break;
    } catch (error) {
      // Another process may have taken the free port between its choice and the start.
      if (attempt >= attempts) throw error;
      port = await freePort();
    }
  }

  const stop = async () => {
    await current?.stop();
    current = undefined;
  };
  return {
    host: `${HOST}:${port}`,
    port,
    stop,
    restart: async ({ keepProject, whileDown } = {}) => {
      const exportDir = keepProject
        ? await mkdtemp(path.join(os.tmpdir(), 'agence-firestore-export-'))
        : undefined;
      try {
        const seed =
          keepProject && exportDir
            ? await exportProject(`${HOST}:${port}`, keepProject, exportDir)
            : undefined;
        await stop();
        await whileDown?.();
        await launch(seed);
      } finally {
        if (exportDir) await rm(exportDir, { recursive: true, force: true });
      }
    },
  };
}

/** Exports a project's documents into `dir`; resolves with the export's metadata file. */
async function exportProject(firestoreHost: string, projectId: string, dir: string) {
  const response = await fetch(`http://${firestoreHost}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      database: `projects/${projectId}/databases/(default)`,
      export_directory: dir,
    }),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`export Firestore impossible : HTTP ${response.status}`);
  for (const entry of await readdir(dir, { recursive: true })) {
    if (entry.endsWith('.overall_export_metadata')) return path.join(dir, entry);
  }
  throw new Error(`export Firestore introuvable dans ${dir}`);
}

/**
 * Loads rules into one project of a running Firestore emulator (its REST endpoint, as
 * @firebase/rules-unit-testing does). Rejects with the compiler's own words when the rules
 * do not compile, and when it reports any issue (an unknown function, a wrong number of
 * arguments: rules that load but would refuse what they mean to allow).
 */
export async function loadRules(
  firestoreHost: string,
  projectId: string,
  source?: string,
): Promise<void> {
  const content = source ?? (await readFile(RULES_FILE, 'utf8'));
  const response = await fetch(
    `http://${firestoreHost}/emulator/v1/projects/${projectId}:securityRules`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
    },
  );
  const body = (await response.json().catch(() => ({}))) as {
    error?: { message?: string };
    issues?: { sourcePosition?: { line?: number; column?: number }; description: string }[];
  };
  if (!response.ok) {
    throw new Error(
      `firestore.rules ne compile pas : ${body.error?.message ?? `HTTP ${response.status}`}`,
    );
  }
  if (body.issues?.length) {
    const issues = body.issues.map(
      ({ sourcePosition, description }) =>
        `L${sourcePosition?.line ?? '?'}:${sourcePosition?.column ?? '?'} ${description}`,
    );
    throw new Error(`firestore.rules compile avec des erreurs : ${issues.join(' ; ')}`);
  }
}

/** Deletes every document of a project in the Firestore emulator. */
export async function clearFirestore(firestoreHost: string, projectId: string): Promise<void> {
  const response = await fetch(
    `http://${firestoreHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Firestore non vidé : HTTP ${response.status}`);
}

/** Deletes every account of the Auth emulator's project. */
export async function clearAuth(authHost: string, projectId = DEMO_PROJECT): Promise<void> {
  const response = await fetch(`http://${authHost}/emulator/v1/projects/${projectId}/accounts`, {
    method: 'DELETE',
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`comptes non supprimés : HTTP ${response.status}`);
}

export type ToolsEmulatorKind = 'auth' | 'hosting' | 'functions';

export interface ToolsEmulators {
  /** The emulators' directory (their firebase.json, and what `prepare` put there). */
  dir: string;
  /** `host:port` of each started emulator. */
  hosts: Partial<Record<ToolsEmulatorKind, string>>;
  stop(): Promise<void>;
}

export interface ToolsOptions {
  /** The project the emulators serve (default: DEMO_PROJECT). */
  projectId?: string;
  /** A port of your choosing per emulator (default: free ones). */
  ports?: Partial<Record<ToolsEmulatorKind, number>>;
  /** Extra firebase.json content (e.g. `hosting`, `functions`), merged with the ports. */
  config?: Record<string, unknown>;
  /** Fills the emulators' directory first (Hosting serves a folder relative to it). */
  prepare?: (dir: string) => Promise<void>;
  /** Extra environment for the CLI (e.g. FIRESTORE_EMULATOR_HOST for the Functions one). */
  env?: NodeJS.ProcessEnv;
}

/** The first error firebase-tools reported, if it did: the emulators will not start. */
function toolsError(log: string): string | undefined {
  return /^\s*(Error: .*|.*Fatal error.*)$/mu.exec(log)?.[1];
}

/**
 * Starts `firebase emulators:start --only <kinds>` (firebase-tools' Node emulators: Auth,
 * Hosting, Functions) with a firebase.json of its own in a temporary directory, each on a free
 * port unless `options.ports` names one.
 */
export async function startToolsEmulators(
  kinds: readonly ToolsEmulatorKind[],
  options: ToolsOptions = {},
): Promise<ToolsEmulators> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startToolsEmulatorsOnce(kinds, options);
    } catch (error) {
      // A port chosen free can be taken by another process before the emulator listens on it
      // (a fresh-clone CI run once failed with « Could not start Logging Emulator, port
      // taken »): start again on other free ports. Ports the caller chose are not changed.
      const taken = error instanceof Error && /port taken/iu.test(error.message);
      if (!taken || attempt >= 3) throw error;
    }
  }
}

async function startToolsEmulatorsOnce(
  kinds: readonly ToolsEmulatorKind[],
  options: ToolsOptions,
): Promise<ToolsEmulators> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agence-emulators-'));
  const ports: Record<string, number> = {};
  for (const name of [...kinds, 'hub', 'logging']) {
    ports[name] = options.ports?.[name as ToolsEmulatorKind] ?? (await freePort());
  }
  const emulators: Record<string, unknown> = {
    hub: { host: HOST, port: ports.hub },
    logging: { host: HOST, port: ports.logging },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  for (const kind of kinds) emulators[kind] = { host: HOST, port: ports[kind] };
  await writeFile(
    path.join(dir, 'firebase.json'),
    JSON.stringify({ ...options.config, emulators }, null, 2),
  );
  await options.prepare?.(dir);

  const spawned = spawnGroup(
    process.execPath,
    [
      FIREBASE_BIN,
      'emulators:start',
      '--only',
      kinds.join(','),
      '--project',
      options.projectId ?? DEMO_PROJECT,
    ],
    {
      cwd: dir,
      env: {
        ...process.env,
        ...options.env,
        // No prompt, no update check, no analytics: the emulators need no network.
        CI: 'true',
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_ANALYTICS: '1',
      },
    },
  );
  const stop = async () => {
    await spawned.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const hosts: Partial<Record<ToolsEmulatorKind, string>> = {};
    for (const kind of kinds) {
      hosts[kind] = `${HOST}:${ports[kind]}`;
      await waitUntilAnswering(
        `L’émulateur ${kind} de firebase-tools`,
        `http://${hosts[kind]}/`,
        spawned,
        toolsError,
      );
    }
    return { dir, hosts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts firebase-tools' Auth emulator alone; resolves with its `host:port`. */
export async function startAuthEmulator(
  options: Omit<ToolsOptions, 'ports' | 'config' | 'prepare'> & { port?: number } = {},
): Promise<{ host: string; stop(): Promise<void> }> {
  const { port, ...rest } = options;
  const started = await startToolsEmulators(['auth'], {
    ...rest,
    ...(port === undefined ? {} : { ports: { auth: port } }),
  });
  return { host: started.hosts.auth ?? '', stop: started.stop };
}

/** The site's Vite variables for a Firebase-mode build on these emulators (App Check off). */
export function firebaseModeBuildEnv(options: {
  projectId: string;
  /** `host:port` of the Auth emulator. */
  auth: string;
  /** `host:port` of the Firestore emulator. */
  firestore: string;
  /** `host:port` of the Functions emulator (the quotes' functions), when one runs. */
  functions?: string;
}): NodeJS.ProcessEnv {
  return {
    VITE_API_BASE_URL: '',
    VITE_FIREBASE_API_KEY: 'fake-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${options.projectId}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: options.projectId,
    VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
    VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '',
    VITE_VAPID_PUBLIC_KEY: '',
    VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${options.auth}`,
    VITE_FIRESTORE_EMULATOR_HOST: options.firestore,
    VITE_FUNCTIONS_EMULATOR_HOST: options.functions ?? '',
  };
}

interface HostingConfig {
  headers: { source: string; headers: { key: string; value: string }[] }[];
  [key: string]: unknown;
}

/**
 * firebase.json's Hosting part, serving `publicDir` (relative to the emulators' directory),
 * with the emulators' origins allowed in the CSP's connect-src (in production the SDK talks
 * to *.googleapis.com, which it allows).
 */
export async function hostingForEmulators(
  publicDir: string,
  origins: string[],
): Promise<HostingConfig> {
  const { hosting } = JSON.parse(await readFile(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: HostingConfig;
  };
  const headers = hosting.headers.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) =>
      header.key === 'Content-Security-Policy'
        ? {
            ...header,
            value: header.value.replace('connect-src ', `connect-src ${origins.join(' ')} `),
          }
        : header,
    ),
  }));
  return { ...hosting, public: publicDir, headers };
}
