/**
 * The Cloud Functions of functions/, built afresh, run by firebase-tools' Functions emulator on
 * the real triggers of a Firestore emulator (the Google Cloud CLI's, started with
 * `--functions_emulator` pointing at the relay below: tests/firebase/global-setup.ts does,
 * and so can `npm run firebase:local`, for the owner's notifications in local Firebase mode).
 *
 * firebase-tools registers Firestore triggers only with a Firestore emulator it started itself
 * (FunctionsEmulator.addFirestoreTrigger: « function ignored because the firestore emulator
 * does not exist or is not running »), so the triggers are registered here, on the gcloud
 * emulator's REST endpoint, with the bundle firebase-tools would post
 * (getV2FirestoreAttributes). The Firestore emulator then posts each event to the relay, which
 * hands it to the Functions emulator.
 *
 * Neither emulator retries a failed event: the Firestore emulator logs « Unsuccessful HTTP
 * response » and drops it, and the Functions emulator drops `retry` from the definitions it
 * reads (see docs/firebase.md). The relay plays Cloud Functions' part: for a function that
 * declares `retry: true` (read from the built bundle), it sends the same event again, with
 * a back-off, until the function accepts it.
 */
import { execFile } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ROOT, startToolsEmulators, type ToolsEmulators } from './firebase-emulators.ts';

const run = promisify(execFile);

/** One delivery of an event to a function, as the relay saw it. */
export interface Delivery {
  /** The trigger's key in the Functions emulator (`<id>-<generation>`). */
  trigger: string;
  /** The CloudEvent's id (the same on every delivery of one event). */
  eventId: string;
  /** The document path the event is about (`contacts/…`). */
  document: string;
  /** The function's answer: 2xx when it accepted the event, 500 when it threw. */
  status: number;
}

export interface FunctionsOnTriggers {
  /** Every delivery so far, in order. */
  deliveries: Delivery[];
  /** Resolves with the first delivery (past or future) that matches. */
  waitForDelivery(matches: (delivery: Delivery) => boolean, timeoutMs?: number): Promise<Delivery>;
  stop(): Promise<void>;
}

export interface FunctionsOptions {
  /** `host:port` of the Firestore emulator. */
  firestore: string;
  /** `host:port` the Firestore emulator posts trigger events to (its `--functions_emulator`). */
  functionsEvents: string;
  projectId: string;
  /** The functions' parameters (defineString), written to the copy's `.env.local`. */
  params: Record<string, string>;
  /** Their secrets (defineSecret), written to the copy's `.secret.local`. */
  secrets: Record<string, string>;
  /** The first wait before an event is sent again (doubled each time, 5 s at most). */
  retryBackoffMs?: number;
  /**
   * The functions' entry, functions/src/index.ts by default; a test gives its own, to register
   * a channel of its own (tests/firebase/functions-with-pigeon.ts).
   */
  entry?: string;
}

interface TriggerDefinition {
  id: string;
  entryPoint: string;
  eventTrigger?: {
    eventType: string;
    eventFilters?: Record<string, string>;
    eventFilterPathPatterns?: Record<string, string>;
  };
}

interface EndpointDeclaration {
  eventTrigger?: { retry?: boolean };
}

function dotenv(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
    .join('');
}

/**
 * A copy of functions/ the Functions emulator can run: the bundle built here, the package
 * file and dependencies linked, the parameters and secrets the test gives. Nothing is
 * written to the repository's functions/ folder.
 */
async function prepareFunctions(dir: string, options: FunctionsOptions): Promise<void> {
  const source = path.join(ROOT, 'functions');
  await mkdir(dir, { recursive: true });
  await symlink(path.join(source, 'package.json'), path.join(dir, 'package.json'));
  await symlink(path.join(source, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await run(process.execPath, [
    path.join(ROOT, 'scripts/build-functions.ts'),
    path.join(dir, 'lib'),
    ...(options.entry ? [options.entry] : []),
  ]);
  await writeFile(path.join(dir, '.env.local'), dotenv(options.params));
  await writeFile(path.join(dir, '.secret.local'), dotenv(options.secrets));
}

/** What each exported function of the built bundle declares (firebase-functions' __endpoint). */
async function declarations(
  bundle: string,
  projectId: string,
): Promise<Record<string, EndpointDeclaration>> {
  const script =
    `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)});` +
    'console.log(JSON.stringify(Object.fromEntries(Object.entries(m).map(([k, f]) => [k, f.__endpoint]))));';
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...process.env,
      GCLOUD_PROJECT: projectId,
      FIREBASE_CONFIG: JSON.stringify({ projectId }),
    },
  });
  return JSON.parse(stdout) as Record<string, EndpointDeclaration>;
}

/** The Firestore triggers the Functions emulator lists, once it has loaded the functions. */
async function loadedFirestoreTriggers(functionsHost: string): Promise<TriggerDefinition[]> {
  const deadline = Date.now() + (process.env.CI ? 180_000 : 60_000);
  while (Date.now() < deadline) {
    const listing = (await (await fetch(`http://${functionsHost}/backends`)).json()) as {
      backends: { functionTriggers: TriggerDefinition[] }[];
    };
    const triggers = listing.backends.flatMap((backend) => backend.functionTriggers);
    if (triggers.length > 0) {
      return triggers.filter((definition) =>
        definition.eventTrigger?.eventType.startsWith('google.cloud.firestore.document.'),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('le Functions emulator n’a chargé aucune fonction de functions/lib');
}

/**
 * The keys the Functions emulator knows its triggers by. It says them nowhere but in the 404
 * answer to an unknown one (« valid functions are: … »), once it has loaded the functions.
 */
async function triggerKeys(functionsHost: string, projectId: string, ids: string[]) {
  const deadline = Date.now() + (process.env.CI ? 180_000 : 60_000);
  while (Date.now() < deadline) {
    const response = await fetch(
      `http://${functionsHost}/functions/projects/${projectId}/triggers/-`,
      { method: 'POST' },
    );
    const text = await response.text();
    const keys = /valid functions are: (.*)$/s.exec(text)?.[1]?.split(', ') ?? [];
    const found = ids.map((id) => keys.find((key) => key.startsWith(`${id}-`)));
    if (found.every((key) => key !== undefined)) return found as string[];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`le Functions emulator n’a pas chargé ${ids.join(', ')}`);
}

/** Registers a v2 Firestore trigger with the Firestore emulator, as firebase-tools would. */
async function registerTrigger(
  firestore: string,
  projectId: string,
  key: string,
  definition: TriggerDefinition,
): Promise<void> {
  const trigger = definition.eventTrigger;
  const exact = trigger?.eventFilters?.document;
  const pattern = trigger?.eventFilterPathPatterns?.document;
  const response = await fetch(
    `http://${firestore}/emulator/v1/projects/${projectId}/eventarcTrigger?eventarcTriggerId=${encodeURIComponent(key)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        eventType: trigger?.eventType,
        database: trigger?.eventFilters?.database,
        namespace: trigger?.eventFilters?.namespace,
        document: { value: exact ?? pattern, matchType: exact ? 'EXACT' : 'PATH_PATTERN' },
      }),
    },
  );
  if (!response.ok) {
    throw new Error(`déclencheur ${key} refusé : HTTP ${response.status} ${await response.text()}`);
  }
}

function forward(
  functionsHost: string,
  url: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<number> {
  const [hostname, port] = functionsHost.split(':');
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname,
        port: Number(port),
        method: 'POST',
        path: url,
        headers: { ...headers, host: functionsHost, 'content-length': String(body.length) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * Builds functions/, starts the Functions emulator on it for `projectId`, registers its
 * Firestore triggers with the Firestore emulator, and relays their events.
 */
export async function startFunctionsOnTriggers(
  options: FunctionsOptions,
): Promise<FunctionsOnTriggers> {
  const firstBackoff = options.retryBackoffMs ?? 500;
  let emulators: ToolsEmulators | undefined;
  let relay: Server | undefined;
  const timers = new Set<NodeJS.Timeout>();
  const deliveries: Delivery[] = [];
  const waiters = new Set<() => void>();
  let stopped = false;

  const stop = async () => {
    stopped = true;
    timers.forEach(clearTimeout);
    const server = relay;
    relay = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await emulators?.stop();
  };

  try {
    let functionsDir = '';
    emulators = await startToolsEmulators(['functions'], {
      projectId: options.projectId,
      config: {
        functions: [{ source: 'functions', codebase: 'default', runtime: 'nodejs22' }],
      },
      prepare: async (dir) => {
        functionsDir = path.join(dir, 'functions');
        await prepareFunctions(functionsDir, options);
      },
      // The functions' Admin SDK reaches Firestore here.
      env: { FIRESTORE_EMULATOR_HOST: options.firestore },
    });
    const functionsHost = emulators.hosts.functions ?? '';

    const declared = await declarations(path.join(functionsDir, 'lib/index.js'), options.projectId);
    const firestoreTriggers = await loadedFirestoreTriggers(functionsHost);
    const keys = await triggerKeys(
      functionsHost,
      options.projectId,
      firestoreTriggers.map((definition) => definition.id),
    );
    const retries = new Map<string, boolean>();
    for (const [index, definition] of firestoreTriggers.entries()) {
      const key = keys[index] ?? '';
      retries.set(key, declared[definition.entryPoint]?.eventTrigger?.retry === true);
      await registerTrigger(options.firestore, options.projectId, key, definition);
    }

    const deliver = async (
      url: string,
      headers: IncomingHttpHeaders,
      body: Buffer,
      attempt: number,
    ): Promise<number> => {
      const trigger = decodeURIComponent(url.split('/triggers/')[1] ?? '');
      const status = await forward(functionsHost, url, headers, body).catch(() => 502);
      deliveries.push({
        trigger,
        eventId: String(headers['ce-id'] ?? ''),
        document: String(headers['ce-document'] ?? ''),
        status,
      });
      waiters.forEach((waiter) => waiter());
      const failed = status < 200 || status >= 300;
      if (failed && retries.get(trigger) && !stopped) {
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            void deliver(url, headers, body, attempt + 1);
          },
          Math.min(firstBackoff * 2 ** attempt, 5000),
        );
        timers.add(timer);
      }
      return status;
    };

    const [relayHost, relayPort] = options.functionsEvents.split(':');
    relay = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void deliver(req.url ?? '/', req.headers, Buffer.concat(chunks), 0).then((status) => {
          res.writeHead(status).end();
        });
      });
    });
    const server = relay;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(Number(relayPort), relayHost, () => resolve());
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    deliveries,
    waitForDelivery(matches, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = deliveries.find(matches);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`aucune livraison attendue après ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop,
  };
}

export interface CallableOptions {
  projectId: string;
  /** The functions' parameters and secrets, as for startFunctionsOnTriggers. */
  params: Record<string, string>;
  secrets: Record<string, string>;
  /** The functions' entry (a test's, that changes one function), functions/src/index.ts by default. */
  entry?: string;
  /** `host:port` of a Firestore emulator the functions' Admin SDK reads and writes (quotes). */
  firestore?: string;
  /** `host:port` of an Auth emulator the functions' Admin SDK works on (signOutEverywhere). */
  auth?: string;
}

/**
 * Builds functions/ and starts the Functions emulator on it alone, for its callable functions
 * (the desktop console's App Check function): no trigger is registered. Resolves with its
 * `host:port` once it has loaded the functions.
 */
export async function startCallableFunctions(
  options: CallableOptions,
): Promise<{ host: string; stop(): Promise<void> }> {
  const emulators = await startToolsEmulators(['functions'], {
    projectId: options.projectId,
    config: { functions: [{ source: 'functions', codebase: 'default', runtime: 'nodejs22' }] },
    prepare: (dir) =>
      prepareFunctions(path.join(dir, 'functions'), {
        ...options,
        firestore: '',
        functionsEvents: '',
      }),
    env: {
      ...(options.firestore ? { FIRESTORE_EMULATOR_HOST: options.firestore } : {}),
      ...(options.auth ? { FIREBASE_AUTH_EMULATOR_HOST: options.auth } : {}),
    },
  });
  const host = emulators.hosts.functions ?? '';
  try {
    await loadedFirestoreTriggers(host);
  } catch (error) {
    await emulators.stop();
    throw error;
  }
  return { host, stop: emulators.stop };
}

/**
 * QUOTE_LINK_SECRET of the functions the tests and the local emulators run (the key the quotes'
 * links are derived with, functions/src/params.ts): fixed, for this machine only.
 */
export const TEST_QUOTE_LINK_SECRET = 'cle-des-liens-de-devis-pour-les-emulateurs-seulement';
