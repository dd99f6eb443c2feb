/**
 * `npm run firebase:local`: the Firebase mode on this machine, without a Google account. Starts
 * the Firestore emulator (Google Cloud CLI's) with the project's rules, firebase-tools' Auth
 * and Hosting emulators, and its Functions emulator for the quotes' callable functions (sending
 * a quote, the client's page; no e-mail, no trigger), builds the site in Firebase mode pointed at them (App Check off) into
 * dist/firebase-local (dist/web stays the embedded mode's), serves it as Firebase Hosting
 * would (firebase.json), creates an admin account granted with `npm run admin:grant`, and
 * prints where to go. Ctrl-C stops everything.
 *
 * FIREBASE_LOCAL_PORT chooses the site's port (default 5002, firebase.json's); the emulators
 * take free ports.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DEMO_PROJECT,
  emulatorsMissing,
  firebaseModeBuildEnv,
  freePort,
  hostingForEmulators,
  loadRules,
  ROOT,
  startFirestoreEmulator,
  startToolsEmulators,
  type FirestoreEmulator,
  type ToolsEmulators,
} from './firebase-emulators.ts';
import { startCallableFunctions, TEST_QUOTE_LINK_SECRET } from './functions-emulator.ts';

const run = promisify(execFile);
const OUT_DIR = path.join(ROOT, 'dist/firebase-local');
const ADMIN_EMAIL = 'proprietaire@agence.local';

function sitePort(): number {
  const value = process.env.FIREBASE_LOCAL_PORT ?? '5002';
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`FIREBASE_LOCAL_PORT invalide : « ${value} » (attendu : un port, ex. 5002).`);
    process.exit(2);
  }
  return port;
}

/** Builds the site with the emulators' addresses in it (its output shown as it goes). */
function buildSite(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/build.ts'), OUT_DIR], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`la construction du site a échoué (code ${code})`)),
    );
  });
}

/** Creates the account on the Auth emulator, then grants it with `npm run admin:grant`. */
async function createAdmin(authHost: string, password: string): Promise<void> {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password, returnSecureToken: false }),
    },
  );
  if (!response.ok) throw new Error(`compte non créé : HTTP ${response.status}`);
  await response.body?.cancel();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await run(npm, ['run', '--silent', 'admin:grant', '--', ADMIN_EMAIL], {
    cwd: ROOT,
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      FIREBASE_PROJECT_ID: DEMO_PROJECT,
      GOOGLE_APPLICATION_CREDENTIALS: '',
    },
  });
}

async function main() {
  const missing = emulatorsMissing();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const port = sitePort();

  let firestore: FirestoreEmulator | undefined;
  let tools: ToolsEmulators | undefined;
  let functions: { host: string; stop(): Promise<void> } | undefined;
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      await tools?.stop();
      await functions?.stop();
      await firestore?.stop();
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log('\nArrêt des émulateurs…');
      void stopAll().then(() => process.exit(0));
    });
  }

  try {
    console.log('Démarrage de l’émulateur Firestore…');
    firestore = await startFirestoreEmulator();
    await loadRules(firestore.host, DEMO_PROJECT);
    const authHost = `127.0.0.1:${await freePort()}`;

    console.log('Démarrage de l’émulateur Functions (les fonctions des devis)…');
    // The functions trust the ID tokens of this Auth emulator (the owner's, to send a quote).
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    functions = await startCallableFunctions({
      projectId: DEMO_PROJECT,
      firestore: firestore.host,
      params: { NOTIFY_EMAIL: ADMIN_EMAIL, PUBLIC_URL: `http://127.0.0.1:${port}`, MAIL_FROM: '' },
      secrets: {
        SMTP_URL: '',
        VAPID_PRIVATE_KEY: '',
        WEBHOOK_SECRET: '',
        QUOTE_LINK_SECRET: TEST_QUOTE_LINK_SECRET,
      },
    });

    console.log('Construction du site en mode Firebase (dist/firebase-local)…');
    await buildSite(
      firebaseModeBuildEnv({
        projectId: DEMO_PROJECT,
        auth: authHost,
        firestore: firestore.host,
        functions: functions.host,
      }),
    );

    console.log('Démarrage des émulateurs Auth et Hosting…');
    tools = await startToolsEmulators(['auth', 'hosting'], {
      projectId: DEMO_PROJECT,
      ports: { auth: Number(authHost.split(':')[1]), hosting: port },
      config: {
        hosting: await hostingForEmulators('site', [
          `http://${authHost}`,
          `http://${firestore.host}`,
          `http://${functions.host}`,
        ]),
      },
      // Hosting serves a folder named relative to its firebase.json.
      prepare: (dir) => symlink(OUT_DIR, path.join(dir, 'site'), 'dir'),
    });

    const password = randomBytes(12).toString('base64url');
    await createAdmin(authHost, password);

    const site = `http://${tools.hosts.hosting}`;
    console.log(`
Le mode Firebase tourne en local, sur les émulateurs (aucun compte Google) :
  Site             ${site}/pageAccueil
  Tableau de bord  ${site}/pageLogin
  Administrateur   ${ADMIN_EMAIL}
  Mot de passe     ${password}
Les messages vivent en mémoire, le temps de cette session. Les fonctions des devis tournent
(l’envoi, la page du client), mais aucun e-mail ni aucune notification ne part : transmettez
le lien d’un devis vous-même. Ctrl-C pour tout arrêter.`);
  } catch (error) {
    console.error(`firebase:local : ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    process.exit(1);
  }
}

await main();
